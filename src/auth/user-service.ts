import type { AppConfig } from '../config/schema.ts';
import type { AccessToken } from '../http/http-client.ts';
import { HttpError, readProblem } from '../http/http-error.ts';
import { timedFetch } from '../http/timed-fetch.ts';
import { authorizationValue } from '../rules/stored-session.ts';
import type { User } from './token-store.ts';

export function idsUrl(config: AppConfig, path: string): string {
  return `${config.api.ids.url.replace(/\/+$/, '')}/${path}`;
}

/**
 * The identity service's user (the spec's "user service"), fetched right after a token response
 * with that token. Sent outside the 401 logic: it runs inside a refresh.
 */
export async function fetchUser(config: AppConfig, token: AccessToken): Promise<User> {
  const response = await timedFetch(idsUrl(config, 'user'), {
    headers: { Accept: 'application/json', Authorization: authorizationValue(token.tokenType, token.accessToken) },
  });
  if (!response.ok) throw new HttpError(response.status, await readProblem(response));
  const user = (await response.json()) as User;
  if (typeof user?.display_name !== 'string') throw new HttpError(502, { detail: 'user without display_name' });
  return user;
}
