import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions } from 'fastify';
import { problem, problemContentType, sendProblem } from './problem.ts';
import { routerUrl } from './request-target.ts';

/** The largest request body either server reads (the login and token forms, the bike service's JSON). */
export const bodyLimit = 16 * 1024;

/** How long a request may take to arrive, headers and body, before its connection is closed. */
export const defaultRequestTimeoutMs = 10_000;

/** How long a connection may sit without any byte moving either way, mid-request or mid-answer. */
const idleConnectionMs = 60_000;

export type ServerHardening = {
  requestTimeoutMs: number;
  /** The server's security headers (security-headers.ts), read when an answer is sent. */
  headers: () => Record<string, string>;
};

// Connection-level refusals, answered on the socket itself (Node has no request object for them).
const clientErrors: Record<string, { status: number; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request did not arrive in time.' },
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'The request headers are too large.' },
};

/**
 * The Fastify options both servers share: limits, time-outs, one reading of each address (the
 * router's), and problem answers with the security headers for what Fastify refuses before any
 * hook runs (a malformed URL, broken or slow HTTP).
 */
export function serverOptions({ requestTimeoutMs, headers }: ServerHardening): FastifyHttpOptions<Server> {
  return {
    bodyLimit,
    requestTimeout: requestTimeoutMs,
    connectionTimeout: idleConnectionMs,
    // Node's server must get the time-out at its creation, or a body that stops half-way is never
    // timed out; it checks at this interval (30 s by default).
    http: { requestTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.min(1000, requestTimeoutMs) },
    // Every rule keyed on a path (a hook's `/api/` prefix, the files' folders) reads the path the router matches.
    rewriteUrl: (request) => routerUrl(request.url ?? '/'),
    frameworkErrors: (error, _request, reply) => {
      reply.headers(headers());
      sendProblem(
        reply,
        problem(400, null, error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid.' : 'The request is not valid.'),
      );
    },
    clientErrorHandler: (error, socket: Socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const known = clientErrors[error.code] ?? { status: 400, detail: 'The request is not valid HTTP.' };
      const body = JSON.stringify(problem(known.status, null, known.detail));
      // As Fastify's own handler does: answer if the connection still takes it, then close it.
      if (socket.writable) {
        const lines = [
          `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}`,
          `content-type: ${problemContentType}`,
          `content-length: ${Buffer.byteLength(body)}`,
          'cache-control: no-store',
          'connection: close',
          ...Object.entries(headers()).map(([name, value]) => `${name}: ${value}`),
        ];
        socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
      }
      socket.destroy(error);
    },
  };
}
