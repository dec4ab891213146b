// The OAuth protocol steps (oauth4webapi), a lazy chunk loaded through load-oauth.ts.
import * as oauth from 'oauth4webapi';
import type { AppConfig } from '../config/schema.ts';
import { NetworkError, readProblem } from '../http/http-error.ts';
import { timedFetch } from '../http/timed-fetch.ts';
import { XSRF_HEADER, xsrfTokenFor } from '../http/xsrf.ts';
import { readStored, removeStored, writeStored } from '../storage/web-storage.ts';
import { cleanAddress } from './clean-address.ts';
import type { TokenResponse } from './token-store.ts';
import { idsUrl } from '../contract/service-urls.ts';
import { keepAtHand } from './oauth-at-hand.ts';
import { takeExchange, type CodeExchange } from '../contract/page-protocol.ts';

const absolute = (url: string) => new URL(url, window.location.href).toString();

/** The reference identity service's dialect: fixed addresses under `api.ids.url`, no metadata. */
function referenceServer(config: AppConfig): oauth.AuthorizationServer {
  return {
    issuer: absolute(config.api.ids.url),
    authorization_endpoint: absolute(config.login.url),
    token_endpoint: absolute(idsUrl(config.api.ids.url, 'token')),
  };
}

// The provider's metadata, read once per page load.
let discovered: { issuer: string; metadata: Promise<oauth.AuthorizationServer> } | undefined;

/** The issuer's OpenID configuration, else its RFC 8414 metadata; a failure is a NetworkError. */
async function discover(config: AppConfig, issuer: URL): Promise<oauth.AuthorizationServer> {
  const options = { [oauth.customFetch]: oauthFetch, [oauth.allowInsecureRequests]: !config.production };
  try {
    let response = await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oidc' });
    if (response.status === 404) response = await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oauth2' });
    return await oauth.processDiscoveryResponse(issuer, response);
  } catch (error) {
    throw error instanceof NetworkError ? error : new NetworkError(`provider metadata: ${String(error)}`, false);
  }
}

/** The authorization server: the reference one, or the issuer's metadata with `login.url` and `api.ids.url` winning. */
async function authorizationServer(config: AppConfig): Promise<oauth.AuthorizationServer> {
  const { issuer } = config.api.ids;
  if (!issuer) return referenceServer(config);
  if (discovered?.issuer !== issuer) {
    const metadata = discover(config, new URL(issuer));
    discovered = { issuer, metadata };
    metadata.catch(() => {
      if (discovered?.metadata === metadata) discovered = undefined; // ask again next time
    });
  }
  const metadata = await discovered.metadata;
  return {
    ...metadata,
    ...(config.login.url ? { authorization_endpoint: absolute(config.login.url) } : {}),
    ...(config.api.ids.url
      ? {
          token_endpoint: absolute(idsUrl(config.api.ids.url, 'token')),
          userinfo_endpoint: absolute(idsUrl(config.api.ids.url, 'user')),
        }
      : {}),
  };
}

export type ProviderEndpoints = { userinfo?: string | undefined };

/** The endpoints the rest of the app needs from the provider's metadata. */
export async function providerEndpoints(config: AppConfig): Promise<ProviderEndpoints> {
  return { userinfo: (await authorizationServer(config)).userinfo_endpoint };
}

const wantsIdToken = (config: AppConfig) => (config.api.ids.scope ?? '').split(' ').includes('openid');

/**
 * oauth4webapi's fetch: X-XSRF-TOKEN on the page's origin, and a problem's `title` as the `error` it
 * reads. `sent`: the answer to this very request, which the page script sent before the app ran.
 */
async function oauthFetch(
  input: string | URL | Request,
  init?: RequestInit,
  sent?: Promise<Response>,
): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  const headers = new Headers(init?.headers);
  const xsrf = xsrfTokenFor(init?.method ?? 'GET', url, window.location.href, document.cookie);
  if (xsrf) headers.set(XSRF_HEADER, xsrf);
  const response = await (sent ?? timedFetch(url, { ...init, headers }));
  if (response.ok || !/problem\+json/.test(response.headers.get('content-type') ?? '')) return response;
  const problem = await readProblem(response);
  const body = { ...problem, error: problem?.error ?? problem?.title ?? 'server_error' };
  return new Response(JSON.stringify(body), {
    status: response.status,
    headers: { 'content-type': 'application/json' },
  });
}

function requestOptions(config: AppConfig, sent?: Promise<Response>): oauth.TokenEndpointRequestOptions {
  const send: typeof oauthFetch = sent ? (input, init) => oauthFetch(input, init, sent) : oauthFetch;
  // Plain http is for a development or test service only.
  return { [oauth.customFetch]: send, [oauth.allowInsecureRequests]: !config.production };
}

const client = (config: AppConfig): oauth.Client => ({ client_id: config.api.ids.client_id });

