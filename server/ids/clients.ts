import type { FastifyRequest } from 'fastify';
import { isAppPath } from '../../src/contract/paths.ts';
import { DEFAULT_CLIENT_ID } from '../../src/contract/client-id.ts';
import type { OriginPolicy } from '../http/origins.ts';

/** The one registered client: the app itself, a public client (no secret, so PKCE is required). */
export const appClientId = DEFAULT_CLIENT_ID;

export function isKnownClient(clientId: unknown): clientId is string {
  return clientId === appClientId;
}

/** A redirect URI's parsed origin must be allow-listed and its path inside the app (no `//evil`, userinfo, `..`). */
export function isAllowedRedirectUri(uri: unknown, request: FastifyRequest, origins: OriginPolicy): uri is string {
  if (typeof uri !== 'string' || uri.length > 2048 || !URL.canParse(uri)) return false;
  const url = new URL(uri);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password || url.hash) return false;
  if (!isAppPath(url.pathname)) return false;
  return origins.isAllowed(url.origin, request);
}
