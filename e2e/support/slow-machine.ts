// How long a test may wait, and how many run at once (decision 0024, "One core").
import { availableParallelism } from 'node:os';

/** Tests wait on conditions, never on time; these only bound a wait, sized for the slowest machine
 * the suite must pass on (decision 0024): six times Playwright's defaults. */
export const WAIT = {
  /** One condition: a hydrated page on a throttled phone, a round trip through the identity service. */
  condition: 30_000,
  /** One test: 2–15 s on an idle machine, 40 s for the longest journeys on one busy core. */
  test: 180_000,
  /** A server the test starts itself (the reference services, oidc-provider) to answer. */
  serverStart: 60_000,
} as const;

/** One worker per CPU the process may use (its affinity mask); `max`: the workers the suite has ports for. */
export function workersFor(max: number): number {
  return Math.max(1, Math.min(max, availableParallelism()));
}
