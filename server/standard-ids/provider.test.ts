// The certified provider receives the invitee's language: the app's sign-in request carries
// `ui_locales` (src/auth/oauth-flow.ts), and oidc-provider keeps it with the login it starts.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../src/contract/languages.ts';
import { standardIdsConfiguration } from './provider.ts';

const APP = 'http://127.0.0.1:1';
let server: Server;
let provider: Provider;
let issuer: string;

beforeAll(async () => {
  server = createServer((request, response) => void provider.callback()(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, standardIdsConfiguration({ port: 0, appOrigin: APP }));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Starts a sign-in as the app does; returns the interaction the provider started for it. */
async function startSignIn(uiLocales: string) {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: 'my-account',
    response_type: 'code',
    redirect_uri: `${APP}/my-account/`,
    scope: 'openid profile',
    state: 'state-1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ui_locales: uiLocales,
  });
  const response = await fetch(`${issuer}/auth?${query}`, { redirect: 'manual' });
  const uid = /\/interaction\/([\w-]+)$/.exec(response.headers.get('location') ?? '')?.[1];
  return uid ? provider.Interaction.find(uid) : undefined;
}

describe('the standard provider', () => {
  it.each(SUPPORTED_LANGUAGES)('receives ui_locales=%s with the sign-in it shows', async (language) => {
    const interaction = await startSignIn(language);
    expect(interaction?.prompt.name).toBe('login');
    expect(interaction?.params.ui_locales).toBe(language);
  });
});
