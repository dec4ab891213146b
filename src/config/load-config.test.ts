import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './defaults.ts';
import { loadConfig } from './load-config.ts';
import { parseConfig } from './parse-config.ts';

const respond =
  (body: string, status = 200) =>
  async () =>
    new Response(body, { status });

describe('loadConfig', () => {
  it('fetches /assets/config.json with a time-stamp so no cache answers', async () => {
    const urls: string[] = [];
    const fetchFn = (async (url: string) => {
      urls.push(url);
      return new Response('{}');
    }) as typeof fetch;
    await loadConfig(fetchFn, 1234);
    expect(urls).toEqual(['/assets/config.json?t=1234']);
  });

  it('reports a missing file', async () => {
    const result = await loadConfig(respond('not here', 404) as typeof fetch);
    expect(result).toMatchObject({ ok: false, problem: 'missing' });
  });

  it('reports an unreachable server', async () => {
    const result = await loadConfig((async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch);
    expect(result).toMatchObject({ ok: false, problem: 'unreachable', detail: 'Failed to fetch' });
  });

  it('merges a valid file over the defaults', async () => {
    const result = await loadConfig(
      respond('{"app":"qwic","api":{"bike":{"url":"https://bikes.example"}}}') as typeof fetch,
    );
    expect(result.ok && result.config.app).toBe('qwic');
    expect(result.ok && result.config.api.bike).toEqual({
      url: 'https://bikes.example',
      api_name: 'api',
      version: 'v1',
    });
    expect(result.ok && result.config.api.ids).toEqual(DEFAULT_CONFIG.api.ids);
  });
});

describe('parseConfig', () => {
  it('refuses text that is not JSON', () => {
    expect(parseConfig('{ "app": ')).toMatchObject({ ok: false, problem: 'not-json' });
  });

  it('refuses a file that holds no object', () => {
    for (const text of ['[]', '"x"', 'null', '1'])
      expect(parseConfig(text), text).toMatchObject({ ok: false, problem: 'invalid' });
  });

  it('refuses wrong types and names the field', () => {
    const result = parseConfig('{"production":"yes","languages":"nl"}');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.detail).toMatch(/production/);
    expect(!result.ok && result.detail).toMatch(/languages/);
  });

  it('refuses unknown fields, which are typos in a deployment', () => {
    const result = parseConfig('{"appLinks":{"ios":"https://x"}}');
    expect(result).toMatchObject({ ok: false, problem: 'invalid' });
    expect(!result.ok && result.detail).toMatch(/appLinks/);
    expect(parseConfig('{"api":{"bike":{"base":"x"}}}').ok).toBe(false);
  });

  it('refuses links that could run script or leave for another site unnoticed', () => {
    expect(parseConfig('{"appLink":{"ios":"javascript:alert(1)"}}').ok).toBe(false);
    expect(parseConfig('{"logo":"//evil.example/logo.svg"}').ok).toBe(false);
    expect(parseConfig('{"appLink":{"ios":"https://apps.apple.com/app/id1"}}').ok).toBe(true);
  });

  it('refuses a language the app does not have', () => {
    expect(parseConfig('{"languages":["xx"]}').ok).toBe(false);
    expect(parseConfig('{"languages":[]}').ok).toBe(false);
    expect(parseConfig('{"defaultLanguage":"xx"}').ok).toBe(false);
  });

  it('takes a brand default among the languages offered, and refuses one it does not offer', () => {
    expect(parse({ languages: ['sv', 'en'], defaultLanguage: 'sv' })).toMatchObject({
      ok: true,
      config: { languages: ['sv', 'en'], defaultLanguage: 'sv' },
    });
    const refused = parse({ languages: ['sv', 'en'], defaultLanguage: 'da' });
    expect(refused).toMatchObject({ ok: false, problem: 'invalid' });
    expect(!refused.ok && refused.detail).toMatch(/^defaultLanguage: must be one of the languages offered$/);
  });

  it('gives the defaults for an empty file', () => {
    expect(parseConfig('{}')).toEqual({ ok: true, config: DEFAULT_CONFIG });
  });

  it("leaves the bike service's address empty by default: the page's own origin", () => {
    const result = parseConfig('{}');
    expect(result.ok && result.config.api.bike.url).toBe('');
  });
});

const parse = (file: object) => parseConfig(JSON.stringify(file));

