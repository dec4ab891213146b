import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseInviteCode } from '../contract/invite-code.ts';
import type { HttpClient } from '../http/http-client.ts';
import { HttpError } from '../http/http-error.ts';
import { gate, SOFIE_INVITE, TEST_CONFIG } from '../test/render-app.tsx';
import { browserSources, RETURN_HOLD_MS } from './data-sources.ts';

const code = parseInviteCode('ABC123')!;
const signal = () => new AbortController().signal;

/** A read through sources whose session start is `returned`, and whether it has been given (resolved or rejected). */
function read(http: HttpClient, returned?: Promise<void>) {
  const state = { given: false };
  const promise = browserSources(http, TEST_CONFIG, undefined, returned)
    .readInvite(code, signal())
    .finally(() => (state.given = true));
  promise.catch(() => undefined);
  return { promise, state };
}

/** The same read with no return to wait for, sent after it: once it is given, the first would have been. */
const settledAlike = (http: HttpClient) => read(http).promise.catch(() => undefined);

afterEach(() => vi.useRealTimers());

describe('browserSources on a sign-in return', () => {
  it("reads the invite at once and gives it once the return's exchange has answered", async () => {
    const request = vi.fn(async () => SOFIE_INVITE);
    const http = { request } as unknown as HttpClient;
    const returned = gate();
    const held = read(http, returned.wait);
    expect(request).toHaveBeenCalledOnce();
    await settledAlike(http);
    await new Promise((resolve) => setTimeout(resolve));
    expect(held.state.given).toBe(false);
    returned.open();
    await expect(held.promise).resolves.toEqual(SOFIE_INVITE);
  });

  it('holds a refused read too', async () => {
    const http = { request: vi.fn(async () => Promise.reject(new HttpError(404, {}))) } as unknown as HttpClient;
    const returned = gate();
    const held = read(http, returned.wait);
    await settledAlike(http);
    await new Promise((resolve) => setTimeout(resolve));
    expect(held.state.given).toBe(false);
    returned.open();
    await expect(held.promise).rejects.toMatchObject({ status: 404 });
  });

  it('gives the invite anyway when the exchange is slow to answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const http = { request: vi.fn(async () => SOFIE_INVITE) } as unknown as HttpClient;
    const held = read(http, new Promise(() => undefined));
    await settledAlike(http);
    await vi.advanceTimersByTimeAsync(RETURN_HOLD_MS - 1);
    expect(held.state.given).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(held.promise).resolves.toEqual(SOFIE_INVITE);
  });
});
