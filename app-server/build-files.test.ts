import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createAppServer } from './app-server.ts';
import type { AppServerOptions } from './options.ts';

// The app server's files, from a hand-made build: index.html, hashed files with their stored
// Brotli and gzip copies, a source map, Vite's manifest, the config and a text file.
const root = mkdtempSync(join(tmpdir(), 'bike-invite-build-files-'));
const dist = join(root, 'dist');
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});`;
let app: FastifyInstance;

beforeAll(async () => {
  for (const dir of ['assets/img', 'i18n']) mkdirSync(join(dist, dir), { recursive: true });
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
  app = await appServer();
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

/** The app server for the build, without its renderer: pages are the build's index.html. */
function appServer(options: Partial<AppServerOptions> = {}): Promise<FastifyInstance> {
  return createAppServer({
    distDir: dist,
    ssrDir: join(root, 'no-renderer'),
    bikeServiceUrl: 'http://127.0.0.1:9/api/v1/',
    logLevel: 'silent',
    ...options,
  });
}

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
    // Without a copy, or to a client without br, it is compressed per request.
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
    const open = await appServer({ serveSourceMaps: true });
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

  it('serves the config.json it was given', async () => {
    expect((await get('/assets/config.json')).json()).toMatchObject({ app: 'sparta', appLink: { ios: '/ios' } });
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
  });

  it('answers problem+json 404 for missing files', async () => {
    for (const url of [
      '/nothing-here',
      '/assets/nope.js',
      '/assets/..%2F..%2Findex.html',
      '/media/bikes/city-bike.jpg',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });
});
