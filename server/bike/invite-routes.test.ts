import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, call, createClock, login, startTestServer, xsrf, type Clock } from '../test/helpers.ts';

let app: FastifyInstance;
let clock: Clock;
beforeEach(async () => {
  clock = createClock();
  app = await startTestServer({ now: clock.now, allowedOrigins: ['https://partner.example'] });
});
afterEach(() => app.close());

const getInvite = (code: string) => call(app, { method: 'GET', url: `/api/v1/bike/invite-code/${code}` });
const use = (code: string, headers: Record<string, string>, payload: unknown = {}) =>
  call(app, {
    method: 'POST',
    url: `/api/v1/bike/invite-code/${code}/use`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });
const createAccount = (token: string, payload: unknown = { language: 'nl' }) =>
  call(app, {
    method: 'POST',
    url: '/api/v1/user',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

async function annaWithAccount(): Promise<string> {
  const { access_token } = await login(app, 'anna@example.com');
  expect((await createAccount(access_token)).statusCode).toBe(201);
  return access_token;
}

describe('GET bike/invite-code/{code}', () => {
  it('shows a pending invite to anyone, without signing in', async () => {
    const response = await getInvite('DEMO-PENDING-1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 'DEMO-PENDING-1',
      owner_display_name: 'Sofie de Vries',
      bike_name: 'Blue city bike',
      bike_image_url: '/media/bikes/city-bike-400.jpg',
      type: 'bike',
      status: 'pending',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('shows an accepted invite with its status', async () => {
    expect((await getInvite('DEMO-ACCEPTED')).json()).toMatchObject({ status: 'accepted' });
    expect((await getInvite('DEMO-PENDING-3')).json()).toMatchObject({
      type: 'e-moped',
      owner_display_name: 'Bram Jansen',
    });
  });

  it('answers 410 for expired and revoked invites, 404 for unknown, 400 for malformed codes', async () => {
    const expired = await getInvite('DEMO-EXPIRED');
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ title: 'invite-expired', invite_status: 'expired' });
    expect((await getInvite('DEMO-REVOKED')).json()).toMatchObject({ status: 410, invite_status: 'revoked' });
    expect((await getInvite('NO-SUCH-CODE')).statusCode).toBe(404);
    for (const bad of ['bad%20code', 'x'.repeat(65), '%3Cscript%3E', 'a.b', 'x'.repeat(600)]) {
      const response = await getInvite(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('lets a pending invite expire with time', async () => {
    clock.advance(366 * 86_400_000);
    expect((await getInvite('DEMO-PENDING-1')).statusCode).toBe(410);
  });
});

describe('POST bike/invite-code/{code}/use', () => {
  it('redeems a pending invite once; another account using it answers 409', async () => {
    const token = await annaWithAccount();
    const response = await use('DEMO-PENDING-2', bearer(token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 'DEMO-PENDING-2',
      status: 'accepted',
      bike_name: 'Family cargo bike',
    });
    expect((await getInvite('DEMO-PENDING-2')).json()).toMatchObject({ status: 'accepted' });
    const bram = (await login(app, 'bram@example.com')).access_token;
    expect((await use('DEMO-PENDING-2', bearer(bram))).json()).toMatchObject({
      status: 409,
      title: 'invite-already-used',
    });
  });

  it('answers the same account’s repeated use like the first (a retry whose answer was lost)', async () => {
    const token = await annaWithAccount();
    const first = await use('DEMO-PENDING-2', bearer(token));
    const again = await use('DEMO-PENDING-2', bearer(token));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await use('DEMO-ACCEPTED', bearer(token))).statusCode).toBe(200); // the seed has Anna accept it
  });

  it('answers 410 for expired and revoked invites and 404 for unknown ones', async () => {
    const token = await annaWithAccount();
    expect((await use('DEMO-EXPIRED', bearer(token))).statusCode).toBe(410);
    expect((await use('DEMO-REVOKED', bearer(token))).json()).toMatchObject({ status: 410, invite_status: 'revoked' });
    expect((await use('UNKNOWN', bearer(token))).statusCode).toBe(404);
    expect((await use('bad!code', bearer(token))).statusCode).toBe(400);
  });

  it('needs a bike-service account first (403), and the owner cannot redeem their own invite (403)', async () => {
    const { access_token } = await login(app, 'anna@example.com');
    expect((await use('DEMO-PENDING-1', bearer(access_token))).json()).toMatchObject({
      status: 403,
      title: 'account-required',
    });
    const owner = await login(app, 'owner@example.com');
    expect((await use('DEMO-PENDING-1', bearer(owner.access_token))).json()).toMatchObject({
      status: 403,
      title: 'own-invite',
    });
    expect((await getInvite('DEMO-PENDING-1')).json()).toMatchObject({ status: 'pending' });
  });

  it('tells a rider of the bike that they ride it already (409 already-rider), and leaves the invite open', async () => {
    const token = await annaWithAccount(); // the seed has Anna ride the city bike
    expect((await use('DEMO-PENDING-5', bearer(token))).json()).toMatchObject({
      status: 409,
      title: 'already-rider',
      type: 'urn:bike-invite:problem:already-rider',
    });
    expect((await getInvite('DEMO-PENDING-5')).json()).toMatchObject({ status: 'pending' });
    const bram = (await login(app, 'bram@example.com')).access_token;
    expect((await use('DEMO-PENDING-5', bearer(bram))).statusCode).toBe(200);
  });

  it('refuses a missing, malformed, unknown or expired bearer token with 401 invalid_token', async () => {
    const token = await annaWithAccount();
    for (const authorization of [undefined, 'Basic abc', 'Bearer', 'Bearer not-a-token']) {
      const headers: Record<string, string> = { ...xsrf };
      if (authorization) headers.authorization = authorization;
      const response = await use('DEMO-PENDING-1', headers);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toMatchObject({ title: 'invalid_token' });
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    clock.advance(301_000);
    expect((await use('DEMO-PENDING-1', bearer(token))).statusCode).toBe(401);
  });
});

describe('XSRF and CORS on state-changing calls', () => {
  it('refuses a same-origin or origin-less call without the XSRF header, or with a wrong one', async () => {
    const token = await annaWithAccount();
    const auth = { authorization: `Bearer ${token}` };
    const missing = await use('DEMO-PENDING-2', { ...auth, cookie: xsrf.cookie });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ title: 'xsrf' });
    expect((await use('DEMO-PENDING-2', { ...auth, cookie: xsrf.cookie, 'x-xsrf-token': 'wrong' })).statusCode).toBe(
      403,
    );
    expect((await use('DEMO-PENDING-2', { ...auth, 'x-xsrf-token': 'no-cookie' })).statusCode).toBe(403);
    expect((await use('DEMO-PENDING-2', { ...auth, origin: 'http://localhost', 'x-xsrf-token': 'x' })).statusCode).toBe(
      403,
    );
    expect((await getInvite('DEMO-PENDING-2')).json()).toMatchObject({ status: 'pending' });
    expect((await use('DEMO-PENDING-2', { ...auth, ...xsrf, origin: 'http://localhost' })).statusCode).toBe(200);
  });

  it('sets the XSRF-TOKEN cookie on answers to requests without it', async () => {
    const response = await getInvite('DEMO-PENDING-1');
    expect(String(response.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{20,}; Path=\/; SameSite=Lax$/);
    const again = await call(app, {
      method: 'GET',
      url: '/api/v1/bike/invite-code/DEMO-PENDING-1',
      headers: { cookie: 'XSRF-TOKEN=abc' },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('lets an allow-listed origin call with its bearer token through CORS, and refuses other origins', async () => {
    const token = await annaWithAccount();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/bike/invite-code/DEMO-PENDING-2/use',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe('https://partner.example');
    const evilPreflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/bike/invite-code/DEMO-PENDING-2/use',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(evilPreflight.headers['access-control-allow-origin']).toBeUndefined();
    const evil = await use('DEMO-PENDING-2', {
      authorization: `Bearer ${token}`,
      origin: 'https://evil.example',
      ...xsrf,
    });
    expect(evil.json()).toMatchObject({ status: 403, title: 'origin-not-allowed' });
    const partner = await use('DEMO-PENDING-2', {
      authorization: `Bearer ${token}`,
      origin: 'https://partner.example',
    });
    expect(partner.statusCode).toBe(200);
    expect(partner.headers['access-control-allow-origin']).toBe('https://partner.example');
  });
});

describe('bodies', () => {
  it('answers problem+json for malformed JSON, an oversized body, and a non-JSON body', async () => {
    const token = await annaWithAccount();
    const post = (type: string, payload: string) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/bike/invite-code/DEMO-PENDING-1/use',
        headers: { ...bearer(token), 'content-type': type },
        payload,
      });
    const malformed = await post('application/json', '{"oops":');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(malformed.body).not.toMatch(/at .*\.js|node_modules/);
    expect((await post('application/json', JSON.stringify({ pad: 'x'.repeat(17_000) }))).statusCode).toBe(413);
    expect((await post('text/plain', '{}')).statusCode).toBe(415);
    expect((await post('application/x-www-form-urlencoded', 'a=b')).statusCode).toBe(415);
    expect((await post('application/xml', '<a/>')).statusCode).toBe(415);
    expect((await getInvite('DEMO-PENDING-1')).json()).toMatchObject({ status: 'pending' });
  });
});
