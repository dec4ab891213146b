// What an operator watches the app server by: request ids, log lines, metrics, readiness, and
// load shedding. A stand-in bike service on loopback answers as each test sets it.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer } from './app-server.ts';
import type { AppServerOptions } from './options.ts';
import { testBuild } from './test/build.ts';
import { answerPendingInvite, listenOnLoopback } from './test/bike-service.ts';

type Mode = 'pending' | 'not-found' | 'error' | 'silent';
let mode: Mode = 'pending';
const seen: { url: string | undefined; headers: IncomingHttpHeaders }[] = [];
const held: ServerResponse[] = [];
const service = createServer((request, response) => {
  seen.push({ url: request.url, headers: request.headers });
  if (mode === 'silent') return void held.push(response);
  if (mode === 'not-found') return void response.writeHead(404).end();
  if (mode === 'error') return void response.writeHead(502).end();
  answerPendingInvite(response);
});
let serviceUrl: string;
const servers: FastifyInstance[] = [];

beforeAll(async () => {
  serviceUrl = await listenOnLoopback(service);
});
afterEach(() => {
  mode = 'pending';
  seen.length = 0;
});
afterAll(async () => {
  for (const response of held) response.destroy();
  await Promise.all(servers.map((server) => server.close()));
  await new Promise((resolve) => service.close(resolve));
});

/** An app server whose log lines are collected (parsed JSON) in `lines`. */
async function appServer(options: Partial<AppServerOptions> = {}) {
  const lines: Record<string, unknown>[] = [];
  const text: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        text.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  // However busy the machine, every page waits for its invite and none is shed (unless a test sets a limit).
  const app = await createAppServer({
    ...testBuild(),
    bikeServiceUrl: serviceUrl,
    inviteTimeoutMs: 30_000,
    maxEventLoopDelayMs: 0,
    logStream,
    ...options,
  });
  servers.push(app);
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host: '127.0.0.1:8080', ...headers } });
  return { app, get, lines, text: () => text.join('\n') };
}

/**
 * /metrics, parsed: its families with their types, and every series by name (a histogram's
 * `_count`, `_sum` and `_bucket` each on its own). The parser throws on anything that is not the
 * text format; it keeps only one series of a labelled histogram, so the series are read from the
 * same text without the TYPE lines, where every series is a family of its own (one per label set).
 */
async function metrics(get: (url: string) => Promise<{ headers: Record<string, unknown>; body: string }>) {
  const response = await get('/metrics');
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const families = parsePrometheusTextFormat(response.body);
  const series = parsePrometheusTextFormat(response.body.replace(/^# TYPE .*$/gm, ''));
  return {
    type: (name: string) => families.find((f) => f.name === name)?.type,
    names: families.map((f) => f.name),
    text: response.body,
    value: (name: string, labels: Record<string, string>) =>
      series
        .filter((f) => f.name === name)
        .flatMap((f) => f.metrics)
        .find((m) => Object.entries(labels).every(([key, value]) => m.labels?.[key] === value))?.value,
  };
}

/** A page that went out for the browser to render: no rendered routed area. */
const shed = (body: string) => body.includes('<div id="root"></div>');

describe('request ids', () => {
  it('takes x-request-id, echoes it, and sends it on to the bike service', async () => {
    const { get } = await appServer({ logLevel: 'silent' });
    const response = await get('/my-account/invite/ABC123', { 'x-request-id': 'lb-1234.abc' });
    expect(response.headers['x-request-id']).toBe('lb-1234.abc');
    expect(seen[0]?.headers['x-request-id']).toBe('lb-1234.abc');
  });

  it('takes the trace id of a traceparent, and sends the traceparent on', async () => {
    const { get } = await appServer({ logLevel: 'silent' });
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const response = await get('/my-account/invite/ABC123', { traceparent });
    expect(response.headers['x-request-id']).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(seen[0]?.headers.traceparent).toBe(traceparent);
    expect(seen[0]?.headers['x-request-id']).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('makes one when none comes, or when the one that comes is not a plain token', async () => {
    const { get } = await appServer({ logLevel: 'silent' });
    const made = (await get('/my-account/', { 'x-request-id': 'a b<script>' })).headers['x-request-id'];
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get('/my-account/')).headers['x-request-id']).not.toBe(made);
  });
});

describe('log lines', () => {
  it('one JSON line per request at the default level, with its id, brand, status and time', async () => {
    const { get, lines } = await appServer();
    await get('/assets/config.json', { 'x-request-id': 'req-1' });
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: 30,
      requestId: 'req-1',
      method: 'GET',
      url: '/assets/config.json',
      status: 200,
      brand: 'sparta',
    });
    expect(typeof requestLines[0]!.ms).toBe('number');
  });

  it('never hold an invite code, a sign-in code or state, or a token in full', async () => {
    const { get, lines, text } = await appServer();
    const secrets = ['SECRETINVITE42', 'AUTHCODE0123456789', 'STATEVALUE987654', 'REFRESHTOKEN5555'];
    await get('/my-account/invite/SECRETINVITE42?code=AUTHCODE0123456789&state=STATEVALUE987654&lang=de');
    await get('/my-account/?refresh_token=REFRESHTOKEN5555');
    mode = 'error'; // the failure's warning names the service, never the invite's address
    await get('/my-account/invite/SECRETINVITE42/decline');
    for (const secret of secrets) expect(text()).not.toContain(secret);
    expect(lines.filter((line) => line.msg === 'request').map((line) => line.url)).toEqual([
      '/my-account/invite/SE…?code=AU…&state=ST…&lang=de',
      '/my-account/?refresh_token=RE…',
      '/my-account/invite/SE…/decline',
    ]);
  });

  it('a failing or silent bike service is a warning with the reason', async () => {
    const { get, lines } = await appServer({ inviteTimeoutMs: 200 });
    mode = 'error';
    await get('/my-account/invite/ABC123');
    mode = 'silent';
    await get('/my-account/invite/ABC123');
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings.map((line) => [line.outcome, line.reason])).toEqual([
      ['error', 'answered 502'],
      ['timeout', 'no answer within 200 ms'],
    ]);
    expect(warnings[0]).toMatchObject({ brand: 'sparta', service: new URL(serviceUrl).origin });
  });
});

