import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the repo, without types
import { vitestCounts } from '../../../../../scripts/test-counts.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cairn-counts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, body: unknown): string {
  const f = path.join(dir, name);
  writeFileSync(f, JSON.stringify(body));
  return f;
}

describe('the closing count of a Vitest run (scripts/test-counts.mjs)', () => {
  it('counts a file that failed outside its tests (an error in beforeAll) as a failure', () => {
    const report = write('broken.json', {
      numPassedTests: 3,
      numFailedTests: 0,
      testResults: [
        { status: 'passed', assertionResults: [{ status: 'passed' }, { status: 'passed' }, { status: 'passed' }] },
        { status: 'failed', assertionResults: [{ status: 'skipped' }] },
      ],
    });
    expect(vitestCounts(report, undefined)).toEqual({ passed: 3, failed: 1, flaky: [] });
  });

  it('counts a failed test once, not again for its file', () => {
    const report = write('failed.json', {
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [{ status: 'failed', assertionResults: [{ status: 'passed' }, { status: 'failed' }] }],
    });
    expect(vitestCounts(report, undefined)).toEqual({ passed: 1, failed: 1, flaky: [] });
  });

  it('counts a test that passed only on a retry as failed, and names it', () => {
    const report = write('flaky.json', {
      numPassedTests: 2,
      numFailedTests: 0,
      testResults: [{ status: 'passed', assertionResults: [{ status: 'passed' }, { status: 'passed' }] }],
    });
    const flaky = write('flaky-list.json', [{ test: 'a retried test', file: 'x.test.ts', retries: 1 }]);
    expect(vitestCounts(report, flaky)).toEqual({ passed: 1, failed: 1, flaky: ['a retried test'] });
  });
});
