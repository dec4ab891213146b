// `npm run app-server -- [options]`: the app server alone (docs/deploy.md).
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { registerHealth } from '../http-kit/health.ts';
import { client, registerMetricsRoute } from '../http-kit/metrics.ts';
import { DEFAULT_SHUTDOWN_GRACE_MS, stopOnSignals } from '../http-kit/shutdown.ts';
import { flagOrEnv, httpAddress, optionError, wholeNumber } from '../http-kit/cli-options.ts';
import { APP_ROOT } from '../src/contract/paths.ts';
import { createAppServer } from './app-server.ts';
import { withSlash } from './brands.ts';
import {
  defaultAppServerOptions,
  defaultServingOptions,
  servingFlags,
  servingOptions,
  servingUsage,
} from './options.ts';

export const usage = `Usage: npm run app-server -- [options]
  --brands FILE          the brand map: which host names serve which brand's config
                         (env BRANDS; docs/deploy.md#the-brand-map)
  --config FILE          without --brands: the one brand's config.json (default DIR/assets/config.json)
  --public-url U         without --brands: its public origin, e.g. https://invite.brand.example; its
                         host name is the one served (env PUBLIC_URL; default: localhost and
                         127.0.0.1 on the port listened on)
  --bike-service-url U   the bike service's base for the server's invite reads, for brands whose
                         map entry names none, e.g. http://bikes.internal/api/v1/ (env
                         BIKE_SERVICE_URL; default: the config's api.bike address, on the brand's
                         public origin)
  --metrics-port N       serve /metrics (and /healthz, /readyz) on this port instead of the main
                         one (env METRICS_PORT)
  --metrics-host H       address for the metrics port (env METRICS_HOST, default: --host)
  --max-rendering N      pages rendered at once; past it a page goes out for the browser to
                         render (env MAX_RENDERING, default ${defaultAppServerOptions.maxRendering})
  --max-event-loop-delay MS  event-loop delay which, kept up for a second, has pages go out for
                         the browser to render (load shedding; env MAX_EVENT_LOOP_DELAY,
                         default ${defaultAppServerOptions.maxEventLoopDelayMs}, 0: never)
  --shutdown-grace MS    after SIGTERM, the longest wait for requests in flight (env SHUTDOWN_GRACE,
                         default ${DEFAULT_SHUTDOWN_GRACE_MS})
${servingUsage(defaultServingOptions)}`;

async function main(): Promise<void> {
  let values;
  try {
    values = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: {
        ...servingFlags,
        brands: { type: 'string' },
        config: { type: 'string' },
        'public-url': { type: 'string' },
        'bike-service-url': { type: 'string' },
        'metrics-port': { type: 'string' },
        'metrics-host': { type: 'string' },
        'max-rendering': { type: 'string' },
        'max-event-loop-delay': { type: 'string' },
        'shutdown-grace': { type: 'string' },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const env = process.env;
  const pick = (flag: string | undefined, name: string) => flagOrEnv(flag, env, name);
  let app;
  let serving;
  let metricsPort: number | undefined;
  let graceMs;
  const lifecycle = { closing: false };
  const registry = new client.Registry();
  try {
    serving = servingOptions(values, env, defaultServingOptions);
    metricsPort = wholeNumber(pick(values['metrics-port'], 'METRICS_PORT'), 'metrics-port', 0, undefined);
    graceMs = wholeNumber(
      pick(values['shutdown-grace'], 'SHUTDOWN_GRACE'),
      'shutdown-grace',
      0,
      DEFAULT_SHUTDOWN_GRACE_MS,
    );
    const brandMapPath = pick(values.brands, 'BRANDS');
    const publicUrl = httpAddress(pick(values['public-url'], 'PUBLIC_URL'), 'public-url')?.origin;
    const bikeService = httpAddress(pick(values['bike-service-url'], 'BIKE_SERVICE_URL'), 'bike-service-url');
    if (brandMapPath && (values.config || publicUrl))
      throw optionError(
        'brands',
        'the brand map names each brand’s config and public URL: leave out --config and --public-url',
      );
    const { port: _port, host: _host, ...served } = serving;
    app = await createAppServer({
      ...served,
      brandMapPath,
      configPath: values.config,
      publicUrl,
      bikeServiceUrl: bikeService && withSlash(bikeService.href),
      maxRendering: wholeNumber(
        pick(values['max-rendering'], 'MAX_RENDERING'),
        'max-rendering',
        0,
        defaultAppServerOptions.maxRendering,
      ),
      maxEventLoopDelayMs: wholeNumber(
        pick(values['max-event-loop-delay'], 'MAX_EVENT_LOOP_DELAY'),
        'max-event-loop-delay',
        0,
        defaultAppServerOptions.maxEventLoopDelayMs,
      ),
      metricsRoute: metricsPort === undefined,
      lifecycle,
      registry,
    });
  } catch (error) {
    // A bad option or a brand the app would refuse: the message names the option, or the file and field.
    process.stderr.write(`app server not started: ${(error as Error).message}\n`);
    process.exit(1);
  }

  // The metrics port: /metrics and the health answers, for the operator's network only.
  const ops = metricsPort === undefined ? undefined : Fastify({ logger: false, return503OnClosing: false });
  if (ops) {
    registerMetricsRoute(ops, registry);
    registerHealth(ops, lifecycle, async () => {
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      return (answer.json() as { checks: Record<string, string> }).checks;
    });
  }
  stopOnSignals({
    lifecycle,
    graceMs,
    log: (message) => app.log.warn(message),
    // The metrics port closes last: readiness stays visible there (503) while requests drain.
    close: async () => {
      await app.close();
      await ops?.close();
    },
  });
  const { port, host } = serving;
  let address: string;
  try {
    address = await app.listen({ port, host });
  } catch (error) {
    // Also what only the build can check: a brand's own words against its texts (brand-texts.ts).
    process.stderr.write(`app server not started: ${(error as Error).message}\n`);
    process.exit(1);
  }
  const metricsAddress = ops
    ? await ops.listen({ port: metricsPort!, host: pick(values['metrics-host'], 'METRICS_HOST') ?? host })
    : undefined;
  process.stdout.write(
    `App server at ${address}${APP_ROOT}${metricsAddress ? `, metrics at ${metricsAddress}/metrics` : ''}\n`,
  );
}

await main();
