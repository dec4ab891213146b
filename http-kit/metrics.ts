import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyMetricsModule from 'fastify-metrics';
import client from 'prom-client';
import { HEALTH_PATHS } from './health.ts';

export { client };

const fastifyMetrics = fastifyMetricsModule.default;

export type MetricsOptions = {
  registry: client.Registry;
  /** Extra labels of the request histogram (the brand), each from the request; `none` when it has none. */
  labels?: Record<string, (request: FastifyRequest) => string | undefined>;
  /** Serve the registry at GET /metrics on this server (the app server may serve it on a port of its own). */
  route: boolean;
};

/** Default metrics and a request-duration histogram by route pattern (never the address: no invite code in a label). */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const { registry } = options;
    await app.register(fastifyMetrics, {
      endpoint: null,
      defaultMetrics: { enabled: true, register: registry },
      routeMetrics: {
        enabled: { histogram: true, summary: false },
        registeredRoutesOnly: true,
        routeBlacklist: [METRICS_PATH, HEALTH_PATHS.live, HEALTH_PATHS.ready],
        customLabels: Object.fromEntries(
          Object.entries(options.labels ?? {}).map(([name, label]) => [
            name,
            (request: FastifyRequest) => label(request) ?? 'none',
          ]),
        ),
        overrides: {
          histogram: {
            registers: [registry],
            buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
          },
          summary: { registers: [registry] },
        },
      },
    });
    if (options.route) registerMetricsRoute(app, registry);
  },
  { name: 'metrics' },
);

/** Where the metrics are: scrape settings (deploy/kubernetes/) name this path. */
export const METRICS_PATH = '/metrics';

export function registerMetricsRoute(app: FastifyInstance, registry: client.Registry): void {
  app.get(METRICS_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics()),
  );
}
