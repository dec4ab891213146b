// Connection time-outs hold while the server drains on shutdown too: a client that trickles its
// request gets its 408 at its own deadline, and the server finishes closing instead of waiting for
// it; an idle keep-alive connection is closed after the idle time, as documented.
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listening, openConnection, parseRaw, testServer, until, type TestServer } from './test/test-server.ts';

let running: TestServer | undefined;
const timers: NodeJS.Timeout[] = [];
afterEach(async () => {
  for (const timer of timers.splice(0)) clearInterval(timer);
  await running?.app.close();
  running = undefined;
});

/** Writes one more byte of `text` at a time, as a slow client would, until it has all gone or the connection closed. */
function trickle(connection: ReturnType<typeof openConnection>, text: string): void {
  let at = 0;
  const timer = setInterval(() => {
    if (connection.closed() || at >= text.length) return clearInterval(timer);
    connection.write(text[at++]!);
  }, 50);
  timers.push(timer);
}

async function drainWithSlowClient(request: string) {
  const lifecycle = { closing: false };
  running = testServer({ logLevel: 'silent', requestTimeoutMs: 600, lifecycle });
  const { app } = running;
  const port = await listening(app);
  const accepted: Socket[] = [];
  app.server.on('connection', (socket: Socket) => accepted.push(socket));
  const slow = openConnection(port);
  const started = Date.now();
  // The first bytes now, and once the server has read them, the rest far slower than the request time-out allows.
  slow.write(request.slice(0, 20));
  await until(() => accepted.some((socket) => socket.bytesRead >= 20));
  trickle(slow, `${request.slice(20)}${'x'.repeat(10_000)}`);
  lifecycle.closing = true;
  let closed = false;
  const closing = app.close().then(() => void (closed = true));
  const raw = await slow.ended;
  const answeredAfter = Date.now() - started;
  await closing;
  return { answer: parseRaw(raw), answeredAfter, closed };
}

describe('draining on shutdown', () => {
  it('answers a client that trickles its headers with 408 at its deadline, and finishes closing', async () => {
    const { answer, answeredAfter, closed } = await drainWithSlowClient(
      'GET /my-account/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: ',
    );
    expect(answer.status).toBe(408);
    expect(answeredAfter).toBeGreaterThanOrEqual(550);
    expect(closed).toBe(true);
  });

  it('answers a client that trickles its body with 408 at its deadline, and finishes closing', async () => {
    const head =
      'POST /data HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n';
    const { answer, closed } = await drainWithSlowClient(`${head}{"a":"`);
    expect(answer.status).toBe(408);
    expect(closed).toBe(true);
  });
});

describe('an idle keep-alive connection', () => {
  it('is closed once it has been idle for the idle time', async () => {
    running = testServer({ logLevel: 'silent', idleTimeoutMs: 400 });
    const port = await listening(running.app);
    const connection = openConnection(port);
    connection.write('GET /my-account/ HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    await until(() => connection.received().includes('a page'));
    const answered = Date.now();
    expect(parseRaw(connection.received()).headers.connection).toBe('keep-alive');
    await connection.ended;
    expect(Date.now() - answered).toBeGreaterThanOrEqual(300);
  });
});
