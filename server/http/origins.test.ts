// The reference server's public origin: configured with --public-url, or the one a request reached,
// whose protocol and host come from X-Forwarded-* only through a proxy listed in --trust-proxy.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type CreateServerOptions } from '../app.ts';
import { authorizeQuery, bearer, call, login, pkce, startTestServer } from '../test/helpers.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(options: CreateServerOptions): Promise<FastifyInstance> {
  app = await startTestServer(options);
  return app;
}

type Headers = Record<string, string>;

/** The Set-Cookie line of cookie `name`. */
function named(setCookie: unknown, name: string): string {
  return String([setCookie].flat().find((line) => String(line).startsWith(`${name}=`)));
}

/** The cookies the server sets on an invite read (XSRF-TOKEN) and on the login form (ids_csrf). */
async function cookies(server: FastifyInstance, headers: Headers, remoteAddress?: string, redirectUri?: string) {
  const invite = await server.inject({
    method: 'GET',
    url: '/api/v1/bike/invite-code/DEMO-PENDING-1',
    headers,
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
  const query = authorizeQuery(pkce().challenge, redirectUri === undefined ? {} : { redirect_uri: redirectUri });
  const form = await server.inject({
    method: 'GET',
    url: `/ids/login?${query}`,
    headers,
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
  expect(form.statusCode).toBe(200);
  return {
    xsrf: named(invite.headers['set-cookie'], 'XSRF-TOKEN'),
    form: named(form.headers['set-cookie'], 'ids_csrf'),
  };
}

// A host the server answers (without --public-url: its loopback names), reached over https through the proxy.
const forwardedHttps = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'localhost' };

describe('Secure cookies', () => {
  it('are Secure when the public URL is https', async () => {
    const server = await start({ publicUrl: 'https://invite.example' });
    const set = await cookies(server, {}, undefined, 'https://invite.example/my-account/');
    expect(set.xsrf).toMatch(/^XSRF-TOKEN=\w+; Path=\/; Secure; SameSite=Lax$/);
    expect(set.form).toMatch(/^ids_csrf=[\w-]+; Path=\/ids; HttpOnly; Secure; SameSite=Strict$/);
  });

  it('are Secure when a trusted proxy forwards an https request', async () => {
    const server = await start({ trustProxy: ['10.0.0.0/8'] });
    const set = await cookies(server, forwardedHttps, '10.1.2.3', 'https://localhost/my-account/');
    expect(set.xsrf).toContain('; Secure');
    expect(set.form).toContain('; Secure');
  });

  it('are not Secure over plain http, nor when the https claim comes from an address that is not a trusted proxy', async () => {
    const plain = await cookies(await start({}), {});
    expect(plain.xsrf).not.toContain('Secure');
    expect(plain.form).not.toContain('Secure');
    await app?.close();
    const untrusted = await cookies(await start({ trustProxy: ['10.0.0.0/8'] }), forwardedHttps, '203.0.113.7');
    expect(untrusted.xsrf).not.toContain('Secure');
    expect(untrusted.form).not.toContain('Secure');
  });
});

describe('the public URL', () => {
  it('is the origin of invite links and of same-origin calls, whichever of its host names the request names', async () => {
    // http://localhost: the test helpers' redirect URI, so that login() works.
    const server = await start({ publicUrl: 'https://invite.example', allowedOrigins: ['http://localhost'] });
    const { access_token } = await login(server, 'owner@example.com');
    const created = await call(server, {
      method: 'POST',
      url: '/api/v1/bike/1/invite-code',
      headers: { ...bearer(access_token), host: 'localhost', origin: 'https://invite.example' },
      payload: {},
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().link).toMatch(/^https:\/\/invite\.example\/my-account\/invite\//);
  });
});

describe('a Host the server is not configured for', () => {
  it('gives no origin: a redirect URI on it is refused, and invite links keep the configured origin', async () => {
    const server = await start({});
    const query = authorizeQuery(pkce().challenge, { redirect_uri: 'http://evil.example/my-account/' });
    const form = await server.inject({ method: 'GET', url: `/ids/login?${query}`, headers: { host: 'evil.example' } });
    expect(form.statusCode).toBe(400);
    expect(form.headers.location).toBeUndefined();

    const { access_token } = await login(server, 'owner@example.com');
    const created = await call(server, {
      method: 'POST',
      url: '/api/v1/bike/1/invite-code',
      headers: { ...bearer(access_token), host: 'evil.example' },
      payload: {},
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().link).toMatch(/^http:\/\/127\.0\.0\.1:8080\/my-account\/invite\//);
  });

  it('is refused with 400 when it carries userinfo, instead of being read as the origin after the @', async () => {
    const server = await start({});
    const query = authorizeQuery(pkce().challenge, { redirect_uri: 'http://evil.example/my-account/' });
    const form = await server.inject({
      method: 'GET',
      url: `/ids/login?${query}`,
      headers: { host: 'localhost:80@evil.example' },
    });
    expect(form.statusCode).toBe(400);
    expect(form.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(form.json()).toMatchObject({ title: 'invalid-host' });
  });
});
