import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestServer } from '../test/helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'bike-invite-static-'));
const dist = join(root, 'dist');
const media = join(root, 'media');
const override = join(root, 'override.json');
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});`;
let app: FastifyInstance;

beforeAll(async () => {
  for (const dir of ['assets/img', 'i18n']) mkdirSync(join(dist, dir), { recursive: true });
  mkdirSync(join(media, 'bikes'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>app</title><script type="module" src="/assets/index-AbC123_x.js"></script>',
  );
  writeFileSync(join(dist, 'assets/index-AbC123_x.js'), SCRIPT);
  writeFileSync(join(dist, 'assets/index-AbC123_x.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets/index-AbC123_x.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'assets/index-AbC123_x.js.map'), '{"sources":["the-secret-source"]}');
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite/manifest.json'), '{"index.html":{}}');
  writeFileSync(join(dist, 'assets/other-DeF456_y.js'), SCRIPT);
  writeFileSync(
    join(dist, 'assets/config.json'),
    JSON.stringify({
      production: false,
      app: 'sparta',
      type: 'bike',
      appLink: { ios: '/ios', android: '/android', fallback: '/fallback' },
    }),
  );
  writeFileSync(join(dist, 'assets/img/qwic_logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'i18n/en.json'), '{"a":"b"}');
  writeFileSync(join(media, 'bikes/city-bike.jpg'), 'jpeg');
  writeFileSync(override, JSON.stringify({ appLink: { ios: 'https://apps.example/ios' }, production: true }));
  app = await startTestServer({ distDir: dist, mediaDir: media, brand: 'qwic', configOverridePath: override });
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('serving the app', () => {
  it('redirects / to /my-account/', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/my-account/');
  });

  it('answers every /my-account/ route with index.html, never cached', async () => {
    for (const url of [
      '/my-account',
      '/my-account/',
      '/my-account/invite/ABC',
      '/my-account/invite/ABC/accepted?x=1',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<title>app</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year, i18n and config never, other files briefly', async () => {
    expect((await get('/assets/index-AbC123_x.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/i18n/en.json')).headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/config.json')).headers['cache-control']).toBe('no-cache');
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/img/qwic_logo.svg')).headers['cache-control']).toBe('public, max-age=600');
  });

  it('compresses large files', async () => {
    const response = await get('/assets/index-AbC123_x.js', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toContain('console.log');
  });

  it("sends the build's Brotli copy of a hashed file to a client that takes br, cached as the file", async () => {
    const response = await get('/assets/index-AbC123_x.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    // Without a copy, or to a client without br, it is compressed per request as before.
    const other = await get('/assets/other-DeF456_y.js', { 'accept-encoding': 'br' });
    expect(other.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(other.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-AbC123_x.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("sends the build's gzip copy of a hashed file to a client that takes gzip but not br", async () => {
    const response = await get('/assets/index-AbC123_x.js', { 'accept-encoding': 'gzip, deflate' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-length']).toBe(String(gzipSync(SCRIPT).length)); // the stored copy, as it is
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('serves no source map and no build manifest', async () => {
    for (const url of ['/assets/index-AbC123_x.js.map', '/.vite/manifest.json', '/.vite/']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('secret');
    }
    // An operator may choose to serve them.
    const open = await startTestServer({ distDir: dist, serveSourceMaps: true });
    expect((await open.inject({ method: 'GET', url: '/assets/index-AbC123_x.js.map' })).statusCode).toBe(200);
    expect((await open.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(200);
    await open.close();
  });

  it('gives config.json and the texts a strong ETag, and answers 304 when it still matches', async () => {
    for (const url of ['/assets/config.json', '/i18n/en.json']) {
      const first = await get(url);
      expect(first.headers.etag, url).toMatch(/^"[^"]+"$/); // strong: no W/
      const again = await get(url, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode, url).toBe(200);
    }
    expect((await get('/i18n/en.json')).json()).toEqual({ a: 'b' });
    expect((await get('/i18n/fr.json')).statusCode).toBe(404);
  });

  it('serves config.json for the brand chosen at start, with the override merged in', async () => {
    const config = (await get('/assets/config.json')).json();
    expect(config).toMatchObject({
      app: 'qwic',
      logo: '/assets/img/qwic_logo.svg',
      production: true,
      appLink: { ios: 'https://apps.example/ios', android: '/android', fallback: '/fallback' },
    });
  });

  it('sends the security headers, with no inline script allowed', async () => {
    const response = await get('/my-account/');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
    expect((await get('/assets/index-AbC123_x.js')).headers['set-cookie']).toBeUndefined();
  });

  it('serves media with long caching, and answers problem+json 404 for missing files', async () => {
    const photo = await get('/media/bikes/city-bike.jpg');
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cache-control']).toBe('public, max-age=604800');
    for (const url of [
      '/media/bikes/missing.jpg',
      '/nothing-here',
      '/assets/nope.js',
      '/media/..%2F..%2Fstart.ts',
      '/media/%2e%2e/%2e%2e/start.ts',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });
});

describe('an unknown brand', () => {
  it('keeps its name in config.json but gets the neutral logo, on the app and the login page', async () => {
    const acme = await startTestServer({ distDir: dist, mediaDir: media, brand: 'acme' });
    expect((await acme.inject({ method: 'GET', url: '/assets/config.json' })).json()).toMatchObject({
      app: 'acme',
      logo: '/assets/img/default_logo.svg',
    });
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
    const login = await acme.inject({
      method: 'GET',
      url: `/ids/login?response_type=code&client_id=my-account&redirect_uri=http://localhost/my-account/&code_challenge=${challenge}&code_challenge_method=S256`,
    });
    expect(login.body).toContain('src="/assets/img/default_logo.svg" alt="Bike invite logo"');
    await acme.close();
  });
});

describe('without a built app', () => {
  it('still serves the services, and explains the missing app', async () => {
    const bare = await startTestServer({ distDir: join(root, 'missing'), mediaDir: join(root, 'missing-media') });
    expect((await bare.inject({ method: 'GET', url: '/my-account/' })).json()).toMatchObject({
      status: 503,
      title: 'app-not-built',
    });
    expect((await bare.inject({ method: 'GET', url: '/assets/config.json' })).json()).toMatchObject({
      app: 'sparta',
      api: { ids: { client_id: 'my-account' } },
    });
    expect((await bare.inject({ method: 'GET', url: '/media/bikes/city-bike.jpg' })).statusCode).toBe(404);
    await bare.close();
  });
});
