import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** The CI's last line, "N passed, N failed": a timed-out case fails; a retried one counts once, by its last attempt. */
export default class CountsReporter implements Reporter {
  private passed = 0;
  private failed = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    if (result.status === 'passed') this.passed++;
    else if (result.status !== 'skipped') this.failed++;
  }

  onEnd(result: FullResult): void {
    // A run that broke before its cases (set-up) has failed too, whatever the counts say.
    const broken = result.status !== 'passed' && this.failed === 0 ? 1 : 0;
    process.stdout.write(`cross-engine run: ${this.passed} passed, ${this.failed + broken} failed\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
