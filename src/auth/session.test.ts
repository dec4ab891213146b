import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../config/defaults.ts';
import { readStored, writeStored } from '../storage/web-storage.ts';
import { NetworkError } from '../http/http-error.ts';
import { gate } from '../test/gate.ts';
import { createSession as newSession, type Session } from './session.ts';

// Each session has its own store: the tests read the one made last.
let made: Session | undefined;
const createSession = (...input: Parameters<typeof newSession>) => (made = newSession(...input));
const sessionSnapshot = () => made!.store.snapshot();

const ORIGIN = 'http://localhost:3000';
const config = {
  ...DEFAULT_CONFIG,
  api: { ...DEFAULT_CONFIG.api, ids: { url: `${ORIGIN}/ids`, client_id: 'my-account' } },
};
const THING = `${ORIGIN}/api/v1/thing`;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const navigation = () => ({ root: '/my-account/', toRoot: vi.fn(), reload: vi.fn(), show: vi.fn() });
const user = { display_name: 'Anna Bakker', avatar_url: '/media/avatars/anna.jpg' };

function identityService(counts: { token: number }) {
  return [
    http.post(`${ORIGIN}/ids/oauth`, async ({ request }) => {
      counts.token++;
      const form = new URLSearchParams(await request.text());
      if (form.get('refresh_token') !== 'r1') {
        return HttpResponse.json(
          { title: 'invalid_grant', status: 400 },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        );
      }
      return HttpResponse.json({ access_token: 'new', token_type: 'Bearer', refresh_token: 'r2', expires_in: 300 });
    }),
    http.get(`${ORIGIN}/ids/user`, () => HttpResponse.json(user)),
  ];
}

