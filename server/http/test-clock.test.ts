import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, createClock, login, startTestServer } from '../test/helpers.ts';

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

const advance = (server: FastifyInstance, body: unknown, remoteAddress = '127.0.0.1') =>
  server.inject({
    method: 'POST',
    url: '/test-clock',
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('--test-clock', () => {
  it('is off by default: there is no such route', async () => {
    app = await startTestServer();
    expect((await advance(app, { advance_seconds: 60 })).statusCode).toBe(404);
  });

  it("moves the bike service's clock forward for loopback callers only, and tokens' clock not at all", async () => {
    const clock = createClock(Date.parse('2026-11-28T10:00:00Z'));
    app = await startTestServer({ now: clock.now, testClock: true });
    const token = (await login(app, 'anna@example.com')).access_token;
    const shared = () => app!.inject({ method: 'GET', url: '/api/v1/bike/shared', headers: bearer(token) });
    expect((await advance(app, { advance_seconds: 60 }, '10.0.0.8')).statusCode).toBe(403);
    expect((await advance(app, { advance_seconds: '60' }, '::1')).statusCode).toBe(400);
    const moved = await advance(app, { advance_seconds: 86_400 }, '::ffff:127.0.0.1');
    expect(moved.json()).toEqual({ now: '2026-11-29T10:00:00.000Z' });
    // A day on, the five-minute access token still works: only the bike service's clock moved.
    expect((await shared()).statusCode).toBe(200);
    clock.advance(301_000);
    expect((await shared()).statusCode).toBe(401);
  });
});
