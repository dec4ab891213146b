import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { authorizeQuery, call, formBody, login, openForm, pkce, startTestServer } from '../test/helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

/** Registers through the form, signs in, and reads the user back from GET /ids/user. */
async function registered(displayName: string, email: string, password: string) {
  const query = authorizeQuery(pkce().challenge);
  const form = await openForm(app, 'register', query);
  await call(app, {
    method: 'POST',
    url: '/ids/register',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie },
    payload: `${query}&${formBody({ csrf: form.csrf, display_name: displayName, email, password })}`,
  });
  const { access_token } = await login(app, email, password);
  return (
    await call(app, { method: 'GET', url: '/ids/user', headers: { authorization: `Bearer ${access_token}` } })
  ).json();
}

describe('GET /ids/user', () => {
  it('gives a newly registered user a generated avatar served by this server', async () => {
    const user = await registered('jan de Smit', 'jan@example.com', 'jan-password');
    expect(user).toMatchObject({ display_name: 'jan de Smit', email: 'jan@example.com' });
    expect(user.avatar_url).toMatch(/^\/ids\/avatars\/[\w-]{22}\.svg$/);
    const avatar = await call(app, { method: 'GET', url: user.avatar_url });
    expect(avatar.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(avatar.body).toContain('>JS<');
    expect(avatar.body).not.toContain('<b>');
    expect((await call(app, { method: 'GET', url: '/ids/avatars/999.svg' })).statusCode).toBe(404);
  });

  it('serves no avatar by a sequential id: who has an account is not for anyone to count', async () => {
    for (const id of [1, 2, 3, 4]) {
      expect((await call(app, { method: 'GET', url: `/ids/avatars/${id}.svg` })).statusCode, String(id)).toBe(404);
    }
  });

  it('takes a display name without bidi controls or line breaks', async () => {
    const user = await registered('Eve\u202Egnp.exe\u202C\nOwner', 'eve@example.com', 'eve-password');
    expect(user.display_name).toBe('Evegnp.exe Owner');
  });
});
