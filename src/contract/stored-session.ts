// The app's web storage names, and a stored token as an Authorization header (src/storage/ reads them).

/** Keys and value format match the Angular app this one replaces (ngx-webstorage): `ngx-webstorage|name`, JSON values. */
export const STORAGE_PREFIX = 'ngx-webstorage|';

export type StoredName =
  | 'access_token'
  | 'access_token_type'
  | 'refresh_token'
  | 'id_token'
  | 'state'
  | 'code_verifier'
  | 'redirect_uri'
  | 'return_to'
  | 'code_exchange'
  | 'invite_code'
  | 'is_accepted'
  | 'language'
  | 'link_language'
  | 'user';

/** Values kept for the tab only (`link_language`: decision 0014); the others stay on the device. */
export const SESSION_NAMES: ReadonlySet<StoredName> = new Set(['user', 'link_language']);

export function storageKey(name: StoredName): string {
  return STORAGE_PREFIX + name.toLowerCase();
}

/** A stored value as the session reads it: a non-empty string, else none. */
export const storedString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The token type the identity service issues, and the one assumed when none was stored. */
export const DEFAULT_TOKEN_TYPE = 'Bearer';

/** The Authorization header's value for a stored token: its type (Bearer when none was stored), a space, the token. */
export function authorizationValue(tokenType: string | undefined, accessToken: string): string {
  return `${tokenType || DEFAULT_TOKEN_TYPE} ${accessToken}`;
}
