import { parseArgs } from 'node:util';
import { DEFAULT_INVITE_TIMEOUT_MS } from '../app-server/page-responder.ts';
import { flagOrEnv, httpAddress, optionError, trustProxyOption, wholeNumber } from '../http-kit/cli-options.ts';
import { defaultRequestTimeoutMs } from '../http-kit/server-options.ts';
import { defaultReferenceOptions, type ReferenceOptions } from '../server/reference-options.ts';

/** `npm start`'s options: the reference services', the app server's, and the demo's own. */
export type DemoOptions = Omit<ReferenceOptions, 'seed' | 'logo' | 'hosts' | 'issuer'> & {
  host: string;
  distDir: string;
  /** The app server's renderer, built beside dist/ by `npm run build`. */
  ssrDir: string;
  /** How long a rendered page waits for its invite before the browser is left to render it. */
  inviteTimeoutMs: number;
  /** How long a request may take to arrive, headers and body, before its connection is closed. */
  requestTimeoutMs: number;
  configOverridePath: string | undefined;
  /** Merged over the served config after the override file (the standard set-up's settings). */
  configOverride?: Record<string, unknown> | undefined;
  /** `reference`: the own identity service; `standard`: oidc-provider beside it (the demo). */
  ids: 'reference' | 'standard';
  /** The standard provider's port (default: the server's port + 1). */
  idsPort: number | undefined;
  /** Proxies whose X-Forwarded-For/-Proto/-Host count (addresses, CIDR ranges, or `loopback`…); none by default. */
  trustProxy: string[];
  logLevel: string;
  /** Serve the build's source maps and Vite's manifest (default: 404 for them). */
  serveSourceMaps: boolean;
  quiet: boolean;
};

const { seed: _seed, logo: _logo, hosts: _hosts, issuer: _issuer, ...referenceDefaults } = defaultReferenceOptions;

export const defaultOptions: DemoOptions = {
  ...referenceDefaults,
  host: '127.0.0.1',
  distDir: 'dist',
  ssrDir: 'dist-ssr',
  inviteTimeoutMs: DEFAULT_INVITE_TIMEOUT_MS,
  requestTimeoutMs: defaultRequestTimeoutMs,
  configOverridePath: undefined,
  ids: 'reference',
  idsPort: undefined,
  trustProxy: [],
  logLevel: 'warn',
  serveSourceMaps: false,
  quiet: false,
};

const flags = {
  port: { type: 'string' },
  host: { type: 'string' },
  brand: { type: 'string' },
  db: { type: 'string' },
  dist: { type: 'string' },
  ssr: { type: 'string' },
  'invite-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'config-override': { type: 'string' },
  'access-ttl': { type: 'string' },
  'token-rate-limit': { type: 'string' },
  ids: { type: 'string' },
  'ids-port': { type: 'string' },
  'allowed-origins': { type: 'string' },
  'public-url': { type: 'string' },
  'trust-proxy': { type: 'string' },
  'log-level': { type: 'string' },
  'serve-source-maps': { type: 'boolean' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

export const usage = `Usage: node demo/start.ts [options]
  --port N               port to listen on (env PORT, default 8080; 0 = any free port)
  --host H               address to bind (env HOST, default 127.0.0.1)
  --brand NAME           brand of the app and login page (env BRAND, default sparta)
  --db PATH              SQLite file, or :memory: (env DB_PATH, default data/app.db)
  --dist DIR             built app to serve (default dist)
  --ssr DIR              the app server's renderer, built with it (default dist-ssr)
  --invite-timeout MS    how long a rendered page waits for its invite (default 250)
  --request-timeout MS   how long a request may take to arrive before it is closed (default 10000)
  --config-override F    JSON file merged over the served /assets/config.json
  --access-ttl S         access token lifetime in seconds (env ACCESS_TTL, default 300)
  --token-rate-limit N   token requests per client address in a minute (default 120; 0 = no limit)
  --ids KIND             reference (default) or standard: sign in through oidc-provider (env IDS)
  --ids-port N           the standard provider's port (default: port + 1)
  --allowed-origins L    comma-separated extra origins (env ALLOWED_ORIGINS)
  --public-url U         the origin people reach the server at, e.g. https://invite.brand.com (env PUBLIC_URL)
  --trust-proxy L        comma-separated addresses or CIDR ranges of trusted proxies, or loopback,
                         linklocal, uniquelocal: their X-Forwarded-* headers count (env TRUST_PROXY)
  --log-level L          fastify log level (env LOG_LEVEL, default warn; info: a line per request)
  --serve-source-maps    also serve the build's source maps and manifest (default: 404)
  --quiet                print no banner`;

// The brand ends up in file paths and CSS, so only a plain name is accepted.
function brandName(value: string): string {
  if (!/^[a-z0-9_-]{1,40}$/i.test(value))
    throw optionError('brand', `must be a plain name like "sparta", got "${value}"`);
  return value.toLowerCase();
}

/** Reads flags first, then environment variables, then defaults. */
export function optionsFromCli(argv: string[], env: NodeJS.ProcessEnv): DemoOptions & { help: boolean } {
  const { values } = parseArgs({ args: argv, options: flags, strict: true, allowPositionals: false });
  const pick = (flag: string | undefined, name: string) => flagOrEnv(flag, env, name);
  const origins = pick(values['allowed-origins'], 'ALLOWED_ORIGINS');
  const ids = pick(values.ids, 'IDS') ?? defaultOptions.ids;
  if (ids !== 'reference' && ids !== 'standard')
    throw optionError('ids', `must be reference or standard, got "${ids}"`);
  return {
    ...defaultOptions,
    port: wholeNumber(pick(values.port, 'PORT'), 'port', 0, defaultOptions.port),
    host: pick(values.host, 'HOST') ?? defaultOptions.host,
    brand: brandName(pick(values.brand, 'BRAND') ?? defaultOptions.brand),
    dbPath: pick(values.db, 'DB_PATH') ?? defaultOptions.dbPath,
    distDir: values.dist ?? defaultOptions.distDir,
    ssrDir: values.ssr ?? defaultOptions.ssrDir,
    inviteTimeoutMs: wholeNumber(values['invite-timeout'], 'invite-timeout', 1, defaultOptions.inviteTimeoutMs),
    requestTimeoutMs: wholeNumber(values['request-timeout'], 'request-timeout', 1, defaultOptions.requestTimeoutMs),
    configOverridePath: values['config-override'],
    ids,
    idsPort: wholeNumber(values['ids-port'], 'ids-port', 1, undefined),
    accessTtlSeconds: wholeNumber(
      pick(values['access-ttl'], 'ACCESS_TTL'),
      'access-ttl',
      1,
      defaultOptions.accessTtlSeconds,
    ),
    tokenRateLimit: wholeNumber(values['token-rate-limit'], 'token-rate-limit', 0, defaultOptions.tokenRateLimit),
    allowedOrigins: (origins ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
      .map((origin) => httpAddress(origin, 'allowed-origins').origin),
    publicUrl: httpAddress(pick(values['public-url'], 'PUBLIC_URL'), 'public-url')?.origin,
    trustProxy: trustProxyOption(pick(values['trust-proxy'], 'TRUST_PROXY')),
    logLevel: pick(values['log-level'], 'LOG_LEVEL') ?? defaultOptions.logLevel,
    serveSourceMaps: values['serve-source-maps'] ?? false,
    quiet: values.quiet ?? false,
    help: values.help ?? false,
  };
}
