import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reachability } from '../http-kit/health.ts';
import type { client } from '../http-kit/metrics.ts';
import { createAppDocuments } from './app-documents.ts';
import { createAppMetrics } from './app-metrics.ts';
import { brandOf, registerBrandHosts } from './brand-host.ts';
import { brandOrigins, type Brand } from './brands.ts';
import { registerBuildFiles } from './build-files.ts';
import { createLoadShedding, type LoadShedding } from './load-shedding.ts';
import { registerWellKnown } from './well-known.ts';

export type AppPluginOptions = {
  brands: readonly Brand[];
  distDir: string;
  ssrDir: string;
  /** How long a page waits for its invite before the browser is left to render it. */
  inviteTimeoutMs: number;
  /** The server's metrics registry, which the app server's own metrics join. */
  registry: client.Registry;
  /** When pages go out for the browser to render instead (load-shedding.ts); default: never. */
  shedding?: LoadShedding;
  /** Readiness also asks the brands' bike services (not when they answer from this very process). */
  checkBikeServices: boolean;
  /** Serve the source maps and Vite's build manifest (default: 404). */
  serveSourceMaps: boolean;
};

/**
 * The app server as one plugin, not encapsulated so that its host check covers every route of the
 * server (docs/decisions/0028-servers-apart.md). Without a build, documents answer a 503 problem.
 */
export const appServerPlugin = fp(
  async (app: FastifyInstance, options: AppPluginOptions) => {
    const { brands } = options;
    const metrics = createAppMetrics(
      options.registry,
      brands.map((brand) => brand.key),
    );
    const documents = await createAppDocuments(
      {
        distDir: options.distDir,
        ssrDir: options.ssrDir,
        brands,
        inviteTimeoutMs: options.inviteTimeoutMs,
        metrics,
        shedding: options.shedding ?? createLoadShedding(Number.POSITIVE_INFINITY),
      },
      (message) => app.log.warn(message),
    );
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
    app.allowInCsp({ connect: external, img: external, ...documents?.inlineSources });

    // The host check first, so it covers every route of the server.
    registerBrandHosts(app, brands);
    registerWellKnown(app, (request) => brandOf(request).wellKnown);
    await registerBuildFiles(app, {
      distDir: options.distDir,
      config: (request) => brandOf(request).configText,
      ...(documents ? { documents: (request, reply) => documents.send(request, reply, brandOf(request)) } : {}),
      serveSourceMaps: options.serveSourceMaps,
    });
  },
  { name: 'app-server', dependencies: ['security-headers', 'health', 'one-reading'] },
);
