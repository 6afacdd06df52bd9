#!/usr/bin/env node
// The closing count of a test run, with flaky tests counted honestly: a test that passed only after a retry
// counts as FAILED (and is listed), never as passed, so turning retries on can never hide one (docs/testing.md).
//   node scripts/test-counts.mjs [--vitest FILE [--flaky FILE]]... [--playwright FILE]...
// prints "passed failed flaky" (flaky is already inside failed); scripts/test.mjs imports counts().
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const read = (file) => (file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

/** Vitest's JSON report (numPassedTests counts a test that passed on a retry) and the flaky reporter's list. */
export function vitestCounts(file, flakyFile) {
  const j = read(file);
  const flaky = read(flakyFile) ?? [];
  if (!j) return { passed: 0, failed: 0, flaky: [] };
  // a file that failed outside its tests (an error in beforeAll, an import that throws) fails none of them:
  // each such file counts as one failure, so it can never pass unseen
  const brokenFiles = (j.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  return {
    passed: (j.numPassedTests ?? 0) - flaky.length,
    failed: (j.numFailedTests ?? 0) + brokenFiles + flaky.length,
    flaky: flaky.map((f) => f.test),
  };
}

/** Playwright's JSON report: expected passed first time, unexpected failed, flaky passed on a retry. */
export function playwrightCounts(file) {
  const s = read(file)?.stats ?? {};
  const flaky = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) if (t.status === 'flaky') flaky.push(`${spec.file} › ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of read(file)?.suites ?? []) walk(suite);
  const n = s.flaky ?? flaky.length;
  while (flaky.length < n) flaky.push('(unnamed flaky test)');
  return { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + n, flaky };
}

export function sum(...parts) {
  return parts.reduce(
    (a, p) => ({ passed: a.passed + p.passed, failed: a.failed + p.failed, flaky: [...a.flaky, ...p.flaky] }),
    { passed: 0, failed: 0, flaky: [] },
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const parts = [];
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i += 2) {
    if (args[i] === '--vitest') {
      const flaky = args[i + 2] === '--flaky' ? args[i + 3] : undefined;
      parts.push(vitestCounts(args[i + 1], flaky));
      if (flaky) i += 2;
    } else if (args[i] === '--playwright') parts.push(playwrightCounts(args[i + 1]));
    else throw new Error(`unknown argument ${args[i]}`);
  }
  const t = sum(...parts);
  for (const name of t.flaky) console.error(`flaky (counted as failed): ${name}`);
  console.log(t.passed, t.failed, t.flaky.length);
}
