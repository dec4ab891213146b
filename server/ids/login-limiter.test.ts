// Password guessing is slowed per client and per client and account, never so that one client can
// lock another out: the table of failures and the login form that uses it.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeQuery, call, formBody, openForm, pkce, startTestServer } from '../test/helpers.ts';
import { createLoginLimiter } from './form-guard.ts';
import { loginLimits } from './login-routes.ts';

/** A failed login, as the form settles one. */
function fail(limiter: ReturnType<typeof createLoginLimiter>, client: string, email: string, now: number): void {
  limiter.attempt(client, email, now);
  limiter.failed(client, email, now);
}

describe('the failure table', () => {
  it('never forgets a blocked key, however many other keys fail after it', () => {
    const limiter = createLoginLimiter(loginLimits);
    const now = 1_000_000;
    for (let i = 0; i < loginLimits.perAccount; i++) fail(limiter, '198.51.100.1', 'sofie@example.com', now);
    expect(limiter.isBlocked('198.51.100.1', 'sofie@example.com', now)).toBe(true);
    // 20,000 other clients, each failing once on another account, within the same window.
    for (let i = 0; i < 20_000; i++) fail(limiter, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, `x${i}@x`, now + 1);
    expect(limiter.isBlocked('198.51.100.1', 'sofie@example.com', now + 2)).toBe(true);
    expect(limiter.isBlocked('198.51.100.2', 'sofie@example.com', now + 2)).toBe(false);
  });

  it('forgets a key once its window is over, and keeps only the failures of the current window', () => {
    const limiter = createLoginLimiter(loginLimits);
    for (let i = 0; i < loginLimits.perAccount; i++) fail(limiter, '198.51.100.1', 'sofie@example.com', 0);
    for (let i = 0; i < 1000; i++) fail(limiter, `10.0.${i >> 8}.${i & 255}`, 'sofie@example.com', 1);
    const later = loginLimits.windowMs + 1;
    expect(limiter.isBlocked('198.51.100.1', 'sofie@example.com', later)).toBe(false);
    fail(limiter, '198.51.100.3', 'bram@example.com', later);
    // The client and client-and-account keys of the one failure in the new window.
    expect(limiter.size).toBe(2);
  });

  it('counts an attempt while it is checked; a success leaves nothing in the table, a failure counts in its window', () => {
    const limiter = createLoginLimiter(loginLimits);
    for (let i = 0; i < loginLimits.perAccount; i++) {
      expect(limiter.attempt('198.51.100.1', 'sofie@example.com', 0)).toBe(true);
    }
    // Every one still being checked, the next is refused.
    expect(limiter.attempt('198.51.100.1', 'sofie@example.com', 0)).toBe(false);
    limiter.succeeded('198.51.100.1', 'sofie@example.com');
    for (let i = 1; i < loginLimits.perAccount; i++) limiter.failed('198.51.100.1', 'sofie@example.com', 1);
    // The success is no failure: one more guess on that account, then none.
    expect(limiter.attempt('198.51.100.1', 'sofie@example.com', 2)).toBe(true);
    limiter.failed('198.51.100.1', 'sofie@example.com', 2);
    expect(limiter.attempt('198.51.100.1', 'sofie@example.com', 3)).toBe(false);
    // A failure checked across the end of a window counts in the next one, where it was answered.
    const fresh = createLoginLimiter(loginLimits);
    expect(fresh.attempt('198.51.100.2', 'bram@example.com', loginLimits.windowMs - 1)).toBe(true);
    fresh.failed('198.51.100.2', 'bram@example.com', loginLimits.windowMs + 5);
    expect(fresh.attempt('198.51.100.3', 'anna@example.com', 0)).toBe(true);
    fresh.succeeded('198.51.100.3', 'anna@example.com');
    expect(fresh.size).toBe(2); // the failure's client and account keys; the success left none
  });

  it('blocks a client on every account once it has failed on many', () => {
    const limiter = createLoginLimiter(loginLimits);
    for (let i = 0; i < loginLimits.perClient; i++) fail(limiter, '198.51.100.1', `user${i}@example.com`, 0);
    expect(limiter.isBlocked('198.51.100.1', 'someone-else@example.com', 1)).toBe(true);
    expect(limiter.isBlocked('198.51.100.2', 'someone-else@example.com', 1)).toBe(false);
  });
});

describe('the login form behind a trusted proxy', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startTestServer({ trustProxy: ['10.0.0.0/8'] });
  });
  afterAll(() => app.close());

  /** A login through the proxy at 10.0.0.1 for the client at `client`; the status it gets. */
  async function loginFrom(client: string, email: string, password: string): Promise<number> {
    const query = authorizeQuery(pkce().challenge);
    const page = await openForm(app, 'login', query);
    const response = await call(app, {
      method: 'POST',
      url: '/ids/login',
      remoteAddress: '10.0.0.1',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: page.cookie,
        'x-forwarded-for': client,
      },
      payload: `${query}&${formBody({ csrf: page.csrf, email, password })}`,
    });
    return response.statusCode;
  }

  it('lets a client log in to an account that another client behind the same proxy has been refused', async () => {
    for (let i = 0; i < loginLimits.perAccount; i++) {
      expect(await loginFrom('198.51.100.1', 'bram@example.com', `guess-${i}`)).toBe(200);
    }
    expect(await loginFrom('198.51.100.1', 'bram@example.com', 'demo-password')).toBe(429);
    expect(await loginFrom('198.51.100.2', 'bram@example.com', 'demo-password')).toBe(302);
  });

  it('checks no more guesses sent together than one after another', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 3 * loginLimits.perAccount }, (_, i) =>
        loginFrom('198.51.100.9', 'anna@example.com', `guess-${i}`),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(loginLimits.perAccount);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * loginLimits.perAccount);
  });

  it('refuses a client every account once it has failed on many, and still lets others in', async () => {
    for (let i = 0; i < loginLimits.perClient; i++) {
      expect(await loginFrom('2001:db8:1:1::7', `nobody-${i}@example.com`, 'guess')).toBe(200);
    }
    expect(await loginFrom('2001:db8:1:1::7', 'owner@example.com', 'demo-password')).toBe(429);
    // Another address in the same /64 is the same client.
    expect(await loginFrom('2001:db8:1:1::8', 'owner@example.com', 'demo-password')).toBe(429);
    expect(await loginFrom('2001:db8:1:2::7', 'owner@example.com', 'demo-password')).toBe(302);
  });
});
