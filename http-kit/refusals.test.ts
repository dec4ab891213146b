// Every refusal is seen: a log line with its request id, status and reason, the id in the answer,
// and a count in the metrics, also for what is refused before any route runs (a malformed URL,
// broken HTTP, a request too slow or with too large headers) or by the body limit or Host check.
import { afterEach, describe, expect, it } from 'vitest';
import { listening, parseRaw, rawExchange, testServer, until, type TestServer } from './test/test-server.ts';

let running: TestServer | undefined;
afterEach(async () => {
  await running?.app.close();
  running = undefined;
});

function start(requestTimeoutMs = 10_000): TestServer {
  running = testServer({ requestTimeoutMs });
  return running;
}

/** The log line of the refusal with this request id. */
function refusalLine(server: TestServer, requestId: unknown) {
  const line = server.lines.find((candidate) => candidate.requestId === requestId && candidate.status !== undefined);
  expect(line, `a log line for request ${String(requestId)}`).toBeDefined();
  return line!;
}

/** The count of refusals with this status and reason, from /metrics. */
async function refusals(server: TestServer, status: number, reason: string): Promise<number> {
  const text = (await server.app.inject({ method: 'GET', url: '/metrics' })).body;
  const pattern = new RegExp(
    `^http_refused_requests_total\\{(?=[^}]*status_code="${status}")(?=[^}]*reason="${reason}")[^}]*\\} (\\d+)$`,
    'm',
  );
  return Number(pattern.exec(text)?.[1] ?? 0);
}

describe('a refusal', () => {
  it('of a malformed URL is logged with its request id, status and reason, and counted', async () => {
    const server = start();
    const response = await server.app.inject({ method: 'GET', url: '/my-account/%' });
    expect(response.statusCode).toBe(400);
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(refusalLine(server, id)).toMatchObject({ status: 400, reason: 'bad-url', method: 'GET' });
    expect(await refusals(server, 400, 'bad-url')).toBe(1);
  });

  it('of a malformed URL keeps the request id the caller sent', async () => {
    const server = start();
    const response = await server.app.inject({
      method: 'GET',
      url: '/my-account/invite/%zz',
      headers: { 'x-request-id': 'lb-77' },
    });
    expect(response.headers['x-request-id']).toBe('lb-77');
    expect(refusalLine(server, 'lb-77')).toMatchObject({ status: 400, reason: 'bad-url' });
  });

  it('of a request whose headers never finish is logged and counted, and its 408 names a request id', async () => {
    const server = start(300);
    const port = await listening(server.app);
    const answer = parseRaw(await rawExchange(port, 'GET /my-account/ HTTP/1.1\r\nHost: localhost\r\n'));
    expect(answer.status).toBe(408);
    const id = answer.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => server.lines.some((line) => line.requestId === id));
    expect(refusalLine(server, id)).toMatchObject({ status: 408, reason: 'request-timeout' });
    expect(await refusals(server, 408, 'request-timeout')).toBe(1);
  });

  it('of headers that are too large is logged and counted, and its 431 names a request id', async () => {
    const server = start();
    const port = await listening(server.app);
    const big = `GET /my-account/ HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    const answer = parseRaw(await rawExchange(port, big));
    expect(answer.status).toBe(431);
    const id = answer.headers['x-request-id'];
    await until(() => server.lines.some((line) => line.requestId === id));
    expect(refusalLine(server, id)).toMatchObject({ status: 431, reason: 'headers-too-large' });
    expect(await refusals(server, 431, 'headers-too-large')).toBe(1);
  });

  it('of a request that is not HTTP is logged and counted', async () => {
    const server = start();
    const port = await listening(server.app);
    const answer = parseRaw(await rawExchange(port, 'GET / HTTP/1.1\r\nHost: localhost\r\nno colon here\r\n\r\n'));
    expect(answer.status).toBe(400);
    const id = answer.headers['x-request-id'];
    await until(() => server.lines.some((line) => line.requestId === id));
    expect(refusalLine(server, id)).toMatchObject({ status: 400, reason: 'bad-http' });
    expect(await refusals(server, 400, 'bad-http')).toBe(1);
  });

  it('of an oversized body is logged with its reason and counted', async () => {
    const server = start();
    const response = await server.app.inject({
      method: 'POST',
      url: '/data',
      headers: { 'content-type': 'application/json', 'x-request-id': 'big-1' },
      payload: JSON.stringify({ text: 'a'.repeat(20_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(refusalLine(server, 'big-1')).toMatchObject({ status: 413, reason: 'payload-too-large' });
    expect(await refusals(server, 413, 'payload-too-large')).toBe(1);
  });

  it('of a malformed Host is logged with its reason and counted', async () => {
    const server = start();
    const response = await server.app.inject({
      method: 'GET',
      url: '/my-account/',
      headers: { host: 'localhost:8080@evil.example', 'x-request-id': 'host-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(refusalLine(server, 'host-1')).toMatchObject({ status: 400, reason: 'invalid-host' });
    expect(await refusals(server, 400, 'invalid-host')).toBe(1);
  });
});
