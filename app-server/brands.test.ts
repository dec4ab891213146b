// One app server process for two brands, each on its own host names, from a brand map: what each
// host gets, what any other host gets, and that no request header chooses an address the server
// writes or calls. A stand-in bike service on loopback records every request it gets.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_STORE } from './test/app-store.ts';
import { createAppServer } from './app-server.ts';
import { brandFrom, brandOrigins, readBrandMap } from './brands.ts';
import { OWNER_EVENTS_PATH } from '../src/contract/bike-service.ts';
import { bikeApiBase } from '../src/contract/service-urls.ts';
import { testBuild } from './test/build.ts';
import { listenOnLoopback } from './test/bike-service.ts';
import { SERVER_DATA_ID } from '../src/contract/page-protocol.ts';

const dir = mkdtempSync(join(tmpdir(), 'bike-invite-brands-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

let service: Server;
let serviceUrl: string;
/** Every request the stand-in bike service got: its host header, path and headers. */
const calls: { host: string | undefined; url: string | undefined; headers: IncomingHttpHeaders }[] = [];
let app: FastifyInstance;

const BRAND_MAP = {
  brands: [
    {
      hosts: ['invite.sparta.example', 'sparta.localhost'],
      config: 'sparta.json',
      publicUrl: 'https://invite.sparta.example',
    },
    { hosts: ['invite.qwic.example'], config: 'qwic.json', publicUrl: 'https://invite.qwic.example' },
  ],
};

beforeAll(async () => {
  service = createServer((request, response) => {
    calls.push({ host: request.headers.host, url: request.url, headers: request.headers });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        owner_display_name: 'Sofie',
        bike_name: 'Blue bike',
        bike_image_url: '/media/bikes/blue.jpg',
        status: 'pending',
      }),
    );
  });
  serviceUrl = await listenOnLoopback(service);
  file('sparta.json', { app: 'sparta', logo: '/assets/img/sparta_logo.svg' });
  file('qwic.json', { app: 'qwic', logo: '/assets/img/qwic_logo.svg', appStore: APP_STORE });
  app = await createAppServer({
    ...testBuild(),
    brandMapPath: file('brands.json', BRAND_MAP),
    bikeServiceUrl: serviceUrl,
    inviteTimeoutMs: 30_000, // however busy the machine
    maxEventLoopDelayMs: 0, // every page rendered, however busy the machine
    trustProxy: ['127.0.0.2'],
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => service.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => void (calls.length = 0));

async function page(host: string, path = '/my-account/invite/ABC123', headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: path, headers: { host, ...headers } });
  const { document } = new JSDOM(response.body).window;
  const meta = (key: string) => document.querySelector(`meta[property="${key}"]`)?.getAttribute('content');
  return { response, document, meta };
}

const theme = (document: Document) => document.querySelector('head style')?.textContent ?? '';
const data = (document: Document) => JSON.parse(document.getElementById(SERVER_DATA_ID)?.textContent ?? '{}');
const config = (host: string) => app.inject({ method: 'GET', url: '/assets/config.json', headers: { host } });
const aasa = (host: string) =>
  app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association', headers: { host } });
/** A request through the trusted proxy (127.0.0.2), for the host it forwards. */
const viaProxy = (forwarded: string) =>
  app.inject({
    method: 'GET',
    url: '/assets/config.json',
    remoteAddress: '127.0.0.2',
    headers: { host: 'internal-name:8080', 'x-forwarded-host': forwarded },
  });

describe('two brands in one process', () => {
  it('gives each host its own brand: preview, theme, config and app-link files', async () => {
    const sparta = await page('invite.sparta.example');
    expect(sparta.meta('og:site_name')).toBe('Sparta');
    expect(sparta.meta('og:url')).toBe('https://invite.sparta.example/my-account/invite/ABC123');
    expect(sparta.meta('og:image')).toBe('https://invite.sparta.example/media/bikes/blue.jpg');
    const qwic = await page('invite.qwic.example');
    expect(qwic.meta('og:site_name')).toBe('QWIC');
    expect(qwic.meta('og:url')).toBe('https://invite.qwic.example/my-account/invite/ABC123');
    // Each page is painted in its own brand's theme, and carries its own config.
    expect(theme(sparta.document)).not.toBe(theme(qwic.document));
    expect(data(sparta.document).config.app).toBe('sparta');
    expect(data(qwic.document).config.app).toBe('qwic');
    // The other host of a brand is that brand, with the public origin the map gives it.
    expect((await page('SPARTA.localhost:8080')).meta('og:url')).toBe(
      'https://invite.sparta.example/my-account/invite/ABC123',
    );

    expect((await config('invite.sparta.example')).json().app).toBe('sparta');
    expect((await config('invite.qwic.example')).json().app).toBe('qwic');
    expect((await aasa('invite.qwic.example')).statusCode).toBe(200);
    expect((await aasa('invite.sparta.example')).statusCode).toBe(404); // no appStore in its config
  });

  it('reads invites from the configured bike service only, whatever the request names', async () => {
    await page('invite.qwic.example');
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/bike/invite-code/ABC123']);
    expect(calls[0]!.host).toBe(new URL(serviceUrl).host);
  });
});

