import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handOverReads, READS_GLOBAL } from '../contract/page-protocol.ts';
import { createHttpClient, type AccessToken, type SessionAdapter } from './http-client.ts';
import { HttpError, NetworkError } from './http-error.ts';

const ORIGIN = 'http://localhost:3000';
const URL = `${ORIGIN}/api/v1/thing`;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const problem = (status: number, body: object) =>
  HttpResponse.json({ status, ...body }, { status, headers: { 'content-type': 'application/problem+json' } });

function fakeSession(refreshResult: boolean | Error = true, startingUp = false) {
  let token: AccessToken | undefined = { accessToken: 'old', tokenType: 'Bearer' };
  const session = {
    current: () => token,
    startingUp: () => startingUp,
    refresh: vi.fn(async () => {
      if (refreshResult instanceof Error) throw refreshResult;
      if (refreshResult) token = { accessToken: 'new', tokenType: 'Bearer' };
      return refreshResult;
    }),
    end: vi.fn(),
  } satisfies SessionAdapter;
  return session;
}

const client = (session: SessionAdapter, cookies = '') =>
  createHttpClient(session, { pageUrl: () => `${ORIGIN}/my-account/`, cookies: () => cookies, timeoutMs: 200 });

describe('createHttpClient', () => {
  it('sends Accept, the Authorization of the stored token, and parses JSON', async () => {
    let seen: Headers | undefined;
    server.use(http.get(URL, ({ request }) => ((seen = request.headers), HttpResponse.json({ ok: 1 }))));
    await expect(client(fakeSession()).get(URL)).resolves.toEqual({ ok: 1 });
    expect(seen?.get('accept')).toBe('application/json, text/plain, */*');
    expect(seen?.get('authorization')).toBe('Bearer old');
  });

  it('sends no Authorization without a token, and XSRF only on a state-changing same-origin call', async () => {
    const seen: Headers[] = [];
    server.use(http.all(URL, ({ request }) => (seen.push(request.headers), HttpResponse.json({}))));
    const session = { current: () => undefined, refresh: vi.fn(), end: vi.fn() };
    await client(session, 'XSRF-TOKEN=x1').get(URL);
    await client(session, 'XSRF-TOKEN=x1').post(URL, {});
    expect(seen[0]?.has('authorization')).toBe(false);
    expect(seen[0]?.has('x-xsrf-token')).toBe(false);
    expect(seen[1]?.get('x-xsrf-token')).toBe('x1');
    expect(seen[1]?.get('content-type')).toBe('application/json');
  });

  it('times out with a NetworkError', async () => {
    server.use(http.get(URL, async () => (await delay('infinite'), HttpResponse.json({}))));
    const error = await client(fakeSession())
      .get(URL)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(true);
  });

  it('opens a stream: its time-out covers the headers only, and a 401 is refreshed as for any call', async () => {
    const encoder = new TextEncoder();
    server.use(
      http.get(URL, ({ request }) => {
        if (request.headers.get('authorization') === 'Bearer old') return problem(401, { title: 'invalid_token' });
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode('retry: 10\n\n'));
            // Twice the time-out, after the headers.
            setTimeout(() => {
              controller.enqueue(encoder.encode('data: late\n\n'));
              controller.close();
            }, 400);
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const session = fakeSession();
    const response = await client(session).open(URL, { stream: true });
    expect(session.refresh).toHaveBeenCalledOnce();
    expect(await response.text()).toBe('retry: 10\n\ndata: late\n\n');
  });

  // The ways the layer ends a session. Each also sends the browser to the root, except for a request
  // sent while the app starts: a failed start-up refresh is ignored (docs/behaviour/sign-in-and-session.md#start-up).
  describe.each([
    { when: 'after start-up', startingUp: false, toRoot: true },
    { when: 'while the app starts', startingUp: true, toRoot: false },
  ])('a request sent $when', ({ startingUp, toRoot }) => {
    it.each([
      ['title', { title: 'invalid_grant' }],
      ['error', { error: 'invalid_grant' }],
    ])('400 with invalid_grant in %s: logout, and the root unless the app is starting', async (_, body) => {
      server.use(http.get(URL, () => problem(400, body)));
      const session = fakeSession(true, startingUp);
      await expect(client(session).get(URL)).rejects.toMatchObject({ status: 400 });
      expect(session.end).toHaveBeenCalledWith(toRoot);
      expect(session.refresh).not.toHaveBeenCalled();
    });

    it('a refresh that fails or gives nothing: logout, and the root unless the app is starting', async () => {
      server.use(http.get(URL, () => problem(401, { title: 'Unauthorized' })));
      const session = fakeSession(false, startingUp);
      await expect(client(session).get(URL)).rejects.toMatchObject({ status: 401 });
      expect(session.end).toHaveBeenCalledWith(toRoot);
    });

    it('a retry answered 401 again: logout, and the root unless the app is starting', async () => {
      server.use(http.get(URL, () => problem(401, { title: 'Unauthorized' })));
      const session = fakeSession(true, startingUp);
      await expect(client(session).get(URL)).rejects.toMatchObject({ status: 401 });
      expect(session.refresh).toHaveBeenCalledTimes(1);
      expect(session.end).toHaveBeenCalledWith(toRoot);
    });

    it.each(['no access_token', 'no refresh_token'])(
      "'%s' from the refresh reaches the caller, and the session ends",
      async (message) => {
        server.use(http.get(URL, () => problem(401, { title: 'Unauthorized' })));
        const session = fakeSession(new Error(message), startingUp);
        await expect(client(session).get(URL)).rejects.toThrow(message);
        expect(session.end).toHaveBeenCalledWith(toRoot);
      },
    );
  });

  it('another 400 is passed to the caller', async () => {
    server.use(http.get(URL, () => problem(400, { title: 'Bad Request', detail: 'no' })));
    const session = fakeSession();
    const error = await client(session)
      .get(URL)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).body?.detail).toBe('no');
    expect(session.end).not.toHaveBeenCalled();
  });

  it.each([
    ['title', { title: 'invalid_grant' }],
    ['error', { error: 'invalid_grant' }],
  ])('401 with invalid_grant in %s: logout, no refresh', async (_, body) => {
    server.use(http.get(URL, () => problem(401, body)));
    const session = fakeSession();
    await expect(client(session).get(URL)).rejects.toMatchObject({ status: 401 });
    expect(session.end).toHaveBeenCalledWith(false);
    expect(session.refresh).not.toHaveBeenCalled();
  });

  it('another 401: one refresh, then one retry with the new token', async () => {
    server.use(
      http.get(URL, ({ request }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? HttpResponse.json({ ok: 2 })
          : problem(401, { title: 'Unauthorized' }),
      ),
    );
    const session = fakeSession();
    await expect(client(session).get(URL)).resolves.toEqual({ ok: 2 });
    expect(session.refresh).toHaveBeenCalledTimes(1);
    expect(session.refresh).toHaveBeenCalledWith({ accessToken: 'old', tokenType: 'Bearer' });
    expect(session.end).not.toHaveBeenCalled();
  });

  it('a token endpoint that cannot be reached has refused nothing: the session stays (decision 0004)', async () => {
    server.use(http.get(URL, () => problem(401, { title: 'Unauthorized' })));
    const session = fakeSession(new NetworkError('token endpoint answered 503', false));
    await expect(client(session).get(URL)).rejects.toBeInstanceOf(NetworkError);
    expect(session.end).not.toHaveBeenCalled();
  });

  it('403 is passed to the caller', async () => {
    server.use(http.get(URL, () => problem(403, { title: 'Forbidden' })));
    const session = fakeSession();
    await expect(client(session).get(URL)).rejects.toMatchObject({ status: 403 });
    expect(session.refresh).not.toHaveBeenCalled();
    expect(session.end).not.toHaveBeenCalled();
  });
});

const readBefore = (authorization: string, body: object, status = 200) =>
  handOverReads({ authorization, answers: new Map([[URL, Promise.resolve(HttpResponse.json(body, { status }))]]) });

describe("the page script's reads", () => {
  afterEach(() => {
    delete window[READS_GLOBAL];
  });

  it('a GET sent with the same token takes its answer, once; the next is sent', async () => {
    let sent = 0;
    server.use(http.get(URL, () => (sent++, HttpResponse.json({ from: 'network' }))));
    readBefore('Bearer old', { from: 'page script' });
    const http1 = client(fakeSession());
    await expect(http1.get(URL)).resolves.toEqual({ from: 'page script' });
    await expect(http1.get(URL)).resolves.toEqual({ from: 'network' });
    expect(sent).toBe(1);
  });

  it('is not taken with another token, nor by a write', async () => {
    server.use(
      http.get(URL, () => HttpResponse.json({ from: 'network' })),
      http.post(URL, () => HttpResponse.json({ from: 'network' })),
    );
    readBefore('Bearer another', { from: 'page script' });
    await expect(client(fakeSession()).get(URL)).resolves.toEqual({ from: 'network' });
    readBefore('Bearer old', { from: 'page script' });
    await expect(client(fakeSession()).post(URL, {})).resolves.toEqual({ from: 'network' });
  });

  it("a 401 to it refreshes the token and sends the request again, as to the app's own", async () => {
    const sentWith: (string | null)[] = [];
    server.use(
      http.get(URL, ({ request }) => {
        sentWith.push(request.headers.get('authorization'));
        return HttpResponse.json({ with: request.headers.get('authorization') });
      }),
    );
    readBefore('Bearer old', { status: 401 }, 401); // the stored token had expired
    const session = fakeSession();
    await expect(client(session).get(URL)).resolves.toEqual({ with: 'Bearer new' });
    expect(session.refresh).toHaveBeenCalledTimes(1);
    expect(sentWith).toEqual(['Bearer new']); // the old token's request was the page script's
  });
});
