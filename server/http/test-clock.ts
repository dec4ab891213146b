import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { problem, ProblemError } from '../../http-kit/problem.ts';

// `--test-clock` (server/README.md): the end-to-end tests move the bike service's clock forward, to
// see a lent bike's last day pass. Off by default; then there is no such route.

export const TEST_CLOCK_PATH = '/test-clock';

const MAX_SECONDS = 400 * 86_400;
const AdvanceSchema = v.object({
  advance_seconds: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_SECONDS)),
});

/** The bike service's clock: `base` moved forward by what the tests asked. */
export function movableClock(base: () => number) {
  let offset = 0;
  return { now: () => base() + offset, advance: (ms: number) => void (offset += ms) };
}

function loopback(request: FastifyRequest): boolean {
  // The socket's own address, never one a forwarded header names.
  const address = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return address === '::1' || (isIP(address) === 4 && address.startsWith('127.'));
}

/** POST /test-clock `{"advance_seconds": n}`: moves the clock forward; answers the new time. */
export function registerTestClock(app: FastifyInstance, clock: ReturnType<typeof movableClock>): void {
  app.post(TEST_CLOCK_PATH, (request) => {
    if (!loopback(request)) {
      throw new ProblemError(problem(403, null, 'The test clock answers loopback callers only.'));
    }
    const body = v.safeParse(AdvanceSchema, request.body);
    if (!body.success) {
      throw new ProblemError(problem(400, null, `"advance_seconds": a whole number from 1 to ${MAX_SECONDS}.`));
    }
    clock.advance(body.output.advance_seconds * 1000);
    return { now: new Date(clock.now()).toISOString() };
  });
}
