// The app server's options and defaults, and the flags `npm run app-server` and `npm start` share.
import type { DestinationStream } from 'pino';
import { flagOrEnv, optionError, trustProxyOption, wholeNumber } from '../http-kit/cli-options.ts';
import type { Lifecycle } from '../http-kit/health.ts';
import type { client } from '../http-kit/metrics.ts';
import { defaultRequestTimeoutMs } from '../http-kit/server-options.ts';

export type AppServerOptions = {
  distDir: string;
  /** Its server renderer, built beside it; without it every page is rendered in the browser. */
  ssrDir: string;
  /** The brand map file (docs/deploy.md#the-brand-map); without it, one brand from `configPath` and `publicUrl`. */
  brandMapPath: string | undefined;
  /** One brand's config file; default: the build's assets/config.json. */
  configPath: string | undefined;
  /** That brand's public origin; its host name is the one it answers. Default: localhost, on the port it listens on. */
  publicUrl: string | undefined;
  /** The bike service's base for the server's invite reads (e.g. http://bikes.internal/api/v1/), for brands that name none. */
  bikeServiceUrl: string | undefined;
  /** How long a page waits for its invite before the browser is left to render it. */
  inviteTimeoutMs: number;
  /** Pages rendered at once before further ones go out for the browser to render (load shedding). */
  maxRendering: number;
  /** Event-loop delay which, kept up, sends pages out for the browser to render (load-shedding.ts); 0: never. */
  maxEventLoopDelayMs: number;
  /** Addresses of the proxies whose X-Forwarded-* headers count (Fastify's trustProxy); none by default. */
  trustProxy: string[];
  /** How long a request may take to arrive, headers and body, before its connection is closed. */
  requestTimeoutMs: number;
  /** Serve the source maps and Vite's build manifest (default: 404). */
  serveSourceMaps: boolean;
  /** Field-data batches one client may post in a minute (docs/field-data.md). */
  fieldRateLimit: number;
  /** Serve /metrics on this server's own port (start.ts moves it to a separate one). */
  metricsRoute: boolean;
  logLevel: string;
  logStream?: DestinationStream;
  /** Shared with start.ts, which turns `closing` on at SIGTERM. */
  lifecycle?: Lifecycle;
  registry?: client.Registry;
};

export const defaultAppServerOptions: AppServerOptions = {
  distDir: 'dist',
  ssrDir: 'dist-ssr',
  brandMapPath: undefined,
  configPath: undefined,
  publicUrl: undefined,
  bikeServiceUrl: undefined,
  inviteTimeoutMs: 250,
  maxRendering: 16,
  maxEventLoopDelayMs: 20,
  trustProxy: [],
  requestTimeoutMs: defaultRequestTimeoutMs,
  serveSourceMaps: false,
  fieldRateLimit: 60,
  metricsRoute: true,
  logLevel: 'info',
};

/** Where a server listens and how it serves the app: what both commands set with the same flags. */
export type ServingOptions = Pick<
  AppServerOptions,
  | 'distDir'
  | 'ssrDir'
  | 'inviteTimeoutMs'
  | 'requestTimeoutMs'
  | 'trustProxy'
  | 'serveSourceMaps'
  | 'fieldRateLimit'
  | 'logLevel'
> & { port: number; host: string };

export const defaultServingOptions: ServingOptions = {
  port: 8080,
  host: '127.0.0.1',
  distDir: defaultAppServerOptions.distDir,
  ssrDir: defaultAppServerOptions.ssrDir,
  inviteTimeoutMs: defaultAppServerOptions.inviteTimeoutMs,
  requestTimeoutMs: defaultAppServerOptions.requestTimeoutMs,
  trustProxy: defaultAppServerOptions.trustProxy,
  serveSourceMaps: defaultAppServerOptions.serveSourceMaps,
  fieldRateLimit: defaultAppServerOptions.fieldRateLimit,
  logLevel: defaultAppServerOptions.logLevel,
};

/** The flags of the serving options, for node:util's parseArgs. */
export const servingFlags = {
  port: { type: 'string' },
  host: { type: 'string' },
  dist: { type: 'string' },
  ssr: { type: 'string' },
  'invite-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'trust-proxy': { type: 'string' },
  'serve-source-maps': { type: 'boolean' },
  'field-rate-limit': { type: 'string' },
  'log-level': { type: 'string' },
} as const;

type ServingFlagValues = {
  [flag in keyof typeof servingFlags]?: (typeof servingFlags)[flag]['type'] extends 'boolean' ? boolean : string;
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The serving flags' lines in a command's usage text, with that command's defaults. */
export function servingUsage(defaults: ServingOptions): string {
  return `  --port N               port to listen on (env PORT, default ${defaults.port}; 0: any free port)
  --host H               address to bind (env HOST, default ${defaults.host})
  --dist DIR             the built app (default ${defaults.distDir})
  --ssr DIR              its server renderer, built with it (default ${defaults.ssrDir})
  --invite-timeout MS    how long a page waits for its invite before the browser renders it
                         (env INVITE_TIMEOUT, default ${defaults.inviteTimeoutMs})
  --request-timeout MS   how long a request may take to arrive before it is closed
                         (env REQUEST_TIMEOUT, default ${defaults.requestTimeoutMs})
  --trust-proxy LIST     comma-separated addresses or CIDR ranges of the proxies whose
                         X-Forwarded-For/-Host/-Proto count, or loopback, linklocal, uniquelocal
                         (env TRUST_PROXY; default: none)
  --serve-source-maps    also serve the build's source maps and manifest (default: 404)
  --field-rate-limit N   field-data batches one client may post a minute (default ${defaults.fieldRateLimit})
  --log-level L          fatal, error, warn, info (one line per request), debug, trace or silent
                         (env LOG_LEVEL, default ${defaults.logLevel})`;
}

/** The serving flags' values, else their environment variables', else `defaults`; a bad value throws naming its flag. */
export function servingOptions(
  values: ServingFlagValues,
  env: NodeJS.ProcessEnv,
  defaults: ServingOptions,
): ServingOptions {
  const pick = (flag: string | undefined, name: string) => flagOrEnv(flag, env, name);
  const proxies = pick(values['trust-proxy'], 'TRUST_PROXY');
  const logLevel = pick(values['log-level'], 'LOG_LEVEL') ?? defaults.logLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw optionError('log-level', `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  return {
    port: wholeNumber(pick(values.port, 'PORT'), 'port', 0, defaults.port),
    host: pick(values.host, 'HOST') ?? defaults.host,
    distDir: values.dist ?? defaults.distDir,
    ssrDir: values.ssr ?? defaults.ssrDir,
    inviteTimeoutMs: wholeNumber(
      pick(values['invite-timeout'], 'INVITE_TIMEOUT'),
      'invite-timeout',
      1,
      defaults.inviteTimeoutMs,
    ),
    requestTimeoutMs: wholeNumber(
      pick(values['request-timeout'], 'REQUEST_TIMEOUT'),
      'request-timeout',
      1,
      defaults.requestTimeoutMs,
    ),
    trustProxy: proxies === undefined ? defaults.trustProxy : trustProxyOption(proxies),
    serveSourceMaps: values['serve-source-maps'] ?? defaults.serveSourceMaps,
    fieldRateLimit: wholeNumber(values['field-rate-limit'], 'field-rate-limit', 1, defaults.fieldRateLimit),
    logLevel,
  };
}
