// What both servers get from createHttpServer at the connection level: the security headers on
// every answer, also those Fastify gives before any hook runs, the body limit and the request
// time-out. The server here has a page route and a route that reads a JSON body.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer } from './http-server.ts';
import { client } from './metrics.ts';
import { defaultRequestTimeoutMs } from './server-options.ts';

let running: FastifyInstance | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(requestTimeoutMs = defaultRequestTimeoutMs): Promise<FastifyInstance> {
  const app = createHttpServer({
    logLevel: 'silent',
    trustProxy: [],
    requestTimeoutMs,
    lifecycle: { closing: false },
    registry: new client.Registry(),
    metricsRoute: false,
  });
  app.get('/my-account/*', (_request, reply) => reply.send('a page'));
  app.post('/data', (request, reply) => reply.send({ received: request.body }));
  running = app;
  return app;
}

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
}

/** Sends `text` on a raw connection and resolves with everything the server wrote once it closes the connection. */
async function rawExchange(app: FastifyInstance, text: string): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => void (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.write(text);
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('a server made by createHttpServer', () => {
  it.each(['/%E0%A4%A', '/my-account/%', '/my-account/invite/%zz'])(
    'answers the malformed URL %s with a 400 problem that carries the security headers',
    async (url) => {
      const app = await start();
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expectSecurityHeaders(response.headers);
    },
  );

  it('sends the security headers on a 404 problem answer', async () => {
    const app = await start();
    const response = await app.inject({ method: 'GET', url: '/assets/nothing-here.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expectSecurityHeaders(response.headers);
  });

  it('answers a request that is not valid HTTP with a 400 problem that carries the security headers', async () => {
    const app = await start();
    const answer = parseRaw(await rawExchange(app, 'GET / HTTP/1.1\r\nHost: localhost\r\nno colon here\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(answer.body)).toMatchObject({ status: 400 });
    expectSecurityHeaders(answer.headers);
  });

  it('closes a request whose headers never finish, answering 408 with the security headers', async () => {
    const app = await start(300);
    // The connection stays open until the server closes it: the exchange ends only then.
    const answer = parseRaw(await rawExchange(app, 'GET /my-account/ HTTP/1.1\r\nHost: localhost\r\n'));
    expect(answer.status).toBe(408);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expectSecurityHeaders(answer.headers);
  });

  it('closes a request whose body never finishes, answering 408', async () => {
    const app = await start(300);
    const head = [
      'POST /data HTTP/1.1',
      'Host: localhost',
      'Content-Type: application/json',
      'Content-Length: 100',
    ].join('\r\n');
    // Half of the announced body, and then nothing: only the server's time-out ends the exchange.
    const answer = parseRaw(await rawExchange(app, `${head}\r\n\r\n${'x'.repeat(50)}`));
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 408, detail: 'The request did not arrive in time.' });
  });

  it('answers an oversized body with a 413 problem that carries the security headers', async () => {
    const app = await start();
    const response = await app.inject({
      method: 'POST',
      url: '/data',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'a'.repeat(20_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expectSecurityHeaders(response.headers);
  });
});
