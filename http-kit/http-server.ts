import type { DestinationStream } from 'pino';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import { healthPlugin, type Lifecycle } from './health.ts';
import { metricsPlugin, type client } from './metrics.ts';
import { oneReadingPlugin } from './one-reading.ts';
import { problemsPlugin } from './problem.ts';
import { refusalCounter } from './refusals.ts';
import { logSerializers, requestIdFor, RequestLog, requestIdPlugin } from './request-log.ts';
import { securityHeadersPlugin } from './security-headers.ts';
import { serverOptions } from './server-options.ts';
import { closingConnectionsPlugin, keepTimeoutsWhileDraining } from './shutdown.ts';

export type HttpServerOptions = {
  logLevel: string;
  logStream?: DestinationStream | undefined;
  /** Addresses of the proxies whose X-Forwarded-* headers count (Fastify's trustProxy); none by default. */
  trustProxy: readonly string[];
  /** How long a request may take to arrive, headers and body, before its connection is closed. */
  requestTimeoutMs: number;
  /** How long a connection may sit idle, between requests too, before it is closed (default 60 s). */
  idleTimeoutMs?: number | undefined;
  /** The longest path parameter the router takes (Fastify's default: 100 characters). */
  maxParamLength?: number | undefined;
  /** Shared with the start command, which turns `closing` on at SIGTERM. */
  lifecycle: Lifecycle;
  registry: client.Registry;
  metricsRoute: boolean;
  /** Fields of a request that its log line and its metrics carry (the brand); metrics say `none` without one. */
  labels?: Record<string, (request: FastifyRequest) => string | undefined>;
};

/** The Fastify instance both servers start from (docs/decisions/0028-servers-apart.md). */
export function createHttpServer(options: HttpServerOptions): FastifyInstance {
  const labels = options.labels ?? {};
  const countRefusal = refusalCounter(options.registry);
  const label = (request: FastifyRequest) => {
    const fields = Object.entries(labels).flatMap(([name, value]) => {
      const text = value(request);
      return text === undefined ? [] : [[name, text] as const];
    });
    return fields.length > 0 ? Object.fromEntries(fields) : undefined;
  };
  const app: FastifyInstance = Fastify({
    logger: {
      level: options.logLevel,
      serializers: logSerializers,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    logController: new RequestLog({ label, countRefusal }),
    genReqId: requestIdFor,
    // request.ip, protocol and host come from X-Forwarded-* only when a listed proxy sent them.
    trustProxy: options.trustProxy.length > 0 ? [...options.trustProxy] : false,
    return503OnClosing: false,
    ...(options.maxParamLength ? { routerOptions: { maxParamLength: options.maxParamLength } } : {}),
    ...serverOptions({
      requestTimeoutMs: options.requestTimeoutMs,
      idleTimeoutMs: options.idleTimeoutMs,
      headers: () => app.securityHeaders(),
      refused: (refusal) => {
        countRefusal(refusal.status, refusal.reason);
        app.log.info(refusal, 'request');
      },
    }),
  });
  keepTimeoutsWhileDraining(app.server);
  app.register(problemsPlugin);
  app.register(requestIdPlugin);
  app.register(closingConnectionsPlugin, { lifecycle: options.lifecycle });
  app.register(metricsPlugin, { registry: options.registry, labels, route: options.metricsRoute });
  app.register(healthPlugin, { lifecycle: options.lifecycle });
  // Before compression, so the ETag is the uncompressed answer's.
  app.register(etag);
  app.register(compress, { global: true, threshold: 1024 });
  app.register(securityHeadersPlugin);
  // After the security headers, so that its 400 carries them; before every other refusing hook.
  app.register(oneReadingPlugin);
  return app;
}
