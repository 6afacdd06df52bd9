// A Vitest reporter that writes the tests that passed only after a retry (flaky) to a JSON file, so the
// closing count of scripts/test.mjs and .ci/run can count them as failed: Vitest's JSON report counts a test
// that passed on its second try as passed, so turning retries on would hide it.
// The file: VITEST_FLAKY_FILE (default test-results/vitest-flaky.json); written on every run, [] when none.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export default class FlakyReporter {
  flaky = [];

  onTestCaseResult(testCase) {
    const d = testCase.diagnostic();
    if (testCase.result().state === 'passed' && d && (d.flaky || d.retryCount > 0)) {
      this.flaky.push({ test: testCase.fullName, file: testCase.module.moduleId, retries: d.retryCount });
    }
  }

  onTestRunEnd() {
    const file = process.env.VITEST_FLAKY_FILE ?? 'test-results/vitest-flaky.json';
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(this.flaky, null, 2)}\n`);
  }
}
