// Password guessing is slowed per client and per client and account, never so that one client can
// lock another out: the table of failures and the login form that uses it.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeQuery, call, formBody, openForm, pkce, startTestServer } from '../test/helpers.ts';
import { createLoginLimiter } from './form-guard.ts';
import { loginLimits } from './login-routes.ts';

describe('the failure table', () => {
  it('never forgets a blocked key, however many other keys fail after it', () => {
    const limiter = createLoginLimiter(loginLimits);
    const now = 1_000_000;
    for (let i = 0; i < loginLimits.perAccount; i++) limiter.attempt('198.51.100.1', 'sofie@example.com', now);
    expect(limiter.isBlocked('198.51.100.1', 'sofie@example.com', now)).toBe(true);
    // 20,000 other clients, each failing once on another account, within the same window.
    for (let i = 0; i < 20_000; i++) limiter.attempt(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, `x${i}@x`, now + 1);
    expect(limiter.isBlocked('198.51.100.1', 'sofie@example.com', now + 2)).toBe(true);
    expect(limiter.isBlocked('198.51.100.2', 'sofie@example.com', now + 2)).toBe(false);
  });

  it('forgets a key once its window is over, and keeps only the failures of the current window', () => {
    const limiter = createLoginLimiter(loginLimits);
    for (let i = 0; i < loginLimits.perAccount; i++) limiter.attempt('198.51.100.1', 'sofie@example.com', 0);
    for (let i = 0; i < 1000; i++) limiter.attempt(`10.0.${i >> 8}.${i & 255}`, 'sofie@example.com', 1);
    const later = loginLimits.windowMs + 1;
    expect(limiter.isBlocked('198.51.100.1', 'sofie@example.com', later)).toBe(false);
    limiter.attempt('198.51.100.3', 'bram@example.com', later);
    // The client and client-and-account keys of the one failure in the new window.
    expect(limiter.size).toBe(2);
  });

  it('counts an attempt from its start, and takes it back from the client when it succeeds', () => {
    const limiter = createLoginLimiter(loginLimits);
    for (let i = 0; i < loginLimits.perAccount; i++) {
      expect(limiter.attempt('198.51.100.1', 'sofie@example.com', 0)).toBe(true);
    }
    // Every one still being checked, the next is refused; the one that succeeds no longer counts against the client.
    expect(limiter.attempt('198.51.100.1', 'sofie@example.com', 0)).toBe(false);
    limiter.succeeded('198.51.100.1', 'sofie@example.com', 0);
    expect(limiter.isBlocked('198.51.100.1', 'sofie@example.com', 0)).toBe(false);
    for (let i = 0; i < loginLimits.perClient - loginLimits.perAccount + 1; i++) {
      expect(limiter.attempt('198.51.100.1', `user${i}@example.com`, 0)).toBe(true);
    }
    expect(limiter.attempt('198.51.100.1', 'someone-else@example.com', 0)).toBe(false);
  });

  it('blocks a client on every account once it has failed on many', () => {
    const limiter = createLoginLimiter(loginLimits);
    for (let i = 0; i < loginLimits.perClient; i++) limiter.attempt('198.51.100.1', `user${i}@example.com`, 0);
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
