// The bike service's rules for addresses under /api/ (the XSRF and Origin check, JSON bodies only,
// no-store) hold for every spelling of such an address that the router takes to its routes.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, login, startTestServer } from '../test/helpers.ts';

let app: FastifyInstance;
beforeEach(async () => {
  app = await startTestServer();
});
afterEach(() => app.close());

describe('an /api/ address spelled with percent-escapes', () => {
  it('still needs the XSRF header on a state-changing call', async () => {
    const { access_token } = await login(app, 'anna@example.com');
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
    const created = await app.inject({ method: 'POST', url: '/%61pi/v1/user', headers, payload: '{"language":"nl"}' });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toMatchObject({ title: 'xsrf' });
    const redeemed = await app.inject({
      method: 'POST',
      url: '/api/v1/bike/%69nvite-code/DEMO-PENDING-1/use',
      headers,
      payload: '{}',
    });
    expect(redeemed.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/bike/invite-code/DEMO-PENDING-1' })).json()).toMatchObject({
      status: 'pending',
    });
  });

  it('still takes JSON bodies only', async () => {
    const { access_token } = await login(app, 'anna@example.com');
    const response = await app.inject({
      method: 'POST',
      url: '/%61pi/v1/user',
      headers: { ...bearer(access_token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'language=nl',
    });
    expect(response.statusCode).toBe(415);
  });

  it('is still never cached', async () => {
    const response = await app.inject({ method: 'GET', url: '/%61pi/v1/bike/invite-code/DEMO-PENDING-1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
