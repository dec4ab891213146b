import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../config/defaults.ts';
import type { AppConfig } from '../config/schema.ts';
import { readStored, writeStored } from '../storage/web-storage.ts';
import { beginLogin } from './oauth-flow.ts';
import { takeTaps } from '../contract/page-protocol.ts';
import { createSession as newSession, type Session } from './session.ts';

// Each session has its own store: the tests read the one made last.
let made: Session | undefined;
const createSession = (...input: Parameters<typeof newSession>) => (made = newSession(...input));
const sessionSnapshot = () => made!.store.snapshot();

// A standard OpenID Connect provider, as its metadata describes it (the end-to-end tests use a real one).
const ORIGIN = 'http://localhost:3000';
// A page load reads the metadata once: each test has a provider (an issuer) of its own.
let ISSUER = '';
let config: AppConfig;
let realm = 0;

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function idToken(claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = { iss: ISSUER, aud: 'my-account', sub: 'anna', iat: now, exp: now + 300, ...claims };
  return `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(payload)}.c2lnbmF0dXJl`;
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  ISSUER = `https://id.example.com/realms/bikes-${++realm}`;
  config = {
    ...DEFAULT_CONFIG,
    login: { url: '', redirect_path: '/my-account/' },
    api: {
      ...DEFAULT_CONFIG.api,
      ids: { url: '', client_id: 'my-account', issuer: ISSUER, scope: 'openid profile offline_access' },
    },
  };
  // jsdom's ArrayBuffer is not Node's: hand oauth4webapi the PKCE digest as a Uint8Array.
  const digest = crypto.subtle.digest.bind(crypto.subtle);
  vi.spyOn(crypto.subtle, 'digest').mockImplementation(
    async (algorithm, data) => new Uint8Array(await digest(algorithm, data)) as unknown as ArrayBuffer,
  );
});

const navigation = () => ({ root: '/my-account/', toRoot: vi.fn(), reload: vi.fn(), show: vi.fn(), leave: vi.fn() });

type Seen = { token: URLSearchParams[]; revoked: URLSearchParams[]; discovery: number };

function provider(options: { tokens?: object; userinfo?: object; meta?: object } = {}) {
  const seen: Seen = { token: [], revoked: [], discovery: 0 };
  const metadata = {
    issuer: ISSUER,
    authorization_endpoint: `${ISSUER}/auth`,
    token_endpoint: `${ISSUER}/token`,
    userinfo_endpoint: `${ISSUER}/userinfo`,
    revocation_endpoint: `${ISSUER}/revoke`,
    end_session_endpoint: `${ISSUER}/logout`,
    authorization_response_iss_parameter_supported: true,
  };
  const handlers = [
    http.get(`${ISSUER}/.well-known/openid-configuration`, () => {
      seen.discovery++;
      return HttpResponse.json({ ...metadata, ...options.meta });
    }),
    http.post(`${ISSUER}/token`, async ({ request }) => {
      seen.token.push(new URLSearchParams(await request.text()));
      return HttpResponse.json(
        options.tokens ?? { access_token: 'a1', token_type: 'Bearer', refresh_token: 'r1', id_token: idToken() },
      );
    }),
    http.get(`${ISSUER}/userinfo`, ({ request }) =>
      request.headers.get('authorization') === 'Bearer a1'
        ? HttpResponse.json(options.userinfo ?? { sub: 'anna', name: 'Anna Bakker', picture: 'https://cdn/anna.jpg' })
        : HttpResponse.json({ error: 'invalid_token' }, { status: 401 }),
    ),
    http.post(`${ISSUER}/revoke`, async ({ request }) => {
      seen.revoked.push(new URLSearchParams(await request.text()));
      return new HttpResponse(null, { status: 200 });
    }),
  ];
  return { seen, handlers };
}

/** Starts a login from the invite page, and comes back from the provider with `params` (to a server-rendered page: its script runs first). */
async function roundTrip(
  params: (state: string) => Record<string, string>,
  rendered?: { before: () => Promise<void> },
) {
  const authorize = new URL(await beginLogin(config, 'de', `${ORIGIN}/my-account/invite/AB12CD`));
  const back = new URL('/my-account/', ORIGIN);
  for (const [name, value] of Object.entries(params(authorize.searchParams.get('state')!)))
    back.searchParams.set(name, value);
  window.history.replaceState(null, '', back.pathname + back.search);
  if (rendered) {
    vi.resetModules();
    await import('../early/page-script.ts');
    takeTaps(); // its click listener goes
    await rendered.before();
  }
  const h = navigation();
  createSession(config, h).start({
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
    error: back.searchParams.get('error'),
  });
  // The return ends in a reload: on the page the login started from, or with the error.
  await vi.waitFor(() => expect(h.reload).toHaveBeenCalled());
  return { authorize, h };
}

