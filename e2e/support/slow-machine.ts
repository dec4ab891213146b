// How long a test may wait, and how many run at once: sized for a slow machine, in one place for
// both Playwright configs (docs/decisions/0024-test-budget.md#one-core).
import { availableParallelism } from 'node:os';

/**
 * Every test waits on a condition the user would see (a heading, an address, an answer), never on
 * time; these only bound how long one may take before the test fails. A passing test never waits
 * them out, so they are sized for the slowest machine the suite must pass on: a fresh clone on
 * another machine of this kind ran it 4 × slower than here, and on one core of this machine with
 * five other engineers' test runs on it (load average above 20) a step took 10 × its idle time.
 * Playwright's own defaults (5 s a condition, 30 s a test) failed there; these are 6 × them.
 */
export const WAIT = {
  /**
   * One condition: a page rendered by the app server and hydrated on a throttled phone, a round
   * trip through the identity service, a token refresh (1–3 s on an idle machine).
   */
  condition: 30_000,
  /** One test: 2–15 s on an idle machine, 40 s for the longest journeys on one busy core. */
  test: 180_000,
  /** A server the test starts itself (the reference services, oidc-provider) to answer. */
  serverStart: 60_000,
} as const;

/**
 * One worker per CPU this process may use, so a run pinned to one core (`taskset -c 0`) does not
 * have two browsers take turns on it: `os.availableParallelism()` counts the CPUs in the process's
 * affinity mask. `max`: the workers the suite has ports for.
 */
export function workersFor(max: number): number {
  return Math.max(1, Math.min(max, availableParallelism()));
}
