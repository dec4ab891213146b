import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyCandidates, earlyLanguage, startEarlyRequests } from './early-requests.ts';
import { chooseLanguage, languageCandidates, takeLinkLanguage } from './i18n/choose-language.ts';
import { storageKey, writeStored } from './storage/web-storage.ts';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('earlyLanguage', () => {
  it.each([[['nl-NL']], [['de-AT', 'en']], [['fr', 'de']], [['fr']], [[]], [['EN_gb']], [[null, 7, 'de']]])(
    'picks what the app picks for %j',
    (preferred) => {
      expect(earlyLanguage(preferred)).toBe(chooseLanguage(preferred, ['nl', 'en', 'de']));
    },
  );

  // Every combination of a remembered choice, the address's lang, the tab's earlier lang and the
  // browser's languages, valid and not: the boot script must ask for the file the app will use.
  const stored = [null, '"de"', '"xx"', 'not json'];
  const address = ['', '?lang=nl', '?lang=fr', '?lang=EN-gb&x=1'];
  const tab = [null, '"en"', '"zz"'];
  const browsers = [['nl-NL'], ['fr'], []];
  const cases = stored.flatMap((s) => address.flatMap((a) => tab.flatMap((t) => browsers.map((b) => [s, a, t, b]))));

  it.each(cases)('starts with the app’s language: stored %s, address %j, tab %s, browser %j', (s, a, t, b) => {
    if (s !== null) localStorage.setItem(storageKey('language'), s as string);
    if (t !== null) sessionStorage.setItem(storageKey('link_language'), t as string);
    window.history.replaceState(null, '', `/my-account/invite/ABC${a as string}`);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(b as string[]);

    const early = earlyLanguage(earlyCandidates()); // runs first, while the address still has lang
    takeLinkLanguage(window.location.href);
    expect(early).toBe(chooseLanguage(languageCandidates(), ['nl', 'en', 'de']));
  });
});

// A fetch whose invite request answers `status` with `body`; the other early requests get `{}`.
const answering = (status: number, body: unknown) =>
  vi.fn(async (url: string) => (url.includes('invite-code') ? Response.json(body, { status }) : Response.json({})));

describe('startEarlyRequests on an invite address', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.querySelectorAll('link[rel=preload]').forEach((link) => link.remove());
  });

  it('asks for the invite and, once it answers, preloads its bike photo', async () => {
    const fetch = answering(200, { owner_display_name: 'Sofie', bike_name: 'Blue', bike_image_url: '/media/b.jpg' });
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/my-account/invite/AB12CD');
    const requests = startEarlyRequests();
    const invite = await requests['/api/v1/bike/invite-code/AB12CD'];
    expect(await invite?.json()).toMatchObject({ owner_display_name: 'Sofie' }); // the app can still read it
    await vi.waitFor(() => expect(document.head.querySelector('link[rel=preload][as=image]')).not.toBeNull());
    expect(document.head.querySelector('link[rel=preload]')?.getAttribute('href')).toBe('/media/b.jpg');
  });

  it("sends the stored token's Authorization with the invite request, as the app would", () => {
    const inviteHeaders: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.includes('invite-code')) inviteHeaders.push(init.headers);
        return Response.json({});
      }),
    );
    window.history.replaceState(null, '', '/my-account/invite/AB12CD');
    startEarlyRequests();
    writeStored('access_token', 'tok');
    startEarlyRequests();
    writeStored('access_token_type', 'DPoP');
    startEarlyRequests();
    expect(inviteHeaders[0]).not.toHaveProperty('Authorization');
    expect(inviteHeaders[1]).toMatchObject({ Authorization: 'Bearer tok' });
    expect(inviteHeaders[2]).toMatchObject({ Authorization: 'DPoP tok' });
  });

  it('preloads nothing when the invite is not there', async () => {
    vi.stubGlobal('fetch', answering(404, { title: 'Not Found' }));
    window.history.replaceState(null, '', '/my-account/invite/AB12CD');
    await startEarlyRequests()['/api/v1/bike/invite-code/AB12CD'];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.head.querySelector('link[rel=preload]')).toBeNull();
  });
});
