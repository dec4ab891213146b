import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Lifecycle } from '../http-kit/health.ts';
import { createHttpServer } from '../http-kit/http-server.ts';
import { client } from '../http-kit/metrics.ts';
import { problem, ProblemError } from '../http-kit/problem.ts';
import { bodyLimit, defaultRequestTimeoutMs } from '../http-kit/server-options.ts';
import { registerFiles } from '../http-kit/static.ts';
import { registerAccountRoutes } from './bike/accounts.ts';
import { registerInviteRoutes } from './bike/invite-routes.ts';
import { createWriteLimits } from './bike/limits.ts';
import { createOwnerEvents } from './bike/event-hub.ts';
import { registerOwnerEvents } from './bike/owner-events.ts';
import { registerOwnerRoutes } from './bike/owner-routes.ts';
import { registerRiderRoutes } from './bike/rider-routes.ts';
import type { Context } from './context.ts';
import { openDatabase } from './db/database.ts';
import { seedDemoData } from './db/seed.ts';
import { registerCors } from './http/cors.ts';
import { createOriginPolicy } from './http/origins.ts';
import { movableClock, registerTestClock } from './http/test-clock.ts';
import { registerXsrf } from './http/xsrf.ts';
import { createExternalBearer } from './ids/external-bearer.ts';
import { registerLoginRoutes } from './ids/login-routes.ts';
import { registerOAuthRoutes } from './ids/oauth.ts';
import { pruneExpired } from './ids/tokens.ts';
import { registerUserRoutes } from './ids/user-routes.ts';
import { windowStore } from './ids/window-counter.ts';
import { defaultReferenceOptions, type ReferenceOptions } from './reference-options.ts';
import { brandLogoPath } from '../src/contract/brand-assets.ts';
import { themeFor } from '../src/contract/themes.ts';

/** Clients a rate limit keeps count of in one window; past it, new clients are refused until windows end. */
const RATE_LIMIT_CLIENTS = 100_000;

/** Longer path parameters than Fastify's 100 characters: an overlong invite code gets the bike service's 400, not a 404. */
export const REFERENCE_MAX_PARAM_LENGTH = 4096;

/** The reference identity (/ids) and bike services (/api, /media), not encapsulated: its hooks cover every route. */
export const referenceServices = fp(
  async (app: FastifyInstance, partial: Partial<ReferenceOptions>) => {
    const options: ReferenceOptions = { ...defaultReferenceOptions, ...partial };
    const db = openDatabase(options.dbPath);
    const origins = createOriginPolicy(options.allowedOrigins, options.port, options.hosts, options.publicUrl);
    const ctx: Context = {
      db,
      options,
      origins,
      tokenSettings: { accessTtlSeconds: options.accessTtlSeconds, refreshTtlSeconds: options.refreshTtlSeconds },
      theme: themeFor(options.brand),
      logo: options.logo ?? brandLogoPath(options.brand),
      now: options.now,
      idsNow: options.now,
      limitWrite: createWriteLimits(options.ownerLimits.writesPerMinute),
      events: createOwnerEvents(options.eventStreams),
      externalBearer: options.issuer ? createExternalBearer(options.issuer, db, options.now) : undefined,
    };

    await app.register(cookie);
    await app.register(formbody, { bodyLimit });
    // Only routes that ask for a limit get one (the token endpoint, ids/oauth.ts).
    await app.register(rateLimit, { global: false, store: windowStore(RATE_LIMIT_CLIENTS) });
    await registerCors(app, origins);
    registerXsrf(app, origins);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      reply.header('cache-control', 'no-store');
      const type = request.headers['content-type'];
      // Only JSON bodies: a form or text/plain body is what a cross-site form would send.
      if (type !== undefined && !/^application\/json\s*(;|$)/i.test(type)) {
        throw new ProblemError(problem(415, null, 'Send request bodies as application/json.'));
      }
    });
    registerOAuthRoutes(app, ctx);
    registerLoginRoutes(app, ctx);
    registerUserRoutes(app, ctx);
    const clock = options.testClock ? movableClock(options.now) : undefined;
    if (clock) registerTestClock(app, clock);
    const bike: Context = clock ? { ...ctx, now: clock.now } : ctx;
    registerAccountRoutes(app, bike);
    registerInviteRoutes(app, bike);
    registerOwnerRoutes(app, bike);
    registerOwnerEvents(app, bike);
    registerRiderRoutes(app, bike);
    await registerFiles(app, {
      root: options.mediaDir,
      prefix: '/media/',
      cacheControl: () => 'public, max-age=604800',
      // Bike photos and avatars may be shown by the app when it is served from another allowed origin.
      headers: { 'cross-origin-resource-policy': 'cross-origin' },
    });
    if (options.seed) await seedDemoData(db, ctx.now());

    const pruner = setInterval(() => pruneExpired(db, ctx.now()), 10 * 60_000);
    pruner.unref();
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (address && typeof address === 'object') origins.addListeningPort(address.port);
    });
    app.addHook('onClose', async () => {
      clearInterval(pruner);
      db.close();
    });
  },
  { name: 'reference-services', dependencies: ['problems', 'security-headers', 'one-reading'] },
);

export type CreateServerOptions = Partial<ReferenceOptions> & {
  logLevel?: string;
  trustProxy?: string[];
  requestTimeoutMs?: number;
  lifecycle?: Lifecycle;
};

/** The reference services alone on an http-kit server, without the app: `inject()` it in tests. */
export function createServer(partial: CreateServerOptions = {}): FastifyInstance {
  const {
    logLevel = 'warn',
    trustProxy = [],
    requestTimeoutMs = defaultRequestTimeoutMs,
    lifecycle,
    ...reference
  } = partial;
  const app = createHttpServer({
    logLevel,
    trustProxy,
    requestTimeoutMs,
    maxParamLength: REFERENCE_MAX_PARAM_LENGTH,
    lifecycle: lifecycle ?? { closing: false },
    registry: new client.Registry(),
    metricsRoute: true,
  });
  app.register(referenceServices, reference);
  return app;
}