describe('session refresh', () => {
  it('five concurrent 401s make exactly one refresh and five retries', async () => {
    const counts = { token: 0, calls: 0 };
    server.use(
      ...identityService(counts),
      http.get(THING, ({ request }) => {
        counts.calls++;
        return request.headers.get('authorization') === 'Bearer new'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ title: 'Unauthorized', status: 401 }, { status: 401 });
      }),
    );
    writeStored('access_token', 'expired');
    writeStored('refresh_token', 'r1');
    const session = createSession(config, navigation());

    const results = await Promise.all(Array.from({ length: 5 }, () => session.http.get(THING)));
    expect(results).toEqual(Array.from({ length: 5 }, () => ({ ok: true })));
    expect(counts.token).toBe(1);
    expect(counts.calls).toBe(10);
    expect(readStored('refresh_token')).toBe('r2');
    expect(sessionSnapshot()).toEqual({ status: 'authenticated', user });
  });

  it("the refresh to an identity service on the page's origin carries X-XSRF-TOKEN", async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.post(`${ORIGIN}/ids/oauth`, ({ request }) => {
        seen.push(request.headers.get('x-xsrf-token'));
        return HttpResponse.json({ access_token: 'new', token_type: 'Bearer', refresh_token: 'r2', expires_in: 300 });
      }),
      http.get(`${ORIGIN}/ids/user`, () => HttpResponse.json(user)),
      http.get(THING, ({ request }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ title: 'Unauthorized', status: 401 }, { status: 401 }),
      ),
    );
    expect(window.location.origin).toBe(ORIGIN);
    document.cookie = 'XSRF-TOKEN=cookie-value; path=/';
    writeStored('access_token', 'expired');
    writeStored('refresh_token', 'r1');
    try {
      await expect(createSession(config, navigation()).http.get(THING)).resolves.toEqual({ ok: true });
    } finally {
      document.cookie = 'XSRF-TOKEN=; path=/; max-age=0';
    }
    expect(seen).toEqual(['cookie-value']);
  });

  it('a refresh that cannot be sent leaves the session as it was, unless it moved on meanwhile', async () => {
    server.use(
      http.get(THING, () => HttpResponse.json({ title: 'Unauthorized' }, { status: 401 })),
      http.post(`${ORIGIN}/ids/oauth`, async () => {
        await delay(300);
        return new HttpResponse(null, { status: 503 });
      }),
    );
    writeStored('access_token', 'expired');
    writeStored('refresh_token', 'r1');
    const session = createSession(config, navigation());
    session.store.set({ status: 'authenticated', user });
    await expect(session.http.get(THING)).rejects.toBeInstanceOf(NetworkError);
    expect(sessionSnapshot()).toEqual({ status: 'authenticated', user });
    // Logged out (here, or in another tab) while the refresh waits: it stays logged out.
    const pending = session.http.get(THING);
    await vi.waitFor(() => expect(sessionSnapshot().status).toBe('checking'));
    void session.logout('en');
    await expect(pending).rejects.toBeInstanceOf(NetworkError);
    expect(sessionSnapshot().status).toBe('anonymous');
  });

  it('a refresh whose user fetch fails does not leave the session checking', async () => {
    server.use(
      http.get(`${ORIGIN}/ids/user`, () => new HttpResponse(null, { status: 500 })),
      ...identityService({ token: 0 }),
      http.get(THING, ({ request }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ title: 'Unauthorized' }, { status: 401 }),
      ),
    );
    writeStored('access_token', 'expired');
    writeStored('refresh_token', 'r1');
    const session = createSession(config, navigation());
    session.store.set({ status: 'authenticated', user });
    await expect(session.http.get(THING)).resolves.toEqual({ ok: true });
    expect(sessionSnapshot()).toEqual({ status: 'authenticated', user });
  });

  it('a refused refresh logs out and goes to the root', async () => {
    const counts = { token: 0 };
    server.use(
      ...identityService(counts),
      http.get(THING, () => HttpResponse.json({ title: 'Unauthorized' }, { status: 401 })),
    );
    writeStored('access_token', 'expired');
    writeStored('refresh_token', 'revoked');
    const h = navigation();
    const session = createSession(config, h);
    await expect(session.http.get(THING)).rejects.toMatchObject({ status: 401 });
    expect(h.toRoot).toHaveBeenCalled();
    expect(readStored('access_token')).toBeUndefined();
    expect(sessionSnapshot().status).toBe('anonymous');
  });

  it.each([
    {
      stored: 'an access token without a refresh token',
      tokens: { access_token: 'expired' },
      message: 'no refresh_token',
    },
    { stored: 'no token at all', tokens: {}, message: 'no access_token' },
  ])('a 401 with $stored: no token call, logged out and sent to the root', async ({ tokens, message }) => {
    const counts = { token: 0 };
    server.use(
      ...identityService(counts),
      http.get(THING, () => HttpResponse.json({ title: 'Unauthorized' }, { status: 401 })),
    );
    for (const [key, value] of Object.entries(tokens)) writeStored(key as 'access_token', value);
    writeStored('user', user);
    const h = navigation();
    const session = createSession(config, h);
    session.store.set({ status: 'authenticated', user });
    await expect(session.http.get(THING)).rejects.toThrow(message);
    expect(counts.token).toBe(0);
    expect(h.toRoot).toHaveBeenCalledTimes(1);
    expect(readStored('user')).toBeUndefined();
    expect(sessionSnapshot().status).toBe('anonymous');
  });
});

/** Back from the identity service with a code: the login's stored transaction, the address, the session started. */
function returnWithCode(redirectUri: string, returnTo: string, userAnswer: Parameters<typeof http.get>[1]) {
  server.use(
    http.post(`${ORIGIN}/ids/oauth`, () =>
      HttpResponse.json({ access_token: 'fresh', token_type: 'Bearer', refresh_token: 'r1', expires_in: 300 }),
    ),
    http.get(`${ORIGIN}/ids/user`, userAnswer),
  );
  writeStored('state', 'expected');
  writeStored('code_verifier', 'v'.repeat(43));
  writeStored('redirect_uri', redirectUri);
  writeStored('return_to', returnTo);
  window.history.replaceState(null, '', `${new URL(redirectUri).pathname}?code=c&state=expected`);
  const h = navigation();
  const started = createSession(config, h).start({ code: 'c', state: 'expected', error: null });
  return Object.assign(h, { started });
}

