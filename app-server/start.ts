// `npm run app-server -- [options]`: the app server alone, against identity and bike services
// elsewhere (docs/deploy.md). `npm start` runs it together with the reference services instead.
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { registerHealth } from '../http-kit/health.ts';
import { client, registerMetricsRoute } from '../http-kit/metrics.ts';
import { DEFAULT_SHUTDOWN_GRACE_MS, stopOnSignals } from '../http-kit/shutdown.ts';
import { flagOrEnv, httpAddress, optionError, trustProxyOption, wholeNumber } from '../http-kit/cli-options.ts';
import { APP_ROOT } from '../src/contract/paths.ts';
import { createAppServer, defaultAppServerOptions } from './app-server.ts';
import { withSlash } from './brands.ts';

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
  --port N               port to listen on (env PORT, default 8080)
  --host H               address to bind (env HOST, default 127.0.0.1)
  --metrics-port N       serve /metrics (and /healthz, /readyz) on this port instead of the main
                         one (env METRICS_PORT)
  --metrics-host H       address for the metrics port (env METRICS_HOST, default: --host)
  --trust-proxy LIST     comma-separated addresses or CIDR ranges of the proxies whose
                         X-Forwarded-For/-Host/-Proto count (env TRUST_PROXY; default: none)
  --dist DIR             the built app (default dist)
  --ssr DIR              its server renderer (default dist-ssr)
  --invite-timeout MS    how long a page waits for its invite before the browser renders it
                         (default ${defaultAppServerOptions.inviteTimeoutMs})
  --max-rendering N      pages rendered at once; past it a page goes out for the browser to
                         render (default ${defaultAppServerOptions.maxRendering})
  --max-event-loop-delay MS  event-loop delay past which pages go out for the browser to render
                         (load shedding; default ${defaultAppServerOptions.maxEventLoopDelayMs}, 0: never)
  --shutdown-grace MS    after SIGTERM, the longest wait for requests in flight (default ${DEFAULT_SHUTDOWN_GRACE_MS})
  --serve-source-maps    also serve the build's source maps and manifest (default: 404)
  --log-level L          fatal, error, warn, info (default: one line per request), debug,
                         trace or silent (env LOG_LEVEL, default ${defaultAppServerOptions.logLevel})`;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

async function main(): Promise<void> {
  let values;
  try {
    values = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: {
        brands: { type: 'string' },
        config: { type: 'string' },
        'public-url': { type: 'string' },
        'bike-service-url': { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'metrics-port': { type: 'string' },
        'metrics-host': { type: 'string' },
        'trust-proxy': { type: 'string' },
        dist: { type: 'string' },
        ssr: { type: 'string' },
        'invite-timeout': { type: 'string' },
        'max-rendering': { type: 'string' },
        'max-event-loop-delay': { type: 'string' },
        'shutdown-grace': { type: 'string' },
        'serve-source-maps': { type: 'boolean' },
        'log-level': { type: 'string' },
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
  let port;
  let host;
  let metricsPort: number | undefined;
  let graceMs;
  const lifecycle = { closing: false };
  const registry = new client.Registry();
  try {
    port = wholeNumber(pick(values.port, 'PORT'), 'port', 0, 8080);
    host = pick(values.host, 'HOST') ?? '127.0.0.1';
    metricsPort = wholeNumber(pick(values['metrics-port'], 'METRICS_PORT'), 'metrics-port', 0, undefined);
    graceMs = wholeNumber(values['shutdown-grace'], 'shutdown-grace', 0, DEFAULT_SHUTDOWN_GRACE_MS);
    const brandMapPath = pick(values.brands, 'BRANDS');
    const publicUrl = httpAddress(pick(values['public-url'], 'PUBLIC_URL'), 'public-url')?.origin;
    const bikeService = httpAddress(pick(values['bike-service-url'], 'BIKE_SERVICE_URL'), 'bike-service-url');
    if (brandMapPath && (values.config || publicUrl))
      throw optionError(
        'brands',
        'the brand map names each brand’s config and public URL: leave out --config and --public-url',
      );
    const logLevel = pick(values['log-level'], 'LOG_LEVEL') ?? defaultAppServerOptions.logLevel;
    if (!LOG_LEVELS.includes(logLevel))
      throw optionError('log-level', `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
    app = await createAppServer({
      distDir: values.dist ?? defaultAppServerOptions.distDir,
      ssrDir: values.ssr ?? defaultAppServerOptions.ssrDir,
      brandMapPath,
      configPath: values.config,
      publicUrl,
      bikeServiceUrl: bikeService && withSlash(bikeService.href),
      inviteTimeoutMs: wholeNumber(
        values['invite-timeout'],
        'invite-timeout',
        1,
        defaultAppServerOptions.inviteTimeoutMs,
      ),
      maxRendering: wholeNumber(values['max-rendering'], 'max-rendering', 0, defaultAppServerOptions.maxRendering),
      maxEventLoopDelayMs: wholeNumber(
        values['max-event-loop-delay'],
        'max-event-loop-delay',
        0,
        defaultAppServerOptions.maxEventLoopDelayMs,
      ),
      trustProxy: trustProxyOption(pick(values['trust-proxy'], 'TRUST_PROXY')),
      serveSourceMaps: values['serve-source-maps'] ?? false,
      metricsRoute: metricsPort === undefined,
      logLevel,
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
  const address = await app.listen({ port, host });
  const metricsAddress = ops
    ? await ops.listen({ port: metricsPort!, host: pick(values['metrics-host'], 'METRICS_HOST') ?? host })
    : undefined;
  process.stdout.write(
    `App server at ${address}${APP_ROOT}${metricsAddress ? `, metrics at ${metricsAddress}/metrics` : ''}\n`,
  );
}

await main();
