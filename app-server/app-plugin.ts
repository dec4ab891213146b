import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reachability } from '../http-kit/health.ts';
import type { client } from '../http-kit/metrics.ts';
import { createAppMetrics } from './app-metrics.ts';
import { brandOf, registerBrandHosts } from './brand-host.ts';
import { brandOrigins, type Brand } from './brands.ts';
import { registerBuildFiles } from './build-files.ts';
import { registerFieldData } from './field-data.ts';
import { createLoadShedding, type LoadShedding } from './load-shedding.ts';
import type { AppServerOptions } from './options.ts';
import { languageOf, loadPageResponder } from './page-responder.ts';
import { registerSignedInPart } from './signed-in-part.ts';
import { registerWellKnown } from './well-known.ts';

export type AppPluginOptions = Pick<
  AppServerOptions,
  'distDir' | 'ssrDir' | 'inviteTimeoutMs' | 'serveSourceMaps' | 'fieldRateLimit'
> & {
  brands: readonly Brand[];
  /** The server's metrics registry, which the app server's own metrics join. */
  registry: client.Registry;
  /** When pages go out for the browser to render instead (load-shedding.ts); default: never. */
  shedding?: LoadShedding;
  /** Readiness also asks the brands' bike services (not when they answer from this very process). */
  checkBikeServices: boolean;
};

/** The app server as one plugin, not encapsulated so its host check covers every route (decision 0028). */
export const appServerPlugin = fp(
  async (app: FastifyInstance, options: AppPluginOptions) => {
    const { brands } = options;
    const metrics = createAppMetrics(
      options.registry,
      brands.map((brand) => brand.key),
    );
    const shedding = options.shedding ?? createLoadShedding(Number.POSITIVE_INFINITY);
    const pages = await loadPageResponder({
      distDir: options.distDir,
      ssrDir: options.ssrDir,
      brands,
      inviteTimeoutMs: options.inviteTimeoutMs,
      metrics,
      shedding,
      log: (message) => app.log.warn(message),
    });
    app.addReadinessCheck('config', async () => 'ok');
    if (options.checkBikeServices) {
      const services = [...new Set(brands.map((brand) => brand.bikeServiceBase()))];
      const checks = services.map((base) => reachability(base));
      app.addReadinessCheck('bikeService', async () => {
        const results = await Promise.all(checks.map((check) => check()));
        return results.find((result) => result !== 'ok') ?? 'ok';
      });
    }
    const external = [...new Set(brands.flatMap(brandOrigins))];
    app.allowInCsp({ connect: external, img: external, ...pages?.inlineSources });

    // The host check first, so it covers every route of the server.
    registerBrandHosts(app, brands);
    registerWellKnown(app, (request) => brandOf(request).wellKnown);
    await registerFieldData(app, metrics, options.fieldRateLimit);
    if (pages) {
      await registerSignedInPart(app, {
        renderers: pages.renderers,
        language: languageOf,
        timeoutMs: options.inviteTimeoutMs,
        metrics,
        shedding,
      });
    }
    await registerBuildFiles(app, {
      distDir: options.distDir,
      config: (request) => brandOf(request).configText,
      ...(pages ? { pages: (request, reply) => pages.respond(request, reply, brandOf(request)) } : {}),
      serveSourceMaps: options.serveSourceMaps,
    });
  },
  { name: 'app-server', dependencies: ['security-headers', 'health', 'one-reading'] },
);
