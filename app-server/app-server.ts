import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DestinationStream } from 'pino';
import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import type { Lifecycle } from '../http-kit/health.ts';
import { createHttpServer } from '../http-kit/http-server.ts';
import { client } from '../http-kit/metrics.ts';
import { defaultRequestTimeoutMs } from '../http-kit/server-options.ts';
import { appServerPlugin } from './app-plugin.ts';
import { brandFrom, loadBrandMap, readText, type Brand } from './brands.ts';
import { createLoadShedding } from './load-shedding.ts';
import { DEFAULT_INVITE_TIMEOUT_MS } from './page-responder.ts';

// The app server alone (`npm run app-server`), stateless, for any number of brands, in front of
// services elsewhere. `npm start` puts its plugin (app-plugin.ts) beside the reference services (demo/server.ts).

export type AppServerOptions = {
  distDir: string;
  ssrDir: string;
  /** The brand map file (docs/deploy.md#the-brand-map); without it, one brand from `configPath` and `publicUrl`. */
  brandMapPath: string | undefined;
  /** One brand's config file; default: the build's assets/config.json. */
  configPath: string | undefined;
  /** That brand's public origin; its host name is the one it answers. Default: localhost, on the port it listens on. */
  publicUrl: string | undefined;
  /** The bike service's base for the server's invite reads (e.g. http://bikes.internal/api/v1/), for brands that name none. */
  bikeServiceUrl: string | undefined;
  inviteTimeoutMs: number;
  /** Pages rendered at once before further ones go out for the browser to render (load shedding). */
  maxRendering: number;
  /** Event-loop delay (ms, averaged over 100 ms) past which pages go out for the browser to render; 0: never. */
  maxEventLoopDelayMs: number;
  /** Addresses of the proxies whose X-Forwarded-* headers count (Fastify's trustProxy); none by default. */
  trustProxy: string[];
  /** How long a request may take to arrive before its connection is closed. */
  requestTimeoutMs: number;
  /** Serve the source maps and Vite's build manifest (default: 404). */
  serveSourceMaps: boolean;
  /** Serve /metrics on this server's own port (start.ts moves it to a separate one). */
  metricsRoute: boolean;
  logLevel: string;
  /** Where log lines go (default: standard output). */
  logStream?: DestinationStream;
  /** Shared with start.ts, which turns `closing` on at SIGTERM. */
  lifecycle?: Lifecycle;
  /** The metrics registry; start.ts serves it on the metrics port. */
  registry?: client.Registry;
};

export const defaultAppServerOptions: AppServerOptions = {
  distDir: 'dist',
  ssrDir: 'dist-ssr',
  brandMapPath: undefined,
  configPath: undefined,
  publicUrl: undefined,
  bikeServiceUrl: undefined,
  inviteTimeoutMs: DEFAULT_INVITE_TIMEOUT_MS,
  maxRendering: 16,
  maxEventLoopDelayMs: 20,
  trustProxy: [],
  requestTimeoutMs: defaultRequestTimeoutMs,
  serveSourceMaps: false,
  metricsRoute: true,
  logLevel: 'info',
};

/** The brands to serve: the brand map's, or the one of `configPath` and `publicUrl`. */
function brandsFor(options: AppServerOptions, port: () => string): Brand[] {
  if (options.brandMapPath) return loadBrandMap(options.brandMapPath, options.bikeServiceUrl);
  const configPath = options.configPath ?? join(options.distDir, 'assets', 'config.json');
  const configText = readText(configPath, '--config');
  const { publicUrl } = options;
  return [
    brandFrom({
      hosts: publicUrl ? [new URL(publicUrl).hostname] : ['localhost', '127.0.0.1', '[::1]'],
      source: configPath,
      configText,
      origin: (host) => publicUrl ?? `http://${host}${port()}`,
      bikeServiceUrl: options.bikeServiceUrl,
    }),
  ];
}

/**
 * The app server alone: an http-kit server with the app server's plugin, and load shedding. Throws
 * naming the option, file or field when a brand or the build cannot be served.
 */
export async function createAppServer(partial: Partial<AppServerOptions> = {}): Promise<FastifyInstance> {
  const options = { ...defaultAppServerOptions, ...partial };
  const registry = options.registry ?? new client.Registry();
  const app = createHttpServer({
    logLevel: options.logLevel,
    logStream: options.logStream,
    trustProxy: options.trustProxy,
    requestTimeoutMs: options.requestTimeoutMs,
    lifecycle: options.lifecycle ?? { closing: false },
    registry,
    metricsRoute: options.metricsRoute,
    labels: { brand: (request) => request.brand?.key },
  });
  const listeningPort = () => {
    const address = app.server.address();
    return address && typeof address === 'object' ? `:${address.port}` : '';
  };
  const brands = brandsFor(options, listeningPort);
  if (!existsSync(join(options.distDir, 'index.html')))
    throw new Error(`--dist: no built app in ${options.distDir}: run \`npm run build\` first`);

  // Only measures the event loop's delay, for the pages' load shedding (load-shedding.ts):
  // under pressure every request is still answered.
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: 100,
    pressureHandler: () => undefined,
  });
  await app.register(appServerPlugin, {
    brands,
    distDir: options.distDir,
    ssrDir: options.ssrDir,
    inviteTimeoutMs: options.inviteTimeoutMs,
    registry,
    shedding: createLoadShedding(options.maxRendering, () => app.isUnderPressure()),
    checkBikeServices: true,
    serveSourceMaps: options.serveSourceMaps,
  });
  return app;
}
