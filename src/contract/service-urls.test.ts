import { describe, expect, it } from 'vitest';
import { bikeApiBase, idsUrl, REFERENCE_IDS } from './service-urls.ts';

const bike = (url: string, api_name: string, version: string) => ({ api: { bike: { url, api_name, version } } });

describe('bikeApiBase', () => {
  it('is same-origin relative with the spec’s empty url', () => {
    expect(bikeApiBase(bike('', 'api', 'v1'))).toBe('/api/v1/');
  });

  it('joins url, api_name and version, dropping empty parts', () => {
    expect(bikeApiBase(bike('https://bikes.example/', '', 'v2'))).toBe('https://bikes.example/v2/');
  });
});

describe('the reference identity service’s addresses', () => {
  it('are its token and user endpoints under the configured base, with or without its slash', () => {
    expect(idsUrl('https://ids.example/ids/', 'token')).toBe('https://ids.example/ids/oauth');
    expect(idsUrl('/sso', 'user')).toBe('/sso/user');
  });

  it('are on the app’s own origin by default', () => {
    expect(REFERENCE_IDS).toEqual({ url: '/ids', login: '/ids/login', token: '/ids/oauth', user: '/ids/user' });
  });
});
