// A createHttpServer server for http-kit's tests, its log lines collected, with raw connections to it.
import { connect, type AddressInfo, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createHttpServer, type HttpServerOptions } from '../http-server.ts';
import { client } from '../metrics.ts';

export type TestServer = {
  app: FastifyInstance;
  lines: Record<string, unknown>[];
  text: () => string;
};

/** A server with a page route, an invite route, a login route and a JSON route; `listen()` it for raw tests. */
export function testServer(options: Partial<HttpServerOptions> = {}): TestServer {
  const lines: Record<string, unknown>[] = [];
  const written: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        written.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const app = createHttpServer({
    logLevel: 'info',
    logStream,
    trustProxy: [],
    requestTimeoutMs: 10_000,
    lifecycle: { closing: false },
    registry: new client.Registry(),
    metricsRoute: true,
    ...options,
  });
  app.get('/my-account/*', (_request, reply) => reply.send('a page'));
  app.get('/api/v1/bike/invite-code/:code', (_request, reply) => reply.send({ invite: true }));
  app.get('/ids/login', (_request, reply) => reply.send('a login form'));
  app.post('/data', (request, reply) => reply.send({ received: request.body }));
  return { app, lines, text: () => written.join('\n') };
}

export async function listening(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

export type Connection = {
  socket: Socket;
  write: (text: string) => void;
  received: () => string;
  closed: () => boolean;
  /** Resolves with everything the server wrote once it has closed the connection. */
  ended: Promise<string>;
};

/** A raw connection to `port`, to send exactly what a test writes and see exactly what comes back. */
export function openConnection(port: number): Connection {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => void (received += chunk));
  socket.on('error', () => undefined);
  const ended = new Promise<string>((resolve) =>
    socket.on('close', () => {
      closed = true;
      resolve(received);
    }),
  );
  return { socket, write: (text) => void socket.write(text), received: () => received, closed: () => closed, ended };
}

/** Sends `text` on a new connection and resolves with everything the server wrote once it closes it. */
export function rawExchange(port: number, text: string): Promise<string> {
  const connection = openConnection(port);
  connection.write(text);
  return connection.ended;
}

/** The first answer in `raw`: its status, headers (lower-case names) and body. */
export function parseRaw(raw: string) {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

/** Waits until `check` holds: a condition, with the test's time-out as its only limit. */
export async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}
