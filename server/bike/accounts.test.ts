import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, call, login, startTestServer } from '../test/helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

describe('bike-service account', () => {
  it('is 404 until created with POST user, then 200; a second POST is 409', async () => {
    const { access_token } = await login(app, 'anna@example.com');
    const me = () =>
      call(app, { method: 'GET', url: '/api/v1/user/me', headers: { authorization: `Bearer ${access_token}` } });
    expect((await me()).json()).toMatchObject({ status: 404, title: 'account-not-found' });
    const post = (payload: string) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/user',
        headers: { ...bearer(access_token), 'content-type': 'application/json' },
        payload,
      });
    expect((await post('{"language":"xx"}')).statusCode).toBe(400);
    const created = await post('{"language":"sv"}'); // any language of src/contract/languages.ts
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: 'anna@example.com', display_name: 'Anna Bakker', language: 'sv' });
    expect((await me()).json()).toMatchObject({ language: 'sv' });
    expect((await post('{"language":"nl"}')).statusCode).toBe(409);
  });

  it.each(['[]', '["de"]', '"sv"', '7'])('refuses a body that is not an object: %s', async (payload) => {
    const { access_token } = await login(app, 'bram@example.com');
    const response = await call(app, {
      method: 'POST',
      url: '/api/v1/user',
      headers: { ...bearer(access_token), 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      title: 'invalid-request',
      detail: 'The body: a JSON object was expected.',
    });
  });

  it('needs a bearer token', async () => {
    expect((await call(app, { method: 'GET', url: '/api/v1/user/me' })).statusCode).toBe(401);
    expect(
      (await call(app, { method: 'GET', url: '/ids/user', headers: { authorization: 'Bearer nope' } })).statusCode,
    ).toBe(401);
  });
});
