import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './test/helpers.ts';

const media = mkdtempSync(join(tmpdir(), 'bike-invite-media-'));
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(join(media, 'bikes'));
  writeFileSync(join(media, 'bikes/city-bike.jpg'), 'jpeg');
  app = await startTestServer({ mediaDir: media });
});
afterAll(async () => {
  await app.close();
  rmSync(media, { recursive: true, force: true });
});

describe('/media/', () => {
  it('serves media with long caching, and answers problem+json 404 for missing files', async () => {
    const photo = await app.inject({ method: 'GET', url: '/media/bikes/city-bike.jpg' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cache-control']).toBe('public, max-age=604800');
    expect(photo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    for (const url of [
      '/media/bikes/missing.jpg',
      '/nothing-here',
      '/media/..%2F..%2Fstart.ts',
      '/media/%2e%2e/%2e%2e/app.ts',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });
});
