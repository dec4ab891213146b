import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { APP_STORE } from './test/app-store.ts';
import { wellKnownFiles } from './app-link-files.ts';
import { createAppServer } from './app-server.ts';

const root = mkdtempSync(join(tmpdir(), 'bike-invite-well-known-'));
const dist = join(root, 'dist');
const AASA = '/.well-known/apple-app-site-association';
const ASSET_LINKS = '/.well-known/assetlinks.json';

function configFile(name: string, content: object): string {
  const path = join(root, name);
  writeFileSync(path, JSON.stringify({ app: 'sparta', ...content }));
  return path;
}

const servers: FastifyInstance[] = [];
/** An app server for one brand whose config.json holds `config`. */
async function serverWith(config: object): Promise<FastifyInstance> {
  const app = await createAppServer({
    distDir: dist,
    ssrDir: join(root, 'no-renderer'),
    configPath: configFile(`config-${servers.length}.json`, config),
    bikeServiceUrl: 'http://127.0.0.1:9/api/v1/',
    logLevel: 'silent',
  });
  servers.push(app);
  return app;
}

beforeAll(() => {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  // A built app whose dist/ holds stray files at the same addresses: the config decides, not the folder.
  mkdirSync(join(dist, '.well-known'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'assets/config.json'), JSON.stringify({ app: 'sparta' }));
  writeFileSync(join(dist, '.well-known/assetlinks.json'), '[]');
  writeFileSync(join(dist, '.well-known/apple-app-site-association'), '{}');
});
afterAll(async () => {
  await Promise.all(servers.map((app) => app.close()));
  rmSync(root, { recursive: true, force: true });
});

describe('with appStore in the served config', () => {
  it('serves both files as application/json, generated from it, without a redirect', async () => {
    const app = await serverWith({ appStore: APP_STORE });
    const [aasa, assetLinks] = wellKnownFiles(APP_STORE);
    for (const [url, file] of [
      [AASA, aasa],
      [ASSET_LINKS, assetLinks],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(response.headers.location, url).toBeUndefined();
      expect(response.body, url).toBe(file?.body);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(JSON.parse((await app.inject({ method: 'GET', url: AASA })).body).applinks.details[0].appIDs).toEqual([
      'ABCDE12345.com.sparta.bikeinvite',
    ]);
    expect((await app.inject({ method: 'HEAD', url: ASSET_LINKS })).statusCode).toBe(200);
  });

  it('answers 404 for the platform the brand has no app on', async () => {
    const app = await serverWith({ appStore: { ios: APP_STORE.ios } });
    expect((await app.inject({ method: 'GET', url: AASA })).statusCode).toBe(200);
    const missing = await app.inject({ method: 'GET', url: ASSET_LINKS });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, detail: expect.stringMatching(/appStore\.android/) });
  });

  it('answers other addresses near them with an error, never a redirect or the app', async () => {
    const app = await serverWith({ appStore: APP_STORE });
    for (const url of [
      `${AASA}/`,
      `${AASA}.json`,
      '/.well-known/',
      '/.well-known/security.txt',
      '/apple-app-site-association',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      // The folder itself is refused (403) by the static files; the rest is not there (404).
      expect(response.statusCode, url).toBe(url === '/.well-known/' ? 403 : 404);
      expect(response.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect(response.headers.location, url).toBeUndefined();
    }
  });
});

describe('without appStore', () => {
  it('serves neither file: problem+json 404, whatever dist/ holds', async () => {
    const app = await serverWith({});
    for (const url of [AASA, ASSET_LINKS]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' });
    }
  });
});

describe('a malformed appStore', () => {
  it('stops the server from starting, naming the field', async () => {
    const config = { appStore: { ios: { ...APP_STORE.ios, teamId: 'abc' } } };
    await expect(serverWith(config)).rejects.toThrow(/appStore\.ios\.teamId/);
  });
});
