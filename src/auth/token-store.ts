import type { AccessToken } from '../http/http-client.ts';
import { DEFAULT_TOKEN_TYPE, storedString as text } from '../contract/stored-session.ts';
import { readStored, removeStored, writeStored } from '../storage/web-storage.ts';

export type TokenResponse = { access_token: string; token_type?: string; refresh_token?: string; id_token?: string };
export type User = { display_name: string; avatar_url?: string | null; email?: string };

export function storedAccessToken(): AccessToken | undefined {
  const accessToken = text(readStored('access_token'));
  if (!accessToken) return undefined;
  return { accessToken, tokenType: text(readStored('access_token_type')) ?? DEFAULT_TOKEN_TYPE };
}

export function storedRefreshToken(): string | undefined {
  return text(readStored('refresh_token'));
}

export function saveTokens(tokens: TokenResponse): void {
  writeStored('access_token', tokens.access_token);
  // oauth4webapi lower-cases the type; store it as the Angular app did.
  const type =
    tokens.token_type && tokens.token_type.toLowerCase() !== DEFAULT_TOKEN_TYPE.toLowerCase()
      ? tokens.token_type
      : DEFAULT_TOKEN_TYPE;
  writeStored('access_token_type', type);
  if (tokens.refresh_token) writeStored('refresh_token', tokens.refresh_token);
  // An OpenID Connect provider's ID token, kept for logout (`id_token_hint`).
  if (tokens.id_token) writeStored('id_token', tokens.id_token);
}

export function storedIdToken(): string | undefined {
  return text(readStored('id_token'));
}

export function storedUser(): User | undefined {
  const user = readStored<User>('user');
  return user && typeof user === 'object' && typeof user.display_name === 'string' ? user : undefined;
}

export function saveUser(user: User): void {
  writeStored('user', user);
}

/** Logout: the session's own keys only; the invite in progress and other sites' data stay. */
export function clearSession(): void {
  for (const name of ['access_token', 'access_token_type', 'refresh_token', 'id_token', 'user'] as const)
    removeStored(name);
}
