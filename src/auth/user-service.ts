import type { AppConfig } from '../config/schema.ts';
import type { AccessToken } from '../http/http-client.ts';
import { HttpError, readProblem } from '../http/http-error.ts';
import { timedFetch } from '../http/timed-fetch.ts';
import { authorizationValue } from '../contract/stored-session.ts';
import { idsUrl } from '../contract/service-urls.ts';
import { loadOAuth } from './load-oauth.ts';
import type { User } from './token-store.ts';
import { userFromClaims } from './user-claims.ts';

/** `{api.ids.url}/user`, where the user is looked up unless the config names an issuer alone. */
export const userLookup = (config: AppConfig): string | undefined =>
  !config.api.ids.issuer || config.api.ids.url !== '' ? idsUrl(config.api.ids.url, 'user') : undefined;

/** Where the user is looked up: `{api.ids.url}/user`, or with an issuer alone its userinfo endpoint. */
export async function userEndpoint(config: AppConfig): Promise<string> {
  const lookup = userLookup(config);
  if (lookup) return lookup;
  const { providerEndpoints } = await loadOAuth();
  const { userinfo } = await providerEndpoints(config);
  if (!userinfo) throw new HttpError(502, { detail: 'the identity provider has no userinfo endpoint' });
  return userinfo;
}

/** The user from a lookup's answer (one rule for all: user-claims.ts); no name is a failed lookup. */
export function userOf(answer: unknown): User {
  const user = userFromClaims(answer);
  if (!user) throw new HttpError(502, { detail: 'the user lookup gave no name' });
  return user;
}

/** Fetches the user with a fresh token; outside the HTTP client's 401 logic, as it runs inside a refresh. */
export async function fetchUser(config: AppConfig, token: AccessToken): Promise<User> {
  const response = await timedFetch(await userEndpoint(config), {
    headers: { Accept: 'application/json', Authorization: authorizationValue(token.tokenType, token.accessToken) },
  });
  if (!response.ok) throw new HttpError(response.status, await readProblem(response));
  return userOf(await response.json());
}