const TRANSACTION = ['state', 'code_verifier', 'redirect_uri', 'return_to', 'code_exchange'] as const;

/** Starts a login: stores the one-time transaction and returns the authorization address. */
export async function beginLogin(config: AppConfig, language: string, currentHref: string): Promise<string> {
  const as = await authorizationServer(config);
  const state = oauth.generateRandomState();
  const verifier = oauth.generateRandomCodeVerifier();
  const returnTo = cleanAddress(currentHref);
  const { redirect_path: redirectPath } = config.login;
  const redirectUri = redirectPath ? new URL(redirectPath, currentHref).toString() : returnTo;
  writeStored('state', state);
  writeStored('code_verifier', verifier);
  writeStored('redirect_uri', redirectUri);
  writeStored('return_to', returnTo);
  if (as.token_endpoint)
    writeStored('code_exchange', {
      url: as.token_endpoint,
      client_id: config.api.ids.client_id,
      iss: as.issuer,
      iss_due: as.authorization_response_iss_parameter_supported === true,
    } satisfies CodeExchange);

  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.api.ids.client_id);
  url.searchParams.set('redirect_uri', redirectUri);
  if (config.api.ids.scope) url.searchParams.set('scope', config.api.ids.scope);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('ui_locales', language);
  return url.toString();
}

/** `returnTo`: the page the login started from, when it was not the redirect URI itself. */
export type LoginReturn =
  | { outcome: 'signed-in'; tokens: TokenResponse; returnTo?: string | undefined }
  | { outcome: 'failed'; returnTo?: string | undefined }
  | { outcome: 'state-mismatch' };

/** The page to go back to: a stored address on the app's own origin, never anywhere else. */
function sameOrigin(stored: string | undefined, currentHref: string): string | undefined {
  if (!stored || !URL.canParse(stored)) return undefined;
  return new URL(stored).origin === new URL(currentHref).origin ? stored : undefined;
}

/** The return from the identity service: deletes the transaction, then exchanges the code (checking `iss`, RFC 9207). */
export async function finishLogin(config: AppConfig, currentHref: string): Promise<LoginReturn> {
  const params = new URL(currentHref).searchParams;
  const expected = readStored<string>('state');
  const verifier = readStored<string>('code_verifier');
  const redirectUri = readStored<string>('redirect_uri');
  const returnTo = sameOrigin(readStored<string>('return_to'), currentHref);
  for (const name of TRANSACTION) removeStored(name);
  const sent = takeExchange(params.get('code'));

  if (!expected || params.get('state') !== expected) return { outcome: 'state-mismatch' };
  if (!verifier || !redirectUri) return { outcome: 'failed', returnTo };
  try {
    const as = await authorizationServer(config);
    const callback = oauth.validateAuthResponse(as, client(config), params, expected);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client(config),
      oauth.None(),
      callback,
      redirectUri,
      verifier,
      requestOptions(config, sent),
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client(config), response, {
      requireIdToken: wantsIdToken(config),
    });
    return { outcome: 'signed-in', tokens, returnTo };
  } catch {
    return { outcome: 'failed', returnTo };
  }
}

/** The refresh-token grant; null when the service refuses it (the session is over). Network failures throw. */
export async function refreshGrant(config: AppConfig, refreshToken: string): Promise<TokenResponse | null> {
  const as = await authorizationServer(config);
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

/** After the local logout: revokes the refresh token (RFC 7009) and returns the end-session address, where there are. */
export async function providerLogout(
  config: AppConfig,
  ended: { refreshToken?: string | undefined; idToken?: string | undefined; returnTo: string; language: string },
): Promise<string | undefined> {
  if (!config.api.ids.issuer) return undefined;
  let as: oauth.AuthorizationServer;
  try {
    as = await authorizationServer(config);
  } catch {
    return undefined;
  }
  if (ended.refreshToken && as.revocation_endpoint) {
    try {
      const response = await oauth.revocationRequest(as, client(config), oauth.None(), ended.refreshToken, {
        ...requestOptions(config),
        additionalParameters: { token_type_hint: 'refresh_token' },
      });
      await oauth.processRevocationResponse(response);
    } catch {
      // Revoked or not, the tokens are gone from this device.
    }
  }
  if (!as.end_session_endpoint) return undefined;
  const url = new URL(as.end_session_endpoint);
  if (ended.idToken) url.searchParams.set('id_token_hint', ended.idToken);
  else url.searchParams.set('client_id', config.api.ids.client_id);
  url.searchParams.set('post_logout_redirect_uri', ended.returnTo);
  url.searchParams.set('ui_locales', ended.language);
  return url.toString();
}

// Every function this module exports (src/auth/load-oauth.test.ts holds that).
keepAtHand({ providerEndpoints, beginLogin, finishLogin, refreshGrant, providerLogout });
