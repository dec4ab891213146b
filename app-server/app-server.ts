import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { createHttpServer } from '../http-kit/http-server.ts';
import { client } from '../http-kit/metrics.ts';
import { appServerPlugin } from './app-plugin.ts';
import { brandFrom, loadBrandMap, readText, type Brand } from './brands.ts';
import { createLoadShedding, PRESSURE_SAMPLE_MS, sustainedPressure } from './load-shedding.ts';
import { defaultAppServerOptions, type AppServerOptions } from './options.ts';

// The app server alone (`npm run app-server`), stateless, any number of brands, services elsewhere.

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

/** The app server alone, with load shedding; throws naming the option, file or field it cannot serve. */
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

  // Measures only, for load-shedding.ts: under pressure every request is still answered.
  await app.register(underPressure, { sampleInterval: PRESSURE_SAMPLE_MS });
  const pressure = sustainedPressure(options.maxEventLoopDelayMs);
  const sampler = setInterval(() => pressure.record(app.memoryUsage().eventLoopDelay), PRESSURE_SAMPLE_MS);
  sampler.unref();
  app.addHook('onClose', async () => clearInterval(sampler));
  await app.register(appServerPlugin, {
    brands,
    distDir: options.distDir,
    ssrDir: options.ssrDir,
    inviteTimeoutMs: options.inviteTimeoutMs,
    registry,
    shedding: createLoadShedding(options.maxRendering, pressure.pressured),
    checkBikeServices: true,
    serveSourceMaps: options.serveSourceMaps,
    fieldRateLimit: options.fieldRateLimit,
  });
  return app;
}
