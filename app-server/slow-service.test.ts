// The app server alone, in front of a bike service that misbehaves: whatever it does, the invitee
// gets the page the browser renders itself (as from a static deploy), never an error page. The
// service here is a stand-in on loopback; demo/rendered-pages.test.ts runs against the real one.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer } from './app-server.ts';
import { testBuild } from './test/build.ts';
import { answerPendingInvite, listenOnLoopback } from './test/bike-service.ts';
import { PAGE_META, pageMeta, SERVER_DATA_ID } from '../src/contract/page-protocol.ts';

type Behaviour = 'silent' | 'error' | 'not-json' | 'pending';
let behaviour: Behaviour = 'silent';
let service: Server;
let serviceUrl: string;
const held: import('node:http').ServerResponse[] = [];

beforeAll(async () => {
  service = createServer((_request, response) => {
    if (behaviour === 'silent') return void held.push(response); // never answers
    if (behaviour === 'error')
      return void response.writeHead(500, { 'content-type': 'application/problem+json' }).end('{}');
    if (behaviour === 'not-json') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
    answerPendingInvite(response);
  });
  serviceUrl = await listenOnLoopback(service);
});
afterAll(async () => {
  for (const response of held) response.destroy();
  await new Promise((resolve) => service.close(resolve));
});

async function appServerFor(bikeServiceUrl: string, inviteTimeoutMs = 200): Promise<FastifyInstance> {
  return createAppServer({
    ...testBuild(),
    bikeServiceUrl,
    inviteTimeoutMs,
    logLevel: 'silent',
    maxEventLoopDelayMs: 0,
  });
}

async function invitePage(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/my-account/invite/ABC123' });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.body };
}

describe('the app server alone', () => {
  it('renders the invite when the bike service answers', async () => {
    behaviour = 'pending';
    const page = await invitePage(await appServerFor(serviceUrl, 30_000)); // however busy the machine
    expect(page.status).toBe(200);
    expect(page.body).toContain('<p class="user-card__name">Sofie</p>');
    expect(page.body).toContain(`id="${SERVER_DATA_ID}"`);
    // React DOM's client, which the app imports as it starts, named for the page script to fetch
    // with the app's code once the page is painted, not fetched before.
    expect(page.body).toMatch(new RegExp(pageMeta(PAGE_META.preload, '/assets/react-root-[\\w-]+\\.js')));
    expect(page.body).not.toContain('rel="modulepreload"');
  });

  it.each([
    ['never answers (the page waits no longer than its time-out)', 'silent'],
    ['answers 500', 'error'],
    ['answers something that is not JSON', 'not-json'],
  ] as const)('sends the browser-rendered page when the bike service %s', async (_name, mode) => {
    behaviour = mode;
    const page = await invitePage(await appServerFor(serviceUrl));
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).not.toContain(`id="${SERVER_DATA_ID}"`);
    expect(page.body).toMatch(/<script type="module" crossorigin src="\/assets\/app-[\w-]+\.js">/); // the app, which reads the invite itself
    expect(page.body).toMatch(/<link rel="modulepreload" crossorigin="" href="\/assets\/react-root-[\w-]+\.js">/);
  });

  it('sends the browser-rendered page when nothing listens at the bike service address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const page = await invitePage(await appServerFor(`http://127.0.0.1:${port}/api/v1/`));
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
  });

  it('serves the build: hashed files, config, and a problem answer for an unknown file', async () => {
    const app = await appServerFor(serviceUrl);
    expect((await app.inject({ method: 'GET', url: '/assets/config.json' })).statusCode).toBe(200);
    const missing = await app.inject({ method: 'GET', url: '/assets/nothing-here.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await app.inject({ method: 'GET', url: '/' })).headers.location).toBe('/my-account/');
  });
});
