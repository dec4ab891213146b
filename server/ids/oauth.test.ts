import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  authorize,
  call,
  createClock,
  login,
  pkce,
  redirectUri,
  startTestServer,
  tokenRequest,
  type Clock,
} from '../test/helpers.ts';

let app: FastifyInstance;
let clock: Clock;

beforeEach(async () => {
  clock = createClock();
  app = await startTestServer({ now: clock.now });
});
afterEach(() => app.close());

async function codeFor(email = 'anna@example.com') {
  const { verifier, challenge } = pkce();
  const { code } = await authorize(app, email, 'demo-password', challenge);
  return { code, verifier };
}

const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
  tokenRequest(app, {
    grant_type: 'authorization_code',
    client_id: 'my-account',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
    ...extra,
  });

function expectOAuthError(
  response: { statusCode: number; json: () => unknown; headers: Record<string, unknown> },
  status: number,
  error: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.json()).toMatchObject({ title: error, error, status });
}

const post = (type: string, payload: string) =>
  call(app, { method: 'POST', url: '/ids/oauth', headers: { 'content-type': type }, payload });
const refresh = (token: string, clientId = 'my-account') =>
  tokenRequest(app, { grant_type: 'refresh_token', client_id: clientId, refresh_token: token });

describe('authorization-code grant', () => {
  it('exchanges a code and its PKCE verifier for tokens that open /ids/user', async () => {
    const { code, verifier } = await codeFor();
    const response = await exchange(code, verifier);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const tokens = response.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 300 });
    const user = await call(app, {
      method: 'GET',
      url: '/ids/user',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(user.json()).toEqual({
      display_name: 'Anna Bakker',
      avatar_url: '/media/avatars/anna.jpg',
      email: 'anna@example.com',
    });
  });

  it('refuses an unknown client with invalid_client (401)', async () => {
    const { code, verifier } = await codeFor();
    expectOAuthError(await exchange(code, verifier, { client_id: 'someone-else' }), 401, 'invalid_client');
    expectOAuthError(
      await tokenRequest(app, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }),
      401,
      'invalid_client',
    );
  });

  it('refuses a wrong code', async () => {
    const { verifier } = await codeFor();
    expectOAuthError(await exchange('not-a-code', verifier), 400, 'invalid_grant');
  });

  it('refuses a reused code and revokes the tokens the first use produced', async () => {
    const { code, verifier } = await codeFor();
    const first = (await exchange(code, verifier)).json();
    expectOAuthError(await exchange(code, verifier), 400, 'invalid_grant');
    const user = await call(app, {
      method: 'GET',
      url: '/ids/user',
      headers: { authorization: `Bearer ${first.access_token}` },
    });
    expect(user.statusCode).toBe(401);
    expectOAuthError(
      await tokenRequest(app, {
        grant_type: 'refresh_token',
        client_id: 'my-account',
        refresh_token: first.refresh_token,
      }),
      400,
      'invalid_grant',
    );
  });

  it('refuses a wrong PKCE verifier, and a malformed one', async () => {
    const { code } = await codeFor();
    expectOAuthError(await exchange(code, pkce().verifier), 400, 'invalid_grant');
    expectOAuthError(await exchange(code, 'short'), 400, 'invalid_grant');
  });

  it('refuses a code older than 60 seconds', async () => {
    const { code, verifier } = await codeFor();
    clock.advance(61_000);
    const response = await exchange(code, verifier);
    expectOAuthError(response, 400, 'invalid_grant');
    expect(response.json().detail).toMatch(/expired/);
  });

  it('accepts a code just inside its 60 seconds', async () => {
    const { code, verifier } = await codeFor();
    clock.advance(59_000);
    expect((await exchange(code, verifier)).statusCode).toBe(200);
  });

  it('refuses a redirect_uri other than the one the code was issued for', async () => {
    const { code, verifier } = await codeFor();
    expectOAuthError(
      await exchange(code, verifier, { redirect_uri: 'http://localhost/my-account/other' }),
      400,
      'invalid_grant',
    );
  });

  it('answers invalid_request for missing or repeated parameters, unsupported_grant_type for other grants', async () => {
    expectOAuthError(await tokenRequest(app, { client_id: 'my-account' }), 400, 'invalid_request');
    expectOAuthError(
      await tokenRequest(app, { grant_type: 'authorization_code', client_id: 'my-account' }),
      400,
      'invalid_request',
    );
    expectOAuthError(
      await tokenRequest(app, { grant_type: 'password', client_id: 'my-account' }),
      400,
      'unsupported_grant_type',
    );
    const repeated = await call(app, {
      method: 'POST',
      url: '/ids/oauth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&client_id=my-account&refresh_token=a&refresh_token=b',
    });
    expectOAuthError(repeated, 400, 'invalid_request');
  });

  it('answers problem+json, never a 500, for malformed, non-form and oversized bodies', async () => {
    expectOAuthError(await post('application/x-www-form-urlencoded', '%%%&&=&=%E0%A4%A'), 400, 'invalid_request');
    expectOAuthError(
      await post('application/x-www-form-urlencoded', 'grant_type=%zz&client_id=my-account'),
      400,
      'unsupported_grant_type',
    );
    expectOAuthError(await post('application/x-www-form-urlencoded', ''), 400, 'invalid_request');
    // A media type's name is case-insensitive: read as a form, this one's grant is the unsupported one.
    expectOAuthError(
      await post('Application/X-WWW-Form-Urlencoded', 'grant_type=password&client_id=my-account'),
      400,
      'unsupported_grant_type',
    );
    expectOAuthError(await post('application/json', '{"grant_type":"refresh_token"}'), 415, 'invalid_request');
    expectOAuthError(await post('application/json', '{not json'), 400, 'invalid_request');
    expectOAuthError(
      await post('application/x-www-form-urlencoded', `refresh_token=${'a'.repeat(20_000)}`),
      413,
      'invalid_request',
    );
  });
});