describe('metrics', () => {
  it('parse as Prometheus text: requests by route, status and brand; invite reads by outcome; renders; pages left to the browser', async () => {
    const { get } = await appServer({ logLevel: 'silent', inviteTimeoutMs: 200 });
    await get('/my-account/invite/ABC123');
    mode = 'not-found';
    await get('/my-account/invite/GONE01');
    mode = 'error';
    await get('/my-account/invite/ABC123');
    mode = 'silent';
    await get('/my-account/invite/ABC123');
    await get('/assets/nothing-here.js');
    const scraped = await metrics(get);

    expect(scraped.type('http_request_duration_seconds')).toBe('HISTOGRAM');
    const page = { method: 'GET', route: '/my-account/*', status_code: '200', brand: 'sparta' };
    expect(scraped.value('http_request_duration_seconds_count', page)).toBe('4');
    expect(scraped.value('http_request_duration_seconds_count', { status_code: '404', brand: 'sparta' })).toBe('1');
    // Never an address in a label: no invite code there.
    expect(scraped.text).not.toContain('ABC123');

    expect(scraped.type('app_server_invite_read_duration_seconds')).toBe('HISTOGRAM');
    for (const outcome of ['ok', 'not_found', 'error', 'timeout'])
      expect(
        scraped.value('app_server_invite_read_duration_seconds_count', { brand: 'sparta', outcome }),
        outcome,
      ).toBe('1');
    expect(scraped.value('app_server_render_duration_seconds_count', { brand: 'sparta' })).toBe('1');
    expect(scraped.type('app_server_pages_browser_rendered_total')).toBe('COUNTER');
    const fallback = (reason: string) =>
      scraped.value('app_server_pages_browser_rendered_total', { brand: 'sparta', reason });
    expect(fallback('no_data')).toBe('3');
    expect(fallback('overload')).toBe('0');
    // The process's own, from prom-client.
    expect(scraped.names).toEqual(
      expect.arrayContaining(['process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds']),
    );
  });
});

describe('load shedding', () => {
  it('past the rendering limit, a page goes out for the browser to render at once: no bike-service read, counted', async () => {
    const { get } = await appServer({ logLevel: 'silent', maxRendering: 0 });
    const response = await get('/my-account/invite/ABC123');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toMatch(/<script type="module" crossorigin src="\/assets\/app-[\w-]+\.js">/);
    expect(response.body).toContain('<meta property="og:site_name" content="Sparta" />'); // still the brand's preview
    expect(seen).toEqual([]);
    // A page loaded when its route matches is fetched with the app's code: nothing shows without it.
    const login = await get('/my-account/login');
    expect(login.body).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/login-page-[\w-]+\.js" \/>/);
    const scraped = await metrics(get);
    expect(scraped.value('app_server_pages_browser_rendered_total', { brand: 'sparta', reason: 'overload' })).toBe('2');
  });
});

describe('load shedding when the event loop lags', () => {
  it('sheds pages while the process stays behind, and renders again once it has caught up', async () => {
    const { get } = await appServer({ logLevel: 'silent', maxEventLoopDelayMs: 20 });
    // The event loop held up again and again, as by more work than the process can do, until a
    // page is shed (load-shedding.test.ts holds how long that takes, and that a blip does not).
    for (;;) {
      const busyUntil = Date.now() + 150;
      while (Date.now() < busyUntil);
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen.length = 0;
      if (shed((await get('/my-account/invite/ABC123')).body)) break;
    }
    expect(seen).toEqual([]); // a shed page reads nothing from the bike service
    // Then, with the event loop free again, pages are rendered again.
    while (shed((await get('/my-account/invite/ABC123')).body)) await new Promise((resolve) => setTimeout(resolve, 50));
  });
});

describe('health', () => {
  it('is ready when the bike service answers, not when it is unreachable or the server is stopping', async () => {
    const lifecycle = { closing: false };
    const { get } = await appServer({ logLevel: 'silent', lifecycle });
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { config: 'ok', bikeService: 'ok' } });
    lifecycle.closing = true;
    const stopping = await get('/readyz');
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toEqual({ status: 'not ready', checks: { shutdown: 'shutting down' } });
    expect((await get('/healthz')).statusCode).toBe(200);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = await appServer({ logLevel: 'silent', bikeServiceUrl: `http://127.0.0.1:${port}/api/v1/` });
    const notReady = await down.get('/readyz');
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({
      status: 'not ready',
      checks: { config: 'ok', bikeService: 'unreachable: ECONNREFUSED' },
    });
  });
});
