// The field-data endpoint: what it counts, for which brand, and that nothing else it is sent changes
// a counter or adds a label.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../http-kit/metrics.ts';
import { FIELD_MAX_BYTES, FIELD_PATH } from '../src/contract/field-data.ts';
import { createAppServer } from './app-server.ts';
import { testBuild } from './test/build.ts';

const dir = mkdtempSync(join(tmpdir(), 'bike-invite-field-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
};
const SPARTA = 'invite.sparta.example';
// Each hostile body comes from a client of its own: only the limit's own test meets the limit.
const PER_MINUTE = 10;
const QWIC = 'invite.qwic.example';
const registry = new client.Registry();
let app: FastifyInstance;

beforeAll(async () => {
  file('sparta.json', { app: 'sparta' });
  file('qwic.json', { app: 'qwic' });
  const brandMap = file('brands.json', {
    brands: [
      { hosts: [SPARTA], config: 'sparta.json', publicUrl: `https://${SPARTA}` },
      { hosts: [QWIC], config: 'qwic.json', publicUrl: `https://${QWIC}` },
    ],
  });
  app = await createAppServer({
    ...testBuild(),
    brandMapPath: brandMap,
    registry,
    fieldRateLimit: PER_MINUTE,
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The field series, each line as the registry exposes it. */
const fieldSeries = async () => (await registry.metrics()).split('\n').filter((line) => line.startsWith('app_field_'));

const post = (body: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: FIELD_PATH,
    payload: body,
    headers: { host: SPARTA, 'content-type': 'text/plain;charset=UTF-8', ...headers },
    remoteAddress,
  });

const valueOf = (lines: string[], prefix: string) =>
  Number(lines.find((line) => line.startsWith(prefix))?.split(' ')[1]);

const accepts = (brand: string) => `app_field_events_total{brand="${brand}",event="accept"}`;
const bucket = (le: string) => `app_field_vital_seconds_bucket{le="${le}",brand="sparta",page="invite",vital="LCP"}`;
const vital = (fields: Record<string, unknown>) =>
  JSON.stringify({ vitals: [{ name: 'LCP', page: 'invite', value: 1, ...fields }] });

describe('POST ' + FIELD_PATH, () => {
  it('counts a batch for the brand of its host, with 204', async () => {
    const before = await fieldSeries();
    const body = { events: ['accept', 'accept', 'redeemed'], vitals: [{ name: 'LCP', page: 'invite', value: 2300 }] };
    const response = await post(JSON.stringify(body));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const after = await fieldSeries();
    expect(after).toHaveLength(before.length);
    expect(valueOf(after, accepts('sparta')) - valueOf(before, accepts('sparta'))).toBe(2);
    expect(valueOf(after, accepts('qwic'))).toBe(valueOf(before, accepts('qwic')));
    // 2.3 s is good: in the 2.5 s bucket, not the 1.8 s one.
    expect(valueOf(after, bucket('2.5')) - valueOf(before, bucket('2.5'))).toBe(1);
    expect(valueOf(after, bucket('1.8')) - valueOf(before, bucket('1.8'))).toBe(0);
  });

  it('takes a JSON body as application/json too, and counts CLS unscaled', async () => {
    const response = await post(JSON.stringify({ vitals: [{ name: 'CLS', page: 'decline', value: 0.3 }] }), {
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(204);
    const lines = await fieldSeries();
    expect(valueOf(lines, 'app_field_cls_bucket{le="0.25",brand="sparta",page="decline"}')).toBe(0);
    expect(valueOf(lines, 'app_field_cls_bucket{le="0.5",brand="sparta",page="decline"}')).toBe(1);
  });

  const hostile: [string, string, Record<string, string>?][] = [
    ['not JSON', '{events: [accept]'],
    ['a list', '["accept"]'],
    ['null', 'null'],
    ['nothing to count', '{}'],
    ['an unknown event', JSON.stringify({ events: ['accept', 'bought_a_bike'] })],
    ['a label injection', JSON.stringify({ events: ['accept",brand="qwic'] })],
    ['an event as a number', JSON.stringify({ events: [1] })],
    ['a forged brand', JSON.stringify({ brand: 'qwic', events: ['accept'] })],
    ['a user id', JSON.stringify({ events: ['accept'], user: 'u-1' })],
    ['a prototype key', '{"events":["accept"],"__proto__":{"brand":"qwic"}}'],
    ['an unknown vital', vital({ name: 'FID' })],
    ['a page as its address', vital({ page: '/my-account/invite/ABC123' })],
    ['an unknown page', vital({ page: 'admin' })],
    ['a negative value', vital({ value: -1 })],
    ['a value as text', vital({ value: '1200' })],
    ['an infinite value', '{"vitals":[{"name":"LCP","page":"invite","value":1e400}]}'],
    ['a value out of range', vital({ value: 10_000_000 })],
    ['an extra field on a vital', vital({ url: 'https://x.example/my-account/invite/ABC123' })],
    ['too many events', JSON.stringify({ events: Array.from({ length: 33 }, () => 'accept') })],
    ['a good batch with one bad item', JSON.stringify({ events: ['accept', 'decline', 'x'] })],
    ['a form', 'events=accept', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['no content type', JSON.stringify({ events: ['accept'] }), { 'content-type': '' }],
    ['an oversized body', JSON.stringify({ events: ['accept'], pad: 'x'.repeat(FIELD_MAX_BYTES) })],
    ['an unknown host', JSON.stringify({ events: ['accept'] }), { host: 'evil.example' }],
    ['a forwarded host from an untrusted client', JSON.stringify({ events: ['accept'] }), { 'x-forwarded-host': QWIC }],
  ];

  let clients = 0;
  it.each(hostile)('refuses %s and counts nothing', async (_name, body, headers) => {
    const before = await fieldSeries();
    const response = await post(body, headers, `10.1.0.${++clients}`);
    const forwardedOnly = headers?.['x-forwarded-host'] !== undefined;
    if (forwardedOnly) {
      // Counted, as for any client of the host it reached: the header chose no brand.
      expect(response.statusCode).toBe(204);
      expect(valueOf(await fieldSeries(), accepts('qwic'))).toBe(valueOf(before, accepts('qwic')));
      return;
    }
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.statusCode).not.toBe(429); // refused for what it is, not for the limit
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(await fieldSeries()).toEqual(before);
  });

  it('answers 400 to a malformed batch, 413 to an oversized one, 415 to another type', async () => {
    expect((await post('[]')).statusCode).toBe(400);
    expect((await post('x'.repeat(FIELD_MAX_BYTES + 1))).statusCode).toBe(413);
    expect((await post('{}', { 'content-type': 'application/x-www-form-urlencoded' })).statusCode).toBe(415);
  });

  it('limits each client, and counts nothing past the limit', async () => {
    const body = JSON.stringify({ events: ['decline'] });
    for (let i = 0; i < PER_MINUTE; i++) expect((await post(body, {}, '10.0.0.9')).statusCode).toBe(204);
    const before = await fieldSeries();
    const refused = await post(body, {}, '10.0.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(await fieldSeries()).toEqual(before);
    expect((await post(body, {}, '10.0.0.10')).statusCode).toBe(204);
  });
});