describe('refresh-token grant', () => {
  it('rotates: each refresh gives a new refresh token and a working access token', async () => {
    const tokens = await login(app, 'anna@example.com');
    const response = await refresh(tokens.refresh_token);
    expect(response.statusCode).toBe(200);
    const next = response.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(
      (await call(app, { method: 'GET', url: '/ids/user', headers: { authorization: `Bearer ${next.access_token}` } }))
        .statusCode,
    ).toBe(200);
    expect((await refresh(next.refresh_token)).statusCode).toBe(200);
  });

  it('treats reuse of a rotated refresh token as theft and revokes the whole family', async () => {
    const tokens = await login(app, 'anna@example.com');
    const next = (await refresh(tokens.refresh_token)).json();
    const reuse = await refresh(tokens.refresh_token);
    expectOAuthError(reuse, 400, 'invalid_grant');
    // The legitimate holder's newer tokens die with the family.
    expectOAuthError(await refresh(next.refresh_token), 400, 'invalid_grant');
    const user = await call(app, {
      method: 'GET',
      url: '/ids/user',
      headers: { authorization: `Bearer ${next.access_token}` },
    });
    expect(user.statusCode).toBe(401);
    // Other sessions of the same user are untouched.
    const other = await login(app, 'anna@example.com');
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token, one for another client, and one past its 30 days', async () => {
    const tokens = await login(app, 'anna@example.com');
    expectOAuthError(await refresh('unknown'), 400, 'invalid_grant');
    expectOAuthError(await refresh(tokens.refresh_token, 'other-client'), 401, 'invalid_client');
    clock.advance(31 * 86_400_000);
    expectOAuthError(await refresh(tokens.refresh_token), 400, 'invalid_grant');
  });
});

/** A refresh with an unknown token (400) from the client at `remoteAddress`. */
const refreshFrom = (remoteAddress: string) =>
  call(app, {
    method: 'POST',
    url: '/ids/oauth',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=refresh_token&client_id=my-account&refresh_token=not-a-token',
  });

describe('rate limit', () => {
  it('answers a client past 120 token requests in a minute with 429 problem+json and Retry-After; others go on', async () => {
    for (let i = 0; i < 120; i++) expect((await refreshFrom('198.51.100.1')).statusCode).toBe(400);
    const limited = await refreshFrom('198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(limited.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect((await refreshFrom('198.51.100.2')).statusCode).toBe(400);
  });
});