// The first test loads the sign-in code and msw's interceptors: on a busy machine that alone can
// take seconds, which is no failure.
const SLOW_START = { timeout: 20_000 };

describe('a standard provider', SLOW_START, () => {
  it('is discovered; the login asks for the scope on the one redirect path and goes back to the invite', async () => {
    const { seen, handlers } = provider();
    server.use(...handlers);
    const { authorize, h } = await roundTrip((state) => ({ code: 'c1', state, iss: ISSUER }));

    expect(authorize.origin + authorize.pathname).toBe(`${ISSUER}/auth`);
    expect(authorize.searchParams.get('scope')).toBe('openid profile offline_access');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/my-account/`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(seen.token[0]?.get('redirect_uri')).toBe(`${ORIGIN}/my-account/`);
    expect(h.reload).toHaveBeenCalledWith(`${ORIGIN}/my-account/invite/AB12CD`);
    expect(readStored('id_token')).toMatch(/^ey/);
    expect(readStored('return_to')).toBeUndefined();
    // Only the standard claims: the name and picture are read from them.
    expect(sessionSnapshot()).toEqual({
      status: 'authenticated',
      user: { display_name: 'Anna Bakker', avatar_url: 'https://cdn/anna.jpg' },
    });
  });

  it('refuses a return whose iss is another issuer (RFC 9207): no token call, the error on the invite', async () => {
    const { seen, handlers } = provider();
    server.use(...handlers);
    const { h } = await roundTrip((state) => ({ code: 'c1', state, iss: 'https://evil.example.com' }));
    expect(seen.token).toHaveLength(0);
    expect(h.reload).toHaveBeenCalledWith(`${ORIGIN}/my-account/invite/AB12CD?error=login.failed`);
    expect(readStored('access_token')).toBeUndefined();
  });

  it('with openid in the scope, a token response without a valid ID token is a failed login', async () => {
    for (const tokens of [
      { access_token: 'a1', token_type: 'Bearer' },
      { access_token: 'a1', token_type: 'Bearer', id_token: idToken({ aud: 'someone-else' }) },
    ]) {
      const { handlers } = provider({ tokens });
      server.use(...handlers);
      const { h } = await roundTrip((state) => ({ code: 'c1', state, iss: ISSUER }));
      expect(h.reload).toHaveBeenCalledWith(`${ORIGIN}/my-account/invite/AB12CD?error=login.failed`);
      expect(readStored('access_token')).toBeUndefined();
    }
  });

  it('metadata naming another issuer is refused: the login does not start', async () => {
    const { handlers } = provider({ meta: { issuer: 'https://other.example.com' } });
    server.use(...handlers);
    await expect(beginLogin(config, 'en', `${ORIGIN}/my-account/`)).rejects.toThrow();
    expect(readStored('state')).toBeUndefined();
  });

  it('on a server-rendered page, the code exchanged by the page script as the app would: one request, its answer taken', async () => {
    const { seen, handlers } = provider();
    server.use(...handlers);
    await roundTrip((state) => ({ code: 'c1', state, iss: ISSUER }));
    const byTheApp = Object.fromEntries(seen.token[0]!);
    const sentBeforeTheApp = async () => void (await vi.waitFor(() => expect(seen.token).toHaveLength(2)));
    await roundTrip((state) => ({ code: 'c2', state, iss: ISSUER }), { before: sentBeforeTheApp });
    expect(seen.token).toHaveLength(2);
    expect(Object.fromEntries(seen.token[1]!)).toEqual({ ...byTheApp, code: 'c2', code_verifier: expect.any(String) });
    expect(sessionSnapshot().status).toBe('authenticated');
    expect(readStored('code_exchange')).toBeUndefined();
  });

  it("sends no exchange from the page script for another login's state, another issuer, or none where one is due", async () => {
    const { seen, handlers } = provider();
    server.use(...handlers);
    const rendered = { before: () => Promise.resolve() };
    await roundTrip(() => ({ code: 'c1', state: 'not-this-login', iss: ISSUER }), rendered);
    await roundTrip((state) => ({ code: 'c2', state }), rendered);
    const { h } = await roundTrip((state) => ({ code: 'c3', state, iss: 'https://evil.example' }), rendered);
    expect(seen.token).toHaveLength(0);
    expect(h.reload).toHaveBeenCalledWith(`${ORIGIN}/my-account/invite/AB12CD?error=login.failed`);
    expect(readStored('access_token')).toBeUndefined();
  });

  it('a user answer without any name is a failed lookup, at start-up too', async () => {
    const { handlers } = provider({ userinfo: { sub: 'anna', picture: 'https://cdn/anna.jpg' } });
    server.use(...handlers);
    writeStored('access_token', 'a1');
    createSession(config, navigation()).start({ code: null, state: null, error: null });
    await vi.waitFor(() => expect(sessionSnapshot().status).toBe('anonymous'));
    expect(readStored('user')).toBeUndefined();
  });

  it('logout revokes the refresh token, then leaves for the end-session page with id_token_hint', async () => {
    const { seen, handlers } = provider();
    server.use(...handlers);
    writeStored('access_token', 'a1');
    writeStored('refresh_token', 'r1');
    writeStored('id_token', 'the-id-token');
    const h = navigation();
    await createSession(config, h).logout('nl');
    expect(readStored('access_token')).toBeUndefined();
    expect(readStored('id_token')).toBeUndefined();
    expect(seen.revoked.map((form) => [form.get('token'), form.get('token_type_hint'), form.get('client_id')])).toEqual(
      [['r1', 'refresh_token', 'my-account']],
    );
    const leftFor = new URL(h.leave.mock.calls[0]![0] as string);
    expect(leftFor.origin + leftFor.pathname).toBe(`${ISSUER}/logout`);
    expect(Object.fromEntries(leftFor.searchParams)).toEqual({
      id_token_hint: 'the-id-token',
      post_logout_redirect_uri: `${ORIGIN}/my-account/`,
      ui_locales: 'nl',
    });
  });

  it('without an ID token, the end-session request names the client instead', async () => {
    const { handlers } = provider();
    server.use(...handlers);
    writeStored('access_token', 'a1');
    const h = navigation();
    await createSession(config, h).logout('en');
    expect(new URL(h.leave.mock.calls[0]![0] as string).searchParams.get('client_id')).toBe('my-account');
  });

  it('a provider without revocation and end-session endpoints: logout stays local', async () => {
    const { seen, handlers } = provider({ meta: { revocation_endpoint: undefined, end_session_endpoint: undefined } });
    server.use(...handlers);
    writeStored('access_token', 'a1');
    writeStored('refresh_token', 'r1');
    const h = navigation();
    await createSession(config, h).logout('en');
    expect(seen.revoked).toHaveLength(0);
    expect(h.leave).not.toHaveBeenCalled();
    expect(readStored('refresh_token')).toBeUndefined();
  });
});

describe('the reference identity service (no issuer)', SLOW_START, () => {
  it('logout stays local: no call anywhere, nothing left', async () => {
    // Any request would fail the test (onUnhandledFrame: 'error').
    writeStored('access_token', 'a1');
    writeStored('refresh_token', 'r1');
    const h = navigation();
    await createSession(DEFAULT_CONFIG, h).logout('en');
    expect(h.leave).not.toHaveBeenCalled();
    expect(readStored('refresh_token')).toBeUndefined();
  });

  it('the login sends no scope and returns to the page itself', async () => {
    const url = new URL(await beginLogin(DEFAULT_CONFIG, 'en', `${ORIGIN}/my-account/invite/AB12CD?lang=de`));
    expect(url.pathname).toBe('/ids/login');
    expect(url.searchParams.has('scope')).toBe(false);
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/my-account/invite/AB12CD?lang=de`);
  });

  it("a login started from a failed sign-in's address returns without its code, state or error", async () => {
    const failed = `${ORIGIN}/my-account/invite/AB12CD?code=old&lang=de&state=s1&error=login.failed#top`;
    const url = new URL(await beginLogin(DEFAULT_CONFIG, 'en', failed));
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/my-account/invite/AB12CD?lang=de`);
    expect(url.searchParams.get('state')).not.toBe('s1');
  });
});
