import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { createAppDocuments } from '../app-server/app-documents.ts';
import { createAppMetrics } from '../app-server/app-metrics.ts';
import { registerAppRoutes } from '../app-server/app-routes.ts';
import { brandFrom, type Brand } from '../app-server/brands.ts';
import { createLoadShedding } from '../app-server/load-shedding.ts';
import { registerAccountRoutes } from './bike/accounts.ts';
import { registerInviteRoutes } from './bike/invite-routes.ts';
import { registerOwnerRoutes } from './bike/owner-routes.ts';
import { defaultOptions, type ServerOptions } from './config.ts';
import type { Context } from './context.ts';
import { openDatabase } from './db/database.ts';
import { seedDemoData } from './db/seed.ts';
import { brandLogo, buildAppConfig, configIssuer, configOrigins } from './http/app-config.ts';
import { registerCors } from './http/cors.ts';
import type { Lifecycle } from '../http-kit/health.ts';
import { createHttpServer } from '../http-kit/http-server.ts';
import { client } from '../http-kit/metrics.ts';
import { createOriginPolicy } from './http/origins.ts';
import { problem, ProblemError } from '../http-kit/problem.ts';
import { bodyLimit } from '../http-kit/server-options.ts';
import { registerXsrf } from './http/xsrf.ts';
import { createExternalBearer } from './ids/external-bearer.ts';
import { registerLoginRoutes } from './ids/login-routes.ts';
import { registerOAuthRoutes } from './ids/oauth.ts';
import { loadTheme } from './ids/theme.ts';
import { pruneExpired } from './ids/tokens.ts';
import { registerUserRoutes } from './ids/user-routes.ts';

export type CreateServerOptions = Partial<ServerOptions> & {
  seed?: boolean;
  /** Shared with start.ts, which turns `closing` on at SIGTERM. */
  lifecycle?: Lifecycle;
};

/**
 * The brands `npm start` serves, each with the served config.json for its key: the brand chosen at
 * start on localhost, 127.0.0.1 and [::1], and every brand of themes.json on `{key}.localhost`
 * (browsers send *.localhost to loopback), and with `--public-url` on that URL's host too. Their pages
 * read invites from this server over loopback.
 */
function referenceBrands(options: ServerOptions, port: () => string, loopback: () => string | undefined): Brand[] {
  const keys = Object.keys(JSON.parse(readFileSync(options.themesPath, 'utf8')) as object).filter(
    (key) => key !== 'default' && key !== options.brand,
  );
  const override = options.configOverridePath ? ` with ${options.configOverridePath}` : '';
  const publicHost = options.publicUrl ? new URL(options.publicUrl).hostname : undefined;
  const own = ['localhost', '127.0.0.1', '[::1]', ...(publicHost ? [publicHost] : [])];
  return [options.brand, ...keys].map((key) =>
    brandFrom({
      hosts: [...(key === options.brand ? own : []), `${key}.localhost`],
      source: `the config.json served for ${key}${override}`,
      configText: JSON.stringify(
        buildAppConfig(options.distDir, key, options.configOverridePath, options.configOverride),
      ),
      origin: (host) => (host === publicHost ? options.publicUrl! : `http://${host}${port()}`),
      bikeServiceBase: () => undefined,
      serviceOrigin: () => loopback() ?? `http://127.0.0.1${port()}`,
    }),
  );
}

/** The whole reference server as one fastify instance; `inject()` it in tests, `listen()` it in start.ts. */
export function createServer(partial: CreateServerOptions = {}): FastifyInstance {
  const options: ServerOptions = { ...defaultOptions, ...partial };
  const registry = new client.Registry();
  const app = createHttpServer({
    logLevel: options.logLevel,
    trustProxy: options.trustProxy,
    requestTimeoutMs: options.requestTimeoutMs,
    maxParamLength: 4096,
    lifecycle: partial.lifecycle ?? { closing: false },
    registry,
    metricsRoute: true,
    labels: { brand: (request) => request.brand?.key },
  });
  // Where this server listens, for the app server's own invite reads (set once it listens).
  let loopbackOrigin: string | undefined;
  const listeningPort = () => {
    const address = app.server.address();
    return address && typeof address === 'object' ? `:${address.port}` : options.port ? `:${options.port}` : '';
  };
  // A config the app would refuse, or a malformed appStore, stops the start, naming the field.
  const brands = referenceBrands(options, listeningPort, () => loopbackOrigin);
  const appConfig = JSON.parse(brands[0]!.configText) as Record<string, unknown>;
  const db = openDatabase(options.dbPath);
  // The brands' origins may receive authorization codes. Not [::1]: a Content-Security-Policy
  // cannot name an IPv6 address, and the login page's form-action lists these origins.
  const origins = createOriginPolicy(
    options.allowedOrigins,
    options.port,
    brands.flatMap((brand) => brand.hosts).filter((host) => !host.startsWith('[')),
    options.publicUrl,
  );
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

  const metrics = createAppMetrics(
    registry,
    brands.map((brand) => brand.key),
  );

  // One encapsulated context holds every hook and route, so headers and handlers apply to all of them.
  app.register(async (instance) => {
    instance.addReadinessCheck('config', async () => 'ok');
    await instance.register(cookie);
    await instance.register(formbody, { bodyLimit });
    // Only routes that ask for a limit get one (the token endpoint, ids/oauth.ts).
    await instance.register(rateLimit, { global: false });
    // The app server's part: invite pages rendered with React, reading invites from this very
    // server over loopback, as it would from a bike service elsewhere.
    const documents = await createAppDocuments(
      {
        distDir: options.distDir,
        ssrDir: options.ssrDir,
        brands,
        inviteTimeoutMs: options.inviteTimeoutMs,
        metrics,
        shedding: createLoadShedding(Number.POSITIVE_INFINITY),
      },
      (message) => instance.log.warn(message),
    );
    const external = [
      ...new Set(brands.flatMap((brand) => configOrigins(JSON.parse(brand.configText) as Record<string, unknown>))),
    ];
    instance.allowInCsp({ connect: external, img: external, ...documents?.inlineSources });
    // The host check first: every route of this context answers the brands' hosts only.
    await registerAppRoutes(instance, {
      brands,
      documents,
      distDir: options.distDir,
      mediaDir: options.mediaDir,
      serveSourceMaps: options.serveSourceMaps,
    });
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
