// One JSON log line per request, its id following it to the bike service, nothing secret (redact.ts).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { refusalReason } from './problem.ts';
import { redact } from './redact.ts';
import { isRefusal, type CountRefusal } from './refusals.ts';

/** W3C trace context: version-traceid-parentid-flags. */
export const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/** Fastify's `genReqId`: a plain `x-request-id`, else the `traceparent`'s trace id, else a new one. */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  if (typeof given === 'string' && REQUEST_ID.test(given)) return given;
  const trace = request.headers.traceparent;
  const traceId = typeof trace === 'string' ? TRACEPARENT.exec(trace)?.[1] : undefined;
  return traceId && !/^0+$/.test(traceId) ? traceId : randomUUID();
}

/** Log serializers: a request anywhere in a log line shows its method and redacted address only. */
export const logSerializers = {
  req: (request: { method?: string; url?: string }) => ({ method: request.method, url: redact(request.url ?? '') }),
};

export type RequestLogOptions = {
  label?: (request: FastifyRequest) => Record<string, string> | undefined;
  countRefusal?: CountRefusal;
};

/** One `info` line per answer, malformed URLs included, instead of Fastify's (`logController`). */
export class RequestLog extends LogController {
  readonly options: RequestLogOptions;

  constructor(options: RequestLogOptions = {}) {
    super({ requestIdLogLabel: 'requestId' });
    this.options = options;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const reason = isRefusal(status) ? refusalReason(reply) : undefined;
    if (reason) this.options.countRefusal?.(status, reason);
    const line = {
      method: request.method,
      url: redact(request.url),
      status,
      ...(reason ? { reason } : {}),
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...this.options.label?.(request),
    };
    if (error) request.log.error({ ...line, err: error }, 'request failed');
    else request.log.info(line, 'request');
  }
}

/** Echoes the request id in every answer's `x-request-id` (not encapsulated). */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'request-id' },
);
