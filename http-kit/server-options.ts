import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions } from 'fastify';
import { problem, problemContentType, sendProblem } from './problem.ts';
import { redact } from './redact.ts';
import { routerUrl } from './request-target.ts';

/** The largest request body either server reads (the login and token forms, the bike service's JSON). */
export const bodyLimit = 16 * 1024;

/** How long a request may take to arrive, headers and body, before its connection is closed. */
export const defaultRequestTimeoutMs = 10_000;

/** How long a connection may sit without any byte moving either way: between requests, mid-request or mid-answer. */
export const defaultIdleTimeoutMs = 60_000;

/** A refusal made before any route runs, for its log line and count; the URL already redacted. */
export type EarlyRefusal = {
  requestId: string;
  status: number;
  reason: string;
  remoteAddress: string | undefined;
  method?: string;
  url?: string;
};

export type ServerHardening = {
  requestTimeoutMs: number;
  idleTimeoutMs?: number | undefined;
  headers: () => Record<string, string>;
  /** Logs and counts a refusal made before any route runs (which the request log never sees). */
  refused: (refusal: EarlyRefusal) => void;
};

// Connection-level refusals, answered on the socket itself (Node has no request object for them).
const clientErrors: Record<string, { status: number; reason: string; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'request-timeout', detail: 'The request did not arrive in time.' },
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'headers-too-large', detail: 'The request headers are too large.' },
};
const notHttp = { status: 400, reason: 'bad-http', detail: 'The request is not valid HTTP.' };

/** Node closes an idle keep-alive connection this much after what it tells the client, so the client stops first. */
function keepAliveBuffer(idleMs: number): number {
  return Math.min(1000, Math.floor(idleMs / 2));
}

/** The Fastify options both servers share: limits, time-outs, the router's one reading of each
 * address, and problem answers for what Fastify refuses before any hook runs. */
export function serverOptions(options: ServerHardening): FastifyHttpOptions<Server> {
  const { requestTimeoutMs, headers, refused } = options;
  const idleMs = options.idleTimeoutMs ?? defaultIdleTimeoutMs;
  return {
    bodyLimit,
    requestTimeout: requestTimeoutMs,
    connectionTimeout: idleMs,
    keepAliveTimeout: idleMs - keepAliveBuffer(idleMs),
    // Given at creation, or a body that stops half-way is never timed out.
    http: {
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, requestTimeoutMs),
      keepAliveTimeoutBuffer: keepAliveBuffer(idleMs),
    },
    // Every rule keyed on a path (a hook's `/api/` prefix, the files' folders) reads the path the router matches.
    rewriteUrl: (request) => routerUrl(request.url ?? '/'),
    frameworkErrors: (error, request, reply) => {
      const slug = error.code === 'FST_ERR_BAD_URL' ? 'bad-url' : 'invalid-request';
      refused({
        requestId: request.id,
        status: 400,
        reason: slug,
        remoteAddress: request.ip,
        method: request.method,
        url: redact(request.url),
      });
      reply.headers(headers()).header('x-request-id', request.id);
      sendProblem(
        reply,
        problem(400, slug, slug === 'bad-url' ? 'The URL is not valid.' : 'The request is not valid.'),
      );
    },
    clientErrorHandler: (error, socket: Socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const known = clientErrors[error.code] ?? notHttp;
      const requestId = randomUUID();
      refused({ requestId, status: known.status, reason: known.reason, remoteAddress: socket.remoteAddress });
      const body = JSON.stringify(problem(known.status, null, known.detail));
      // As Fastify's own handler does: answer if the connection still takes it, then close it.
      if (socket.writable) {
        const lines = [
          `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}`,
          `content-type: ${problemContentType}`,
          `content-length: ${Buffer.byteLength(body)}`,
          'cache-control: no-store',
          'connection: close',
          `x-request-id: ${requestId}`,
          ...Object.entries(headers()).map(([name, value]) => `${name}: ${value}`),
        ];
        socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
      }
      socket.destroy(error);
    },
  };
}
