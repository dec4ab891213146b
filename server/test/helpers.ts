import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createServer, type CreateServerOptions } from '../app.ts';
import { s256 } from '../ids/secrets.ts';
import { assertMatchesContract } from './contract.ts';

export const origin = 'http://localhost';
export const redirectUri = `${origin}/my-account/invite/DEMO-PENDING-1`;

export type Clock = { now: () => number; advance: (ms: number) => void };

export function createClock(start = Date.now()): Clock {
  let current = start;
  return { now: () => current, advance: (ms) => void (current += ms) };
}

export async function startTestServer(options: CreateServerOptions = {}): Promise<FastifyInstance> {
  const app = createServer({ dbPath: ':memory:', logLevel: 'silent', ...options });
  await app.ready();
  return app;
}

type Reply = Awaited<ReturnType<FastifyInstance['inject']>>;

/** inject() that also checks the answer against docs/openapi.yaml. */
export async function call(
  app: FastifyInstance,
  options: InjectOptions & { method: string; url: string },
): Promise<Reply> {
  const response = await app.inject(options);
  assertMatchesContract(options.method, options.url, response);
  return response;
}

/** A double-submit pair: the same value as cookie and header. */
export const xsrf = { cookie: 'XSRF-TOKEN=test-xsrf-token', 'x-xsrf-token': 'test-xsrf-token' };

export function bearer(token: string) {
  return { authorization: `Bearer ${token}`, ...xsrf };
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256(verifier) };
}

export function authorizeQuery(challenge: string, extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    response_type: 'code',
    client_id: 'my-account',
    redirect_uri: redirectUri,
    state: 'state-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
}

function cookieValue(setCookie: unknown, name: string): string | undefined {
  const list = Array.isArray(setCookie) ? setCookie : [setCookie];
  for (const entry of list) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(String(entry));
    if (match) return match[1];
  }
  return undefined;
}

/** Opens the login form as a browser would: its CSRF cookie and hidden field. */
export async function openForm(app: FastifyInstance, page: 'login' | 'register', query: string) {
  const response = await call(app, { method: 'GET', url: `/ids/${page}?${query}` });
  const csrf = /name="csrf" value="([^"]+)"/.exec(response.body)?.[1] ?? '';
  const cookie = `ids_csrf=${cookieValue(response.headers['set-cookie'], 'ids_csrf') ?? ''}`;
  return { response, csrf, cookie };
}

export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** Logs in through the HTML form and returns the authorization code from the redirect. */
export async function authorize(
  app: FastifyInstance,
  email: string,
  password = 'demo-password',
  challenge = pkce().challenge,
) {
  const query = authorizeQuery(challenge);
  const form = await openForm(app, 'login', query);
  const response = await call(app, {
    method: 'POST',
    url: '/ids/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie },
    payload: `${query}&${formBody({ csrf: form.csrf, email, password, action: 'login' })}`,
  });
  if (response.statusCode !== 302) throw new Error(`login failed with ${response.statusCode}`);
  const location = new URL(String(response.headers.location));
  return { code: location.searchParams.get('code') ?? '', location };
}

export async function tokenRequest(app: FastifyInstance, fields: Record<string, string>) {
  return call(app, {
    method: 'POST',
    url: '/ids/oauth',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: formBody(fields),
  });
}

/** The full authorization-code flow with PKCE; returns the token response. */
export async function login(app: FastifyInstance, email: string, password = 'demo-password') {
  const { verifier, challenge } = pkce();
  const { code } = await authorize(app, email, password, challenge);
  const response = await tokenRequest(app, {
    grant_type: 'authorization_code',
    client_id: 'my-account',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  if (response.statusCode !== 200) throw new Error(`token exchange failed: ${response.body}`);
  return response.json() as { access_token: string; refresh_token: string; token_type: string; expires_in: number };
}
