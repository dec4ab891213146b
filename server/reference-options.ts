import { fileURLToPath } from 'node:url';
import { DEFAULT_OWNER_LIMITS, type OwnerLimits } from './bike/limits.ts';
import { EVENT_STREAM_LIMITS, type EventStreamLimits } from './bike/event-hub.ts';
import type { LanguageOffer, Voice } from './ids/login-texts.ts';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from '../src/contract/languages.ts';

export type ReferenceOptions = {
  /** The port they are to listen on; their host names are allowed origins on it (and on the one they do listen on). */
  port: number;
  brand: string;
  /** The languages (and default) of the brand whose app is at this host: its login pages are in those only. */
  languageOffer: (appHost: string | undefined) => LanguageOffer;
  dbPath: string;
  seed: boolean;
  mediaDir: string;
  /** The login pages' logo; default: the brand's, in the app's build. */
  logo: string | undefined;
  /** The host names people reach the services at (the app's brands'), allowed as origins. */
  hosts: readonly string[];
  /** A standard OpenID Connect provider whose access tokens the bike service also takes. */
  issuer: string | undefined;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** Token requests per client address in a minute; 0: no limit (the benchmark). */
  tokenRateLimit: number;
  ownerLimits: OwnerLimits;
  /** The owners' event streams: how many may be open, per account and in all, and their heartbeat. */
  eventStreams: EventStreamLimits;
  /** Accounts one client address may register in an hour. */
  registrationsPerClient: number;
  /** Extra origins allowed for CORS and redirect URIs; the services' own origins are always allowed. */
  allowedOrigins: string[];
  /** The origin people reach the services at (behind a proxy): links, allowed origin, `Secure` cookies when https. */
  publicUrl: string | undefined;
  /** Milliseconds since the epoch; injectable so tests can move time. */
  now: () => number;
  /** Loopback callers may move the bike service's clock forward (POST /test-clock): the end-to-end tests only. */
  testClock: boolean;
  /** The sign-in pages' voice on a host name (its brand's register and own words); elsewhere the files' own. */
  voices: ReadonlyMap<string, Voice>;
};

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export const defaultReferenceOptions: ReferenceOptions = {
  port: 8080,
  brand: 'sparta',
  languageOffer: () => ({ languages: SUPPORTED_LANGUAGES, defaultLanguage: FALLBACK_LANGUAGE }),
  dbPath: 'data/app.db',
  seed: true,
  mediaDir: `${repoRoot}server/media`,
  logo: undefined,
  hosts: ['127.0.0.1', 'localhost'],
  issuer: undefined,
  accessTtlSeconds: 300,
  refreshTtlSeconds: 30 * 24 * 3600,
  tokenRateLimit: 120,
  ownerLimits: DEFAULT_OWNER_LIMITS,
  eventStreams: EVENT_STREAM_LIMITS,
  registrationsPerClient: 10,
  allowedOrigins: [],
  publicUrl: undefined,
  now: () => Date.now(),
  testClock: false,
  voices: new Map(),
};
