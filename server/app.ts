import Fastify, { type FastifyInstance } from 'fastify';
import { createAppDocuments } from '../app-server/app-documents.ts';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { registerAccountRoutes } from './bike/accounts.ts';
import { registerInviteRoutes } from './bike/invite-routes.ts';
import { registerOwnerRoutes } from './bike/owner-routes.ts';
import { defaultOptions, type ServerOptions } from './config.ts';
import type { Context } from './context.ts';
import { openDatabase } from './db/database.ts';
import { seedDemoData } from './db/seed.ts';
import { readAppStore, wellKnownFiles } from './http/app-association.ts';
import { brandLogo, buildAppConfig, configIssuer, configOrigins } from './http/app-config.ts';
import { registerCors } from './http/cors.ts';
import { createOriginPolicy } from './http/origins.ts';
import { problem, ProblemError, registerProblemHandlers } from './http/problem.ts';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { bodyLimit, serverOptions } from './http/server-options.ts';
import { registerStatic } from './http/static.ts';
import { registerWellKnown } from './http/well-known.ts';
import { registerXsrf } from './http/xsrf.ts';
import { createExternalBearer } from './ids/external-bearer.ts';
import { registerLoginRoutes } from './ids/login-routes.ts';
import { registerOAuthRoutes } from './ids/oauth.ts';
import { loadTheme } from './ids/theme.ts';
import { pruneExpired } from './ids/tokens.ts';
import { registerUserRoutes } from './ids/user-routes.ts';

export type CreateServerOptions = Partial<ServerOptions> & { seed?: boolean };

/** The whole reference server as one fastify instance; `inject()` it in tests, `listen()` it in start.ts. */
export function createServer(partial: CreateServerOptions = {}): FastifyInstance {
  const options: ServerOptions = { ...defaultOptions, ...partial };
  // Set below once the app server's inline sources are known; answers before routing read it too.
  let headers = securityHeaders({ connect: [], img: [] });
  const app = Fastify({
    logger: { level: options.logLevel },
    routerOptions: { maxParamLength: 4096 },
    // request.ip, protocol and host come from X-Forwarded-* only when a listed proxy sent them.
    trustProxy: options.trustProxy.length > 0 ? options.trustProxy : false,
    ...serverOptions({ requestTimeoutMs: options.requestTimeoutMs, headers: () => headers }),
  });
  const appConfig = buildAppConfig(options.distDir, options.brand, options.configOverridePath, options.configOverride);
  // A malformed appStore stops the start: Apple and Google would silently ignore the files.
  const wellKnown = wellKnownFiles(readAppStore(appConfig));
  const db = openDatabase(options.dbPath);
  const origins = createOriginPolicy(options.allowedOrigins, options.port, options.publicUrl);
  const ctx: Context = {
    db,
    options,
    origins,
    tokenSettings: { accessTtlSeconds: options.accessTtlSeconds, refreshTtlSeconds: options.refreshTtlSeconds },
    theme: loadTheme(options.themesPath, options.brand),
    logo: brandLogo(options.distDir, options.brand),
    now: options.now,
    externalBearer: configIssuer(appConfig)
      ? createExternalBearer(configIssuer(appConfig)!, db, options.now)
      : undefined,
  };

  // Where this server listens, for the app server's own invite reads (set once it listens).
  let loopbackOrigin: string | undefined;

  // One encapsulated context holds every hook and route, so headers and handlers apply to all of them.
  app.register(async (instance) => {
    registerProblemHandlers(instance);
    await instance.register(cookie);
    await instance.register(formbody, { bodyLimit });
    await instance.register(compress, { global: true, threshold: 1024 });
    // Only routes that ask for a limit get one (the token endpoint, ids/oauth.ts).
    await instance.register(rateLimit, { global: false });
    // The app server's part: invite pages rendered with React, reading invites from this very
    // server over loopback, as it would from a bike service elsewhere.
    const documents = await createAppDocuments(
      {
        distDir: options.distDir,
        ssrDir: options.ssrDir,
        configText: JSON.stringify(appConfig),
        bikeServiceUrl: () => undefined,
        serviceOrigin: () => loopbackOrigin,
        publicUrl: options.publicUrl,
        inviteTimeoutMs: options.inviteTimeoutMs,
      },
      (message) => instance.log.warn(message),
    );
    const external = configOrigins(appConfig);
    headers = securityHeaders({ connect: external, img: external, ...documents?.inlineSources });
    registerSecurityHeaders(instance, headers);
    await registerCors(instance, origins);
    registerXsrf(instance, origins);
    instance.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      reply.header('cache-control', 'no-store');
      const type = request.headers['content-type'];
      // Only JSON bodies: a form or text/plain body is what a cross-site form would send.
      if (type !== undefined && !/^application\/json\s*(;|$)/i.test(type)) {
        throw new ProblemError(problem(415, null, 'Send request bodies as application/json.'));
      }
    });
    registerOAuthRoutes(instance, ctx);
    registerLoginRoutes(instance, ctx);
    registerUserRoutes(instance, ctx);
    registerAccountRoutes(instance, ctx);
    registerInviteRoutes(instance, ctx);
    registerOwnerRoutes(instance, ctx);
    registerWellKnown(instance, wellKnown);
    await registerStatic(instance, {
      distDir: options.distDir,
      mediaDir: options.mediaDir,
      appConfig,
      documents: documents?.send,
    });
  });
  if (partial.seed !== false) app.register(async () => void (await seedDemoData(db, ctx.now())));

  const pruner = setInterval(() => pruneExpired(db, ctx.now()), 10 * 60_000);
  pruner.unref();
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object') {
      origins.addListeningPort(address.port);
      const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
      loopbackOrigin = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    }
  });
  app.addHook('onClose', async () => {
    clearInterval(pruner);
    db.close();
  });
  return app;
}
