import { describe, expect, it, vi } from 'vitest';
import { parseInviteCode } from '../contract/invite-code.ts';
import type { HttpClient } from '../http/http-client.ts';
import { gate, SOFIE_INVITE, TEST_CONFIG } from '../test/render-app.tsx';
import { browserSources } from './data-sources.ts';

describe('browserSources', () => {
  it("reads an invite at once and gives it once the session's start has settled", async () => {
    const request = vi.fn(async () => SOFIE_INVITE);
    const http = { request } as unknown as HttpClient;
    const code = parseInviteCode('ABC123')!;
    const started = gate();
    let given = false;
    const read = browserSources(http, TEST_CONFIG, undefined, started.wait)
      .readInvite(code, new AbortController().signal)
      .then((invite) => ((given = true), invite));
    expect(request).toHaveBeenCalledOnce();
    // The same read from a started session, sent after it: once it is given, the first would have been.
    await browserSources(http, TEST_CONFIG).readInvite(code, new AbortController().signal);
    await new Promise((resolve) => setTimeout(resolve));
    expect(given).toBe(false);
    started.open();
    await expect(read).resolves.toEqual(SOFIE_INVITE);
  });
});
