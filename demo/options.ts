import { parseArgs } from 'node:util';
import { DEFAULT_INVITE_TIMEOUT_MS } from '../app-server/app-documents.ts';
import { defaultRequestTimeoutMs } from '../http-kit/server-options.ts';
import { parseTrustedProxies } from '../http-kit/trusted-proxies.ts';
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

function trustedProxies(list: string): string[] {
  try {
    return parseTrustedProxies(list);
  } catch (error) {
    throw new Error(`trust-proxy: ${(error as Error).message}`, { cause: error });
  }
}

export function positiveInt(value: string, name: string, min = 1): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${value}"`);
  return n;
}

// The brand ends up in file paths and CSS, so only a plain name is accepted.
export function brandName(value: string): string {
  if (!/^[a-z0-9_-]{1,40}$/i.test(value)) throw new Error(`brand must be a plain name like "sparta", got "${value}"`);
  return value.toLowerCase();
}

export function parseOrigins(list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const url = new URL(s);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`not an http(s) origin: ${s}`);
      return url.origin;
    });
}

/** One http(s) origin, for `name`. */
export function parseOrigin(value: string, name: string): string {
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`${name} must be an http(s) address like https://invite.example, got "${value}"`);
  }
  return url.origin;
}

/** Reads flags first, then environment variables, then defaults. */
export function optionsFromCli(argv: string[], env: NodeJS.ProcessEnv): DemoOptions & { help: boolean } {
  const { values } = parseArgs({ args: argv, options: flags, strict: true, allowPositionals: false });
  const pick = (flag: string | undefined, envName: string): string | undefined => flag ?? (env[envName] || undefined);
  const port = pick(values.port, 'PORT');
  const ttl = pick(values['access-ttl'], 'ACCESS_TTL');
  const origins = pick(values['allowed-origins'], 'ALLOWED_ORIGINS');
  const publicUrl = pick(values['public-url'], 'PUBLIC_URL');
  const trustProxy = pick(values['trust-proxy'], 'TRUST_PROXY');
  const ids = pick(values.ids, 'IDS') ?? defaultOptions.ids;
  if (ids !== 'reference' && ids !== 'standard') throw new Error(`ids must be reference or standard, got "${ids}"`);
  const idsPort = values['ids-port'] === undefined ? undefined : positiveInt(values['ids-port'], 'ids-port');
  return {
    ...defaultOptions,
    port: port === undefined ? defaultOptions.port : positiveInt(port, 'port', 0),
    host: pick(values.host, 'HOST') ?? defaultOptions.host,
    brand: brandName(pick(values.brand, 'BRAND') ?? defaultOptions.brand),
    dbPath: pick(values.db, 'DB_PATH') ?? defaultOptions.dbPath,
    distDir: values.dist ?? defaultOptions.distDir,
    ssrDir: values.ssr ?? defaultOptions.ssrDir,
    inviteTimeoutMs:
      values['invite-timeout'] === undefined
        ? defaultOptions.inviteTimeoutMs
        : positiveInt(values['invite-timeout'], 'invite-timeout'),
    requestTimeoutMs:
      values['request-timeout'] === undefined
        ? defaultOptions.requestTimeoutMs
        : positiveInt(values['request-timeout'], 'request-timeout'),
    configOverridePath: values['config-override'],
    ids,
    idsPort,
    accessTtlSeconds: ttl === undefined ? defaultOptions.accessTtlSeconds : positiveInt(ttl, 'access-ttl'),
    tokenRateLimit:
      values['token-rate-limit'] === undefined
        ? defaultOptions.tokenRateLimit
        : positiveInt(values['token-rate-limit'], 'token-rate-limit', 0),
    allowedOrigins: origins === undefined ? [] : parseOrigins(origins),
    publicUrl: publicUrl === undefined ? undefined : parseOrigin(publicUrl, 'public-url'),
    trustProxy: trustProxy === undefined ? [] : trustedProxies(trustProxy),
    logLevel: pick(values['log-level'], 'LOG_LEVEL') ?? defaultOptions.logLevel,
    serveSourceMaps: values['serve-source-maps'] ?? false,
    quiet: values.quiet ?? false,
    help: values.help ?? false,
  };
}
