// The OAuth protocol steps (oauth4webapi), loaded only when signing in or refreshing a token.
import * as oauth from 'oauth4webapi';
import type { AppConfig } from '../config/schema.ts';
import { NetworkError, readProblem } from '../http/http-error.ts';
import { timedFetch } from '../http/timed-fetch.ts';
import { XSRF_HEADER, xsrfTokenFor } from '../http/xsrf.ts';
import { readStored, removeStored, writeStored } from '../storage/web-storage.ts';
import { cleanAddress } from './clean-address.ts';
import type { TokenResponse } from './token-store.ts';
import { idsUrl } from './user-service.ts';

const absolute = (url: string) => new URL(url, window.location.href).toString();

function authorizationServer(config: AppConfig): oauth.AuthorizationServer {
  return {
    issuer: absolute(config.api.ids.url),
    authorization_endpoint: absolute(config.login.url),
    token_endpoint: absolute(idsUrl(config, 'oauth')),
  };
}

/**
 * The fetch oauth4webapi is handed. Its token requests are state-changing: to an identity service
 * on the page's own origin they carry X-XSRF-TOKEN like every other such call (SPEC.md §6).
 * oauth4webapi reads standard OAuth error bodies; the spec's identity service answers
 * problem+json with the code in `title`: give it `error` too.
 */
async function oauthFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  const headers = new Headers(init?.headers);
  const xsrf = xsrfTokenFor(init?.method ?? 'GET', url, window.location.href, document.cookie);
  if (xsrf) headers.set(XSRF_HEADER, xsrf);
  const response = await timedFetch(url, { ...init, headers });
  if (response.ok || !/problem\+json/.test(response.headers.get('content-type') ?? '')) return response;
  const problem = await readProblem(response);
  const body = { ...problem, error: problem?.error ?? problem?.title ?? 'server_error' };
  return new Response(JSON.stringify(body), {
    status: response.status,
    headers: { 'content-type': 'application/json' },
  });
}

function requestOptions(config: AppConfig): oauth.TokenEndpointRequestOptions {
  // Plain http is for a development or test service only.
  return { [oauth.customFetch]: oauthFetch, [oauth.allowInsecureRequests]: !config.production };
}

const client = (config: AppConfig): oauth.Client => ({ client_id: config.api.ids.client_id });

/** Starts a login: stores the one-time transaction and returns the identity service's address. */
export async function beginLogin(config: AppConfig, language: string, currentHref: string): Promise<string> {
  const state = oauth.generateRandomState();
  const verifier = oauth.generateRandomCodeVerifier();
  const redirectUri = cleanAddress(currentHref);
  writeStored('state', state);
  writeStored('code_verifier', verifier);
  writeStored('redirect_uri', redirectUri);

  const url = new URL(authorizationServer(config).authorization_endpoint!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.api.ids.client_id);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('ui_locales', language);
  return url.toString();
}

export type LoginReturn = { outcome: 'signed-in'; tokens: TokenResponse } | { outcome: 'state-mismatch' | 'failed' };

/** Handles the return from the identity service. The transaction is deleted before the exchange. */
export async function finishLogin(config: AppConfig, currentHref: string): Promise<LoginReturn> {
  const params = new URL(currentHref).searchParams;
  const expected = readStored<string>('state');
  const verifier = readStored<string>('code_verifier');
  const redirectUri = readStored<string>('redirect_uri');
  for (const name of ['state', 'code_verifier', 'redirect_uri'] as const) removeStored(name);

  if (!expected || params.get('state') !== expected) return { outcome: 'state-mismatch' };
  if (!verifier || !redirectUri) return { outcome: 'failed' };
  const as = authorizationServer(config);
  try {
    const callback = oauth.validateAuthResponse(as, client(config), params, expected);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client(config),
      oauth.None(),
      callback,
      redirectUri,
      verifier,
      requestOptions(config),
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client(config), response);
    return { outcome: 'signed-in', tokens };
  } catch {
    return { outcome: 'failed' };
  }
}

/** The refresh-token grant; null when the service refuses it (the session is over). Network failures throw. */
export async function refreshGrant(config: AppConfig, refreshToken: string): Promise<TokenResponse | null> {
  const as = authorizationServer(config);
  const response = await oauth.refreshTokenGrantRequest(
    as,
    client(config),
    oauth.None(),
    refreshToken,
    requestOptions(config),
  );
  // A failing service has not refused the token: keep the session and let the caller retry later.
  if (response.status >= 500) throw new NetworkError(`token endpoint answered ${response.status}`, false);
  try {
    const tokens = await oauth.processRefreshTokenResponse(as, client(config), response);
    return tokens.access_token ? tokens : null;
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError || error instanceof oauth.WWWAuthenticateChallengeError) return null;
    throw error;
  }
}
