import type { FastifyRequest } from 'fastify';
import type { OriginPolicy } from '../http/origins.ts';
import { isAllowedRedirectUri, isKnownClient } from './clients.ts';

export type AuthorizeRequest = {
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  uiLocales: string | undefined;
};

export type AuthorizeProblem = 'client' | 'redirect_uri' | 'response_type' | 'pkce' | 'state';

export type AuthorizeResult = { ok: true; value: AuthorizeRequest } | { ok: false; reason: AuthorizeProblem };

// An S256 challenge is a base64url SHA-256: exactly 43 characters.
const challengePattern = /^[A-Za-z0-9_-]{43}$/;

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Checks the authorization request; nothing is redirected anywhere unless this says ok. */
export function parseAuthorizeRequest(
  params: unknown,
  request: FastifyRequest,
  origins: OriginPolicy,
): AuthorizeResult {
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  if (!isKnownClient(p.client_id)) return { ok: false, reason: 'client' };
  if (!isAllowedRedirectUri(p.redirect_uri, request, origins)) return { ok: false, reason: 'redirect_uri' };
  if (p.response_type !== 'code') return { ok: false, reason: 'response_type' };
  const challenge = text(p.code_challenge);
  if (p.code_challenge_method !== 'S256' || !challenge || !challengePattern.test(challenge))
    return { ok: false, reason: 'pkce' };
  const state = text(p.state);
  if (p.state !== undefined && (state === undefined || state.length > 512)) return { ok: false, reason: 'state' };
  const uiLocales = text(p.ui_locales);
  return {
    ok: true,
    value: {
      clientId: p.client_id,
      redirectUri: p.redirect_uri,
      state,
      codeChallenge: challenge,
      uiLocales: uiLocales?.slice(0, 64),
    },
  };
}

export function authorizeParams(value: AuthorizeRequest): Record<string, string> {
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: value.clientId,
    redirect_uri: value.redirectUri,
    code_challenge: value.codeChallenge,
    code_challenge_method: 'S256',
  };
  if (value.state !== undefined) params.state = value.state;
  if (value.uiLocales !== undefined) params.ui_locales = value.uiLocales;
  return params;
}

/** The redirect back to the app, keeping any query parameters the redirect URI already had. */
export function redirectBack(value: AuthorizeRequest, result: Record<string, string>): string {
  const url = new URL(value.redirectUri);
  for (const [key, v] of Object.entries(result)) url.searchParams.set(key, v);
  if (value.state !== undefined) url.searchParams.set('state', value.state);
  return url.href;
}