describe('session start', () => {
  it('with no token stored, the app is logged out', async () => {
    writeStored('user', user);
    const session = createSession(config, navigation());
    session.start({ code: null, state: null, error: null });
    expect(sessionSnapshot().status).toBe('anonymous');
    expect(readStored('user')).toBeUndefined();
  });

  it('with a token stored, the user is fetched and the app is signed in', async () => {
    server.use(...identityService({ token: 0 }));
    writeStored('access_token', 'valid');
    const session = createSession(config, navigation());
    session.start({ code: null, state: null, error: null });
    await vi.waitFor(() => expect(sessionSnapshot()).toEqual({ status: 'authenticated', user }));
    expect(readStored('user')).toEqual(user);
  });

  it('a stored session the services no longer accept: logged out, and the page opened stays', async () => {
    const counts = { token: 0 };
    server.use(
      http.get(`${ORIGIN}/ids/user`, () => HttpResponse.json({ title: 'Unauthorized' }, { status: 401 })),
      ...identityService(counts),
    );
    writeStored('access_token', 'expired');
    writeStored('refresh_token', 'revoked');
    writeStored('user', user);
    const h = navigation();
    createSession(config, h).start({ code: null, state: null, error: null });
    await vi.waitFor(() => expect(sessionSnapshot().status).toBe('anonymous'));
    expect(counts.token).toBe(1);
    expect(readStored('access_token')).toBeUndefined();
    expect(h.toRoot).not.toHaveBeenCalled();
  });

  it('any request sent while the app starts leaves the page alone when the session ends', async () => {
    const counts = { token: 0 };
    server.use(
      http.get(`${ORIGIN}/ids/user`, () => HttpResponse.json({ title: 'Unauthorized' }, { status: 401 })),
      http.get(THING, () => HttpResponse.json({ title: 'Unauthorized' }, { status: 401 })),
      ...identityService(counts),
    );
    writeStored('access_token', 'expired');
    writeStored('refresh_token', 'revoked');
    const h = navigation();
    const session = createSession(config, h);
    session.start({ code: null, state: null, error: null });
    // Like the invite, asked for beside the start-up user fetch. Its 401 may come before or after the
    // shared refresh was refused (then it is 'no access_token'): either way the page stays.
    await expect(session.http.get(THING)).rejects.toBeInstanceOf(Error);
    await vi.waitFor(() => expect(sessionSnapshot().status).toBe('anonymous'));
    expect(h.toRoot).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve)); // the start-up check's own end, queued behind it
    // Once started, an ended session goes to the root again
    // (docs/behaviour/sign-in-and-session.md#refresh-and-the-400401-rules).
    writeStored('access_token', 'expired');
    writeStored('refresh_token', 'revoked');
    await expect(session.http.get(THING)).rejects.toMatchObject({ status: 401 });
    expect(h.toRoot).toHaveBeenCalledTimes(1);
  });

  it('a token endpoint that cannot be reached at start-up: the stored session stays', async () => {
    server.use(
      http.get(`${ORIGIN}/ids/user`, () => HttpResponse.json({ title: 'Unauthorized' }, { status: 401 })),
      http.post(`${ORIGIN}/ids/oauth`, () => new HttpResponse(null, { status: 503 })),
    );
    writeStored('access_token', 'expired');
    writeStored('refresh_token', 'r1');
    writeStored('user', user);
    const h = navigation();
    createSession(config, h).start({ code: null, state: null, error: null });
    await vi.waitFor(() => expect(sessionSnapshot()).toEqual({ status: 'authenticated', user }));
    expect(readStored('refresh_token')).toBe('r1');
    expect(h.toRoot).not.toHaveBeenCalled();
  });

  it('a login code without a state is ignored: no token call, reload on the clean address', async () => {
    const counts = { token: 0 };
    server.use(...identityService(counts));
    writeStored('state', 'expected');
    window.history.replaceState(null, '', '/my-account/login?code=c');
    const h = navigation();
    createSession(config, h).start({ code: 'c', state: null, error: null });
    await vi.waitFor(() => expect(h.reload).toHaveBeenCalledWith(`${ORIGIN}/my-account/login`));
    expect(counts.token).toBe(0);
  });

  it('a returned state that does not match: no token call, reload on the clean address', async () => {
    const counts = { token: 0 };
    server.use(...identityService(counts));
    writeStored('state', 'expected');
    writeStored('code_verifier', 'v');
    writeStored('redirect_uri', `${ORIGIN}/`);
    window.history.replaceState(null, '', '/my-account/invite/X?code=c&state=forged&lang=de');
    const h = navigation();
    createSession(config, h).start({ code: 'c', state: 'forged', error: null });
    await vi.waitFor(() => expect(h.reload).toHaveBeenCalledWith(`${ORIGIN}/my-account/invite/X?lang=de`));
    expect(counts.token).toBe(0);
    expect(readStored('state')).toBeUndefined();
  });

  it('an error from the identity service reloads with error=login.failed', async () => {
    writeStored('state', 'expected');
    writeStored('code_verifier', 'v');
    writeStored('redirect_uri', `${ORIGIN}/my-account/`);
    window.history.replaceState(null, '', '/my-account/?error=access_denied&state=expected');
    const h = navigation();
    createSession(config, h).start({ code: null, state: 'expected', error: 'access_denied' });
    await vi.waitFor(() => expect(h.reload).toHaveBeenCalledWith(`${ORIGIN}/my-account/?error=login.failed`));
  });

  it('a code exchanged on the page it started from: tokens stored, user fetched, address cleaned, no reload', async () => {
    const page = `${ORIGIN}/my-account/invite/X`;
    const h = returnWithCode(page, page, () => HttpResponse.json(user));
    expect(sessionSnapshot().status).toBe('checking'); // at once: the page shows no anonymous step meanwhile
    await vi.waitFor(() => expect(h.show).toHaveBeenCalledWith(page));
    expect(h.reload).not.toHaveBeenCalled();
    expect(readStored('access_token')).toBe('fresh');
    expect(sessionSnapshot()).toEqual({ status: 'authenticated', user });
  });

  it("a return's start settles once the exchange is answered and the user asked for, not answered", async () => {
    const page = `${ORIGIN}/my-account/invite/X`;
    const asked = gate();
    const answered = gate();
    const h = returnWithCode(page, page, async () => {
      asked.open();
      await answered.wait;
      return HttpResponse.json(user);
    });
    await h.started;
    expect(readStored('access_token')).toBe('fresh');
    await asked.wait;
    expect(sessionSnapshot().status).toBe('checking');
    answered.open();
    await vi.waitFor(() => expect(h.show).toHaveBeenCalledWith(page));
  });

  it('a return whose state does not match: its start settles as the page reloads', async () => {
    writeStored('state', 'expected');
    window.history.replaceState(null, '', '/my-account/login?code=c&state=forged');
    const h = navigation();
    await expect(createSession(config, h).start({ code: 'c', state: 'forged', error: null })).resolves.toBeUndefined();
    await vi.waitFor(() => expect(h.reload).toHaveBeenCalledWith(`${ORIGIN}/my-account/login`));
  });

  it('a code exchanged but no user fetched reloads on the clean address', async () => {
    const page = `${ORIGIN}/my-account/invite/X`;
    const h = returnWithCode(page, page, () => HttpResponse.json({ title: 'down' }, { status: 503 }));
    await vi.waitFor(() => expect(h.reload).toHaveBeenCalledWith(page));
    expect(h.show).not.toHaveBeenCalled();
    expect(readStored('access_token')).toBe('fresh');
  });

  it('a code exchanged on a fixed redirect path goes back to its page with a document load', async () => {
    const h = returnWithCode(`${ORIGIN}/my-account/`, `${ORIGIN}/my-account/invite/X`, () => HttpResponse.json(user));
    await vi.waitFor(() => expect(h.reload).toHaveBeenCalledWith(`${ORIGIN}/my-account/invite/X`));
    expect(h.show).not.toHaveBeenCalled();
    expect(readStored('access_token')).toBe('fresh');
  });
});
