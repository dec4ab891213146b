import type { createWriteLimits } from './bike/limits.ts';
import type { OwnerEvents } from './bike/event-hub.ts';
import type { Theme } from '../src/contract/themes.ts';
import type { ReferenceOptions } from './reference-options.ts';
import type { Database } from './db/database.ts';
import type { OriginPolicy } from './http/origins.ts';
import type { Principal, TokenSettings } from './ids/tokens.ts';

/** What route modules share: the database, the clock and the settings chosen at start. */
export type Context = {
  db: Database;
  options: ReferenceOptions;
  origins: OriginPolicy;
  tokenSettings: TokenSettings;
  theme: Theme;
  /** Path of the brand's logo, shown on the login pages. */
  logo: string;
  /** The bike service's clock; `--test-clock` moves it forward (server/http/test-clock.ts). */
  now: () => number;
  /** The identity service's clock, which tokens' lifetimes are read by: the test clock leaves it. */
  idsNow: () => number;
  /** The owner's and riders' writes per account and minute (server/bike/limits.ts). */
  limitWrite: ReturnType<typeof createWriteLimits>;
  /** The owners' live channels (server/bike/owner-events.ts): what changes on a bike reaches its owner's open pages. */
  events: OwnerEvents;
  /** With a standard provider (`api.ids.issuer` in the served config): its access tokens' check. */
  externalBearer?: ((accessToken: string) => Promise<Principal | undefined>) | undefined;
};
