// oidc-provider for the demo's standard set-up and the tests (docs/identity-providers.md; any password, demo only).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Provider, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { APP_ROOT } from '../../src/contract/paths.ts';
import { DEFAULT_CLIENT_ID } from '../../src/contract/client-id.ts';
import { demoUsers } from '../db/demo-data.ts';

export type StandardIdsOptions = {
  port: number;
  /** The app's origin, e.g. http://127.0.0.1:8080: its root is the one redirect and post-logout URI. */
  appOrigin: string;
  clientId?: string;
  accessTtlSeconds?: number;
  /** `full`: name, picture and email; `name-picture`: only the standard profile's name and picture. */
  claims?: 'full' | 'name-picture';
};

export type RunningIds = { issuer: string; provider: Provider; close: () => Promise<void> };

/** The demo users, by their login (the e-mail address, which is also their subject). */
function account(appOrigin: string, claims: 'full' | 'name-picture', id: string) {
  const user = demoUsers.find((candidate) => candidate.email === id.trim().toLowerCase());
  if (!user) return undefined;
  const picture = new URL(user.avatarUrl, appOrigin).toString();
  return {
    accountId: user.email,
    claims: () =>
      claims === 'name-picture'
        ? { sub: user.email, name: user.displayName, picture }
        : { sub: user.email, name: user.displayName, picture, email: user.email, email_verified: true },
  };
}

export function standardIdsConfiguration(options: StandardIdsOptions): Configuration {
  const { appOrigin, clientId = DEFAULT_CLIENT_ID, accessTtlSeconds = 300, claims = 'full' } = options;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'demo', alg: 'RS256', use: 'sig' };
  const appRoot = new URL(APP_ROOT, appOrigin).toString();
  return {
    clients: [
      {
        client_id: clientId,
        client_name: 'Bike invite',
        token_endpoint_auth_method: 'none', // a public client: the app runs in the browser
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [appRoot],
        post_logout_redirect_uris: [appRoot],
      },
    ],
    findAccount: (_ctx: KoaContextWithOIDC, id: string) => account(appOrigin, claims, id),
    claims: { openid: ['sub'], profile: ['name', 'picture'], email: ['email', 'email_verified'] },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    jwks: { keys: [signingKey] },
    // Provider and app share one clock here: a token expires when its lifetime says (default: 15 s later).
    clockTolerance: 0,
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    // The browser calls the token, userinfo and revocation endpoints from the app's origin only.
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false,
    // A refresh token without offline_access's prompt=consent (docs/identity-providers.md#oidc-provider-tested).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    features: {
      devInteractions: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      userinfo: { enabled: true },
    },
    ttl: {
      AccessToken: accessTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Grant: 14 * 24 * 3600,
      Session: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
  };
}

/** Starts the provider on loopback; its issuer is `http://127.0.0.1:{port}`. */
export async function startStandardIds(options: StandardIdsOptions): Promise<RunningIds> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const provider = new Provider(issuer, standardIdsConfiguration(options));
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    issuer,
    provider,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
