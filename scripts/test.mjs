#!/usr/bin/env node
// The whole suite, as `npm test` runs it: type check, lint, unit and API tests against a
// real PostgreSQL, then the browser journeys in Chromium. Ends with "N passed, N failed"; a test that passed
// only after a retry (flaky) counts as failed there, is listed, and fails the run (docs/testing.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { playwrightCounts, vitestCounts } from './test-counts.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const results = 'test-results';

function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install Debian's package: sudo apt-get install -y chromium`);
    return false;
  }
  console.log("Chromium is missing: installing Debian's chromium package");
  return (
    run('apt-get update', 'apt-get', ['update', '-qq']) &&
    run('install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'])
  );
}

mkdirSync(results, { recursive: true });
for (const f of ['vitest.json', 'vitest-flaky.json', 'e2e.json']) rmSync(`${results}/${f}`, { force: true });

let ok = true;
ok = run('type check', 'npm', ['run', 'typecheck']) && ok;
ok = run('lint', 'npm', ['run', 'lint']) && ok;
ok =
  run(
    'unit and API tests',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/vitest-flaky-reporter.mjs',
      `--outputFile.json=${results}/vitest.json`,
    ],
    { VITEST_FLAKY_FILE: `${results}/vitest-flaky.json` },
  ) && ok;
if (ensureChromium()) {
  ok = run('browser tests', 'npm', ['run', 'test:e2e']) && ok;
} else {
  ok = false;
}

const v = vitestCounts(`${results}/vitest.json`, `${results}/vitest-flaky.json`);
const e = playwrightCounts(`${results}/e2e.json`);
const flaky = [...v.flaky, ...e.flaky];
// a flaky test passed its command (the retry succeeded), so it must fail the run here
if (flaky.length > 0) ok = false;
const passed = v.passed + e.passed;
const failed = v.failed + e.failed + (ok || v.failed + e.failed > 0 ? 0 : 1);
for (const name of flaky) console.log(`flaky (passed only on a retry, counted as failed): ${name}`);
console.log(`\nunit/API: ${v.passed} passed, ${v.failed} failed; browser: ${e.passed} passed, ${e.failed} failed`);
console.log(`${passed} passed, ${failed} failed${flaky.length ? ` (${flaky.length} of them flaky)` : ''}`);
process.exit(ok ? 0 : 1);