describe('a host the brand map does not hold', () => {
  it.each([
    ['an unknown Host', { host: 'evil.example' }],
    ['a Host naming the bike service itself', { host: '127.0.0.1' }],
    ['no Host', { host: '' }],
  ])('is refused with 421 and causes no upstream request: %s', async (_case, headers) => {
    for (const path of ['/my-account/invite/ABC123', '/assets/config.json', '/.well-known/assetlinks.json', '/']) {
      const response = await app.inject({ method: 'GET', url: path, headers });
      expect(response.statusCode, path).toBe(421);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ status: 421, title: 'unknown-host' });
      expect(response.body).not.toContain('evil.example');
    }
    expect(calls).toEqual([]);
  });

  it.each([
    ['userinfo', 'invite.qwic.example:8080@evil.example'],
    ['a path', 'invite.qwic.example/evil'],
    ['a bad port', 'invite.qwic.example:http'],
  ])('is refused with 400, not read as a served host, when the Host has %s', async (_case, host) => {
    const response = await app.inject({ method: 'GET', url: '/my-account/invite/ABC123', headers: { host } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, title: 'invalid-host' });
    expect(calls).toEqual([]);
  });

  it('cannot be smuggled in with X-Forwarded-Host from a client that is not a trusted proxy', async () => {
    const smuggled = await page('evil.example', undefined, { 'x-forwarded-host': 'invite.qwic.example' });
    expect(smuggled.response.statusCode).toBe(421);
    // Nor does X-Forwarded-Host put a foreign origin into a page of a served host.
    const spoofed = await page('invite.qwic.example', undefined, {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(spoofed.response.statusCode).toBe(200);
    expect(spoofed.response.body).not.toContain('evil.example');
    expect(spoofed.meta('og:url')).toBe('https://invite.qwic.example/my-account/invite/ABC123');
    expect(calls.every((call) => call.host === new URL(serviceUrl).host)).toBe(true);
  });

  it('counts X-Forwarded-Host from a trusted proxy, and still only for mapped hosts', async () => {
    expect((await viaProxy('invite.qwic.example')).json().app).toBe('qwic');
    expect((await viaProxy('evil.example')).statusCode).toBe(421);
    expect((await viaProxy('evil.example@invite.qwic.example')).statusCode).toBe(400);
  });

  it('still gets health and metrics answers: probes ask by address', async () => {
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      const response = await app.inject({ method: 'GET', url: path, headers: { host: '10.1.2.3:8080' } });
      expect(response.statusCode, path).toBe(200);
    }
  });
});

describe('a brand map the server would refuse', () => {
  it.each([
    ['not JSON', '{ brands: [', /brands-1\.json: not valid JSON/],
    ['no brands', { brands: [] }, /brands-2\.json: brands: must list at least one brand/],
    [
      'a host with a port',
      { brands: [{ hosts: ['invite.example:443'], config: 'sparta.json', publicUrl: 'https://invite.example' }] },
      /brands-3\.json: brands\.0\.hosts\.0: must be a host name without scheme or port/,
    ],
    [
      'a public URL with a path',
      { brands: [{ hosts: ['invite.example'], config: 'sparta.json', publicUrl: 'https://invite.example/app' }] },
      /brands-4\.json: brands\.0\.publicUrl: must be an http\(s\) origin without a path/,
    ],
    [
      'a host in two brands',
      {
        brands: [
          { hosts: ['a.example'], config: 'sparta.json', publicUrl: 'https://a.example' },
          { hosts: ['b.example', 'A.example'], config: 'qwic.json', publicUrl: 'https://b.example' },
        ],
      },
      /brands-5\.json: brands\.1\.hosts\.1: a\.example is already a host of brands\.0/,
    ],
    [
      'an unknown field',
      { brands: [{ hosts: ['a.example'], config: 'sparta.json', publicUrl: 'https://a.example', colour: 'red' }] },
      /brands-6\.json: brands\.0\.colour: /,
    ],
  ])('names the file and the field: %s', (_case, content, message) => {
    const name = /brands-\d\.json/.exec(message.source.replaceAll('\\', ''))![0];
    expect(() => readBrandMap(file(name, content))).toThrow(message);
  });

  it('stops the start on a config the app would refuse, naming the config file, the brand map entry and the field', async () => {
    file('broken.json', { app: 'qwic', api: { bike: { url: 'javascript:alert(1)' } } });
    const map = file('brands-broken.json', {
      brands: [
        { hosts: ['a.example'], config: 'sparta.json', publicUrl: 'https://a.example' },
        { hosts: ['b.example'], config: 'broken.json', publicUrl: 'https://b.example' },
      ],
    });
    await expect(createAppServer({ ...testBuild(), brandMapPath: map, logLevel: 'silent' })).rejects.toThrow(
      `${join(dir, 'broken.json')} (${map}: brands.1.config): refused by the app: api.bike.url: must be an http(s) address or a path starting with /`,
    );
    const missing = file('brands-missing.json', {
      brands: [{ hosts: ['a.example'], config: 'nowhere.json', publicUrl: 'https://a.example' }],
    });
    await expect(createAppServer({ ...testBuild(), brandMapPath: missing, logLevel: 'silent' })).rejects.toThrow(
      `${missing}: brands.0.config: cannot read ${join(dir, 'nowhere.json')} (ENOENT)`,
    );
  });
});

describe("a brand's bike service on an origin of its own", () => {
  it("is in the page's connect-src, its live channel with it (GET bike/events, read with fetch)", () => {
    const brand = brandFrom({
      hosts: ['invite.sparta.example'],
      source: 'a test',
      configText: JSON.stringify({ app: 'sparta', api: { bike: { url: 'https://bike.sparta.example' } } }),
      origin: () => 'https://invite.sparta.example',
      bikeServiceUrl: undefined,
    });
    const stream = new URL(OWNER_EVENTS_PATH, bikeApiBase(brand.config));
    expect(stream.href).toBe('https://bike.sparta.example/api/v1/bike/events');
    expect(brandOrigins(brand)).toContain(stream.origin); // app-plugin.ts: allowInCsp({ connect: … })
  });
});
