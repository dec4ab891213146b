import { parseArgs } from 'node:util';
import {
  defaultServingOptions,
  servingFlags,
  servingOptions,
  servingUsage,
  type ServingOptions,
} from '../app-server/options.ts';
import { flagOrEnv, httpAddress, optionError, wholeNumber } from '../http-kit/cli-options.ts';
import type { OwnerLimits } from '../server/bike/limits.ts';
import { defaultReferenceOptions, type ReferenceOptions } from '../server/reference-options.ts';

/** `npm start`'s options: the app server's serving options (app-server/options.ts), the reference services', and the demo's own. */
export type DemoOptions = ServingOptions &
  Omit<ReferenceOptions, 'seed' | 'logo' | 'hosts' | 'issuer'> & {
    configOverridePath: string | undefined;
    /** Merged over the served config after the override file (the standard set-up's settings). */
    configOverride?: Record<string, unknown> | undefined;
    /** `reference`: the own identity service; `standard`: oidc-provider beside it (the demo). */
    ids: 'reference' | 'standard';
    /** The standard provider's port (default: the server's port + 1). */
    idsPort: number | undefined;
    quiet: boolean;
    /** More inline styles pages may carry, as the policy's hash sources (`'sha256-…'`): the benchmarks' limit pages. */
    allowStyles: string[];
  };

const { seed: _seed, logo: _logo, hosts: _hosts, issuer: _issuer, ...referenceDefaults } = defaultReferenceOptions;

export const defaultOptions: DemoOptions = {
  ...referenceDefaults,
  ...defaultServingOptions,
  logLevel: 'warn',
  configOverridePath: undefined,
  ids: 'reference',
  idsPort: undefined,
  quiet: false,
  allowStyles: [],
};

const flags = {
  ...servingFlags,
  brand: { type: 'string' },
  db: { type: 'string' },
  'config-override': { type: 'string' },
  'access-ttl': { type: 'string' },
  'token-rate-limit': { type: 'string' },
  'open-invite-limit': { type: 'string' },
  'owner-write-limit': { type: 'string' },
  'registration-limit': { type: 'string' },
  'event-stream-limit': { type: 'string' },
  ids: { type: 'string' },
  'ids-port': { type: 'string' },
  'allowed-origins': { type: 'string' },
  'public-url': { type: 'string' },
  quiet: { type: 'boolean' },
  'allow-style': { type: 'string', multiple: true },
  'test-clock': { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

export const usage = `Usage: node demo/start.ts [options]
  --brand NAME           brand of the app and login page (env BRAND, default sparta)
  --db PATH              SQLite file, or :memory: (env DB_PATH, default data/app.db)
  --config-override F    JSON file merged over the served /assets/config.json
  --access-ttl S         access token lifetime in seconds (env ACCESS_TTL, default 300)
  --token-rate-limit N   token requests per client address in a minute (default 120; 0 = no limit)
  --open-invite-limit N  open invites a bike may have (default 20)
  --owner-write-limit N  new invites per account in a minute, other owner writes three times that (default 10)
  --registration-limit N accounts one client address may register in an hour (default 10)
  --event-stream-limit N open event streams per account (default 8)
  --ids KIND             reference (default) or standard: sign in through oidc-provider (env IDS)
  --ids-port N           the standard provider's port (default: port + 1)
  --allowed-origins L    comma-separated extra origins (env ALLOWED_ORIGINS)
  --public-url U         the origin people reach the server at, e.g. https://invite.brand.com (env PUBLIC_URL)
  --quiet                print no banner
  --allow-style SOURCE   an inline style the pages may carry too, by its hash as the policy writes it, 'sha256-…=' (repeatable; the benchmarks' limit pages)
  --test-clock           loopback callers may move the bike service's clock forward (end-to-end tests only)
${servingUsage(defaultOptions)}`;

// The brand ends up in file paths and CSS, so only a plain name is accepted.
function brandName(value: string): string {
  if (!/^[a-z0-9_-]{1,40}$/i.test(value))
    throw optionError('brand', `must be a plain name like "sparta", got "${value}"`);
  return value.toLowerCase();
}

function styleHash(value: string): string {
  if (!/^'sha256-[A-Za-z0-9+/]{43}='$/.test(value))
    throw optionError('allow-style', `must be a CSP hash source like "'sha256-…='", got "${value}"`);
  return value;
}

function ownerLimits(openInvites: string | undefined, writes: string | undefined): OwnerLimits {
  const { openInvitesPerBike, writesPerMinute } = defaultOptions.ownerLimits;
  const create = wholeNumber(writes, 'owner-write-limit', 1, writesPerMinute.create);
  return {
    openInvitesPerBike: wholeNumber(openInvites, 'open-invite-limit', 1, openInvitesPerBike),
    writesPerMinute: writes === undefined ? writesPerMinute : { create, change: 3 * create },
  };
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
    ...servingOptions(values, env, defaultOptions),
    brand: brandName(pick(values.brand, 'BRAND') ?? defaultOptions.brand),
    dbPath: pick(values.db, 'DB_PATH') ?? defaultOptions.dbPath,
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
    ownerLimits: ownerLimits(values['open-invite-limit'], values['owner-write-limit']),
    registrationsPerClient: wholeNumber(
      values['registration-limit'],
      'registration-limit',
      1,
      defaultOptions.registrationsPerClient,
    ),
    eventStreams: {
      ...defaultOptions.eventStreams,
      perAccount: wholeNumber(
        values['event-stream-limit'],
        'event-stream-limit',
        1,
        defaultOptions.eventStreams.perAccount,
      ),
    },
    allowedOrigins: (origins ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
      .map((origin) => httpAddress(origin, 'allowed-origins').origin),
    publicUrl: httpAddress(pick(values['public-url'], 'PUBLIC_URL'), 'public-url')?.origin,
    quiet: values.quiet ?? false,
    allowStyles: (values['allow-style'] ?? []).map(styleHash),
    testClock: values['test-clock'] ?? false,
    help: values.help ?? false,
  };
}
