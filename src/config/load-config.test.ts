import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './defaults.ts';
import { bikeApiBase, loadConfig, mergeConfig, parseConfig } from './load-config.ts';

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
    expect(parseConfig('{"languages":["fr"]}').ok).toBe(false);
    expect(parseConfig('{"languages":[]}').ok).toBe(false);
  });

  it('gives the defaults for an empty file', () => {
    expect(parseConfig('{}')).toEqual({ ok: true, config: DEFAULT_CONFIG });
  });
});

describe('bikeApiBase', () => {
  it('is same-origin relative with the spec’s empty url', () => {
    expect(bikeApiBase(DEFAULT_CONFIG)).toBe('/api/v1/');
  });

  it('joins url, api_name and version, dropping empty parts', () => {
    const config = mergeConfig({ api: { bike: { url: 'https://bikes.example/', api_name: '', version: 'v2' } } });
    expect(bikeApiBase(config)).toBe('https://bikes.example/v2/');
  });
});
