// `npm run app-server -- [options]`: the app server alone, against identity and bike services
// elsewhere (docs/deploy.md). `npm start` runs it together with the reference services instead.
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { registerHealth } from '../http-kit/health.ts';
import { client, registerMetricsRoute } from '../http-kit/metrics.ts';
import { DEFAULT_SHUTDOWN_GRACE_MS, stopOnSignals } from '../http-kit/shutdown.ts';
import { parseTrustedProxies } from '../http-kit/trusted-proxies.ts';
import { APP_ROOT } from '../src/routing/paths.ts';
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

/** Every problem with an option names the option. */
class OptionError extends Error {}

function fail(option: string, problem: string): never {
  throw new OptionError(`--${option}: ${problem}`);
}

function httpUrl(value: string | undefined, option: string): string | undefined {
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    fail(option, `"${value}" is not an http(s) address`);
  return option === 'public-url' ? new URL(value).origin : withSlash(value);
}

function integer(value: string | undefined, option: string, min: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) fail(option, `must be a whole number >= ${min}, got "${value}"`);
  return n;
}

// proxy-addr's (Fastify's trustProxy) forms: an address, a CIDR range, or a named range.
function proxies(value: string | undefined): string[] {
  if (value === undefined) return [];
  try {
    return parseTrustedProxies(value);
  } catch (error) {
    return fail('trust-proxy', (error as Error).message);
  }
}

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
  const pick = (flag: string | undefined, name: string) => flag ?? (env[name] || undefined);
  let app;
  let port;
  let host;
  let metricsPort: number | undefined;
  let graceMs;
  const lifecycle = { closing: false };
  const registry = new client.Registry();
  try {
    port = integer(pick(values.port, 'PORT'), 'port', 0, 8080);
    host = pick(values.host, 'HOST') ?? '127.0.0.1';
    const metricsPortValue = pick(values['metrics-port'], 'METRICS_PORT');
    metricsPort = metricsPortValue === undefined ? undefined : integer(metricsPortValue, 'metrics-port', 0, 0);
    graceMs = integer(values['shutdown-grace'], 'shutdown-grace', 0, DEFAULT_SHUTDOWN_GRACE_MS);
    const brandMapPath = pick(values.brands, 'BRANDS');
    const publicUrl = httpUrl(pick(values['public-url'], 'PUBLIC_URL'), 'public-url');
    if (brandMapPath && (values.config || publicUrl))
      fail('brands', 'the brand map names each brand’s config and public URL: leave out --config and --public-url');
    const logLevel = pick(values['log-level'], 'LOG_LEVEL') ?? defaultAppServerOptions.logLevel;
    if (!LOG_LEVELS.includes(logLevel)) fail('log-level', `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
    app = await createAppServer({
      distDir: values.dist ?? defaultAppServerOptions.distDir,
      ssrDir: values.ssr ?? defaultAppServerOptions.ssrDir,
      brandMapPath,
      configPath: values.config,
      publicUrl,
      bikeServiceUrl: httpUrl(pick(values['bike-service-url'], 'BIKE_SERVICE_URL'), 'bike-service-url'),
      inviteTimeoutMs: integer(values['invite-timeout'], 'invite-timeout', 1, defaultAppServerOptions.inviteTimeoutMs),
      maxRendering: integer(values['max-rendering'], 'max-rendering', 0, defaultAppServerOptions.maxRendering),
      maxEventLoopDelayMs: integer(
        values['max-event-loop-delay'],
        'max-event-loop-delay',
        0,
        defaultAppServerOptions.maxEventLoopDelayMs,
      ),
      trustProxy: proxies(pick(values['trust-proxy'], 'TRUST_PROXY')),
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