describe('a standard identity provider', () => {
  it('with an issuer, the endpoints come from its metadata unless login.url or api.ids.url are given', () => {
    const result = parse({
      login: { redirect_path: '/my-account/' },
      api: { ids: { issuer: 'https://id.example.com/realms/bikes', scope: 'openid profile offline_access' } },
    });
    expect(result.ok && result.config.login).toEqual({ url: '', redirect_path: '/my-account/' });
    expect(result.ok && result.config.api.ids).toEqual({
      url: '',
      client_id: 'my-account',
      issuer: 'https://id.example.com/realms/bikes',
      scope: 'openid profile offline_access',
    });
    const given = parse({
      login: { url: '/sso/login' },
      api: { ids: { issuer: 'https://id.example.com', url: '/sso' } },
    });
    expect(given.ok && [given.config.login.url, given.config.api.ids.url]).toEqual(['/sso/login', '/sso']);
  });

  it('refuses an issuer, scope or redirect path in the wrong form, naming the field', () => {
    for (const [file, field] of [
      [{ api: { ids: { issuer: '/ids' } } }, 'api.ids.issuer'],
      [{ api: { ids: { issuer: 'https://id.example.com/?realm=x' } } }, 'api.ids.issuer'],
      [{ api: { ids: { issuer: 'javascript:alert(1)' } } }, 'api.ids.issuer'],
      [{ api: { ids: { scope: 'openid  profile' } } }, 'api.ids.scope'],
      [{ api: { ids: { scope: 'openid "x"' } } }, 'api.ids.scope'],
      [{ login: { redirect_path: 'https://evil.example/cb' } }, 'login.redirect_path'],
      [{ login: { redirect_path: '//evil.example/cb' } }, 'login.redirect_path'],
      [{ login: { redirect_path: '/my-account/?x=1' } }, 'login.redirect_path'],
    ] as const) {
      const result = parse(file);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.detail).toContain(field);
    }
  });
});

const parseAppStore = (appStore: unknown) => parseConfig(JSON.stringify({ appStore }));

describe('appStore', () => {
  const ios = { teamId: 'ABCDE12345', bundleId: 'com.sparta.bikeinvite', appStoreId: '1234567890' };
  const android = {
    packageName: 'com.sparta.bikeinvite',
    sha256CertFingerprints: [
      Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0').toUpperCase()).join(':'),
    ],
  };

  it('is absent unless configured', () => {
    const result = parseConfig('{}');
    expect(result.ok && 'appStore' in result.config).toBe(false);
  });

  it('is taken as it is when both apps or only one is described', () => {
    for (const appStore of [{ ios, android }, { ios }, { android }]) {
      const result = parseAppStore(appStore);
      expect(result.ok && result.config.appStore).toEqual(appStore);
    }
  });

  it('refuses values in the wrong format, naming the field', () => {
    const [fingerprint = ''] = android.sha256CertFingerprints;
    const cases: [unknown, RegExp][] = [
      [{ ios: { ...ios, teamId: 'ABCDE1234' } }, /appStore\.ios\.teamId/],
      [{ ios: { ...ios, teamId: 'abcde12345' } }, /appStore\.ios\.teamId: must be 10 characters A-Z or 0-9/],
      [{ ios: { ...ios, bundleId: 'com.sparta.bike invite' } }, /appStore\.ios\.bundleId/],
      [{ ios: { ...ios, bundleId: 'bikeinvite' } }, /appStore\.ios\.bundleId: must be like com\.brand\.app/],
      [{ ios: { ...ios, bundleId: 'com..app' } }, /appStore\.ios\.bundleId/],
      [{ ios: { ...ios, appStoreId: 1234567890 } }, /appStore\.ios\.appStoreId/],
      [{ ios: { ...ios, appStoreId: '0123' } }, /appStore\.ios\.appStoreId/],
      [{ ios: { ...ios, appStoreId: 'id1234567890' } }, /appStore\.ios\.appStoreId/],
      [{ ios: { teamId: ios.teamId, bundleId: ios.bundleId } }, /appStore\.ios\.appStoreId/],
      [{ android: { ...android, packageName: 'bikeinvite' } }, /appStore\.android\.packageName/],
      [{ android: { ...android, packageName: 'com.1brand.app' } }, /appStore\.android\.packageName/],
      [{ android: { ...android, packageName: 'com.brand-x.app' } }, /appStore\.android\.packageName/],
      [{ android: { ...android, sha256CertFingerprints: ['ab:cd'] } }, /appStore\.android\.sha256CertFingerprints/],
      [
        { android: { ...android, sha256CertFingerprints: [fingerprint.toLowerCase()] } },
        /sha256CertFingerprints\.0: must be 32 upper-case hex bytes/,
      ],
      [{ android: { ...android, sha256CertFingerprints: [fingerprint.slice(0, 59)] } }, /sha256CertFingerprints\.0/],
      [{ android: { ...android, sha256CertFingerprints: [] } }, /sha256CertFingerprints: must name at least one/],
      [{}, /appStore: needs ios or android/],
      [{ ios: { ...ios, appId: 'x' } }, /appStore\.ios\.appId/],
      [{ ios, windows: {} }, /appStore\.windows/],
    ];
    for (const [appStore, field] of cases) {
      const result = parseAppStore(appStore);
      expect(result, JSON.stringify(appStore)).toMatchObject({ ok: false, problem: 'invalid' });
      expect(!result.ok && result.detail).toMatch(field);
    }
  });
});
