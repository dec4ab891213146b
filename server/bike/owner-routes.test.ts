import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { inviteCodeAt } from '../../src/contract/paths.ts';
import { bearer, call, login, startTestServer } from '../test/helpers.ts';

let app: FastifyInstance;
let owner: string;
let otherOwner: string;
let rider: string; // Anna rides bike 1: the seed has her accept DEMO-ACCEPTED
beforeAll(async () => {
  app = await startTestServer();
  owner = (await login(app, 'owner@example.com')).access_token;
  otherOwner = (await login(app, 'bram@example.com')).access_token;
  rider = (await login(app, 'anna@example.com')).access_token;
});
afterAll(() => app.close());

const json = { 'content-type': 'application/json' };
const createInvite = (token: string, bikeId: string | number, payload: unknown = {}, headers = {}) =>
  call(app, {
    method: 'POST',
    url: `/api/v1/bike/${bikeId}/invite-code`,
    headers: { ...bearer(token), ...json, ...headers },
    payload: JSON.stringify(payload),
  });
const revoke = (token: string, code: string) =>
  call(app, { method: 'DELETE', url: `/api/v1/bike/invite-code/${code}`, headers: bearer(token) });
const lifetime = (invite: { expires_at: string; created_at: string }) =>
  (Date.parse(invite.expires_at) - Date.parse(invite.created_at)) / 86_400_000;
const bikesOf = (token: string) => call(app, { method: 'GET', url: '/api/v1/bike', headers: bearer(token) });

describe('owner calls', () => {
  it("lists the owner's bikes with their riders and their invites in every state", async () => {
    const bikes = (await bikesOf(owner)).json() as {
      name: string;
      riders: { display_name: string; since: string }[];
      invites: { code: string; status: string }[];
    }[];
    expect(bikes.map((b) => b.name)).toEqual(['Blue city bike', 'Family cargo bike']);
    expect(bikes[0]?.riders).toEqual([expect.objectContaining({ display_name: 'Anna Bakker' })]);
    expect(bikes[1]?.riders).toEqual([]);
    const statuses = Object.fromEntries(bikes.flatMap((b) => b.invites).map((i) => [i.code, i.status]));
    expect(statuses).toMatchObject({
      'DEMO-PENDING-1': 'pending',
      'DEMO-ACCEPTED': 'accepted',
      'DEMO-EXPIRED': 'expired',
    });
    expect((await bikesOf(rider)).json()).toEqual([]); // Anna owns no bike
  });

  it('creates an invite with a link that anyone can open', async () => {
    const response = await createInvite(owner, 1, { days: 3 });
    expect(response.statusCode).toBe(201);
    const invite = response.json();
    expect(invite.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(Date.parse(invite.expires_at) - Date.parse(invite.created_at)).toBe(3 * 86_400_000);
    const seen = await call(app, { method: 'GET', url: `/api/v1/bike/invite-code/${invite.code}` });
    expect(seen.json()).toMatchObject({ status: 'pending', bike_name: 'Blue city bike' });
  });

  it("links to the app's invite page: the app reads the invite's code back from the link", async () => {
    const invite = (await createInvite(owner, 2)).json();
    expect(inviteCodeAt(new URL(invite.link).pathname)).toBe(invite.code);
  });

  it("takes the link's origin from its configuration, never from the request's Host", async () => {
    const invite = (await createInvite(owner, 1, {}, { host: 'evil.example' })).json();
    expect(invite.link).toBe(`http://127.0.0.1:8080/my-account/invite/${invite.code}`);
    // The test logs in from http://localhost, an origin it allows besides its public one.
    const configured = await startTestServer({
      publicUrl: 'https://invite.brand.example',
      allowedOrigins: ['http://localhost'],
    });
    try {
      const token = (await login(configured, 'owner@example.com')).access_token;
      const listed = await call(configured, {
        method: 'GET',
        url: '/api/v1/bike',
        headers: { ...bearer(token), host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      const links = (listed.json() as { invites: { link: string }[] }[]).flatMap((b) => b.invites.map((i) => i.link));
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toMatch(/^https:\/\/invite\.brand\.example\/my-account\/invite\//);
    } finally {
      await configured.close();
    }
  });

  it("never copies the request's port into a link (Host: 127.0.0.1:1)", async () => {
    const created = (await createInvite(owner, 1, {}, { host: '127.0.0.1:1' })).json();
    expect(created.link).toBe(`http://127.0.0.1:8080/my-account/invite/${created.code}`);
    const listed = await call(app, {
      method: 'GET',
      url: '/api/v1/bike',
      headers: { ...bearer(owner), host: '127.0.0.1:1' },
    });
    const links = (listed.json() as { invites: { link: string }[] }[]).flatMap((b) => b.invites.map((i) => i.link));
    for (const link of links) expect(link).toMatch(/^http:\/\/127\.0\.0\.1:8080\//);
  });

  it.each([['7'], [true], [[7]], ['0x1e'], [7.5]])(
    'refuses days: %j without coercing it, naming the field',
    async (days) => {
      const response = await createInvite(owner, 1, { days });
      expect([response.statusCode, response.json()]).toEqual([
        400,
        expect.objectContaining({ title: 'invalid-request', field: 'days' }),
      ]);
    },
  );

  it('takes a validity of 1 to 30 whole days, 7 by default, and answers anything else 400 problem+json', async () => {
    expect(lifetime((await createInvite(owner, 1)).json())).toBe(7);
    expect(lifetime((await createInvite(owner, 1, { days: 1 })).json())).toBe(1);
    expect(lifetime((await createInvite(owner, 1, { days: 30 })).json())).toBe(30);
    for (const days of [0, 31, -1, 1.5, 'many', null]) {
      const response = await createInvite(owner, 1, { days });
      expect(response.statusCode, String(days)).toBe(400);
      expect(response.headers['content-type'], String(days)).toMatch(/^application\/problem\+json/);
    }
  });

  it("answers someone else's or a missing bike 404, like POST invite-code always did, and its rider 403", async () => {
    expect((await createInvite(otherOwner, 1)).json()).toMatchObject({ status: 404, title: 'bike-not-found' });
    expect((await createInvite(owner, 999)).json()).toMatchObject({ status: 404, title: 'bike-not-found' });
    expect((await createInvite(owner, 'abc')).statusCode).toBe(404);
    expect((await createInvite(rider, 1)).json()).toMatchObject({ status: 403, title: 'not-owner' });
  });

  it('revokes an invite: afterwards it answers 410, and revoking again answers the same', async () => {
    const { code } = (await createInvite(owner, 2)).json();
    const response = await revoke(owner, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'revoked' });
    expect((await call(app, { method: 'GET', url: `/api/v1/bike/invite-code/${code}` })).statusCode).toBe(410);
    const again = await revoke(owner, code);
    expect([again.statusCode, again.json()]).toEqual([200, response.json()]);
  });

  it("answers someone else's invite 404 like a missing one, its bike's rider 403, a used one 409", async () => {
    expect((await revoke(otherOwner, 'DEMO-PENDING-2')).json()).toMatchObject({
      status: 404,
      title: 'invite-not-found',
    });
    expect((await revoke(rider, 'DEMO-PENDING-1')).json()).toMatchObject({ status: 403, title: 'not-owner' });
    expect((await revoke(owner, 'DEMO-ACCEPTED')).statusCode).toBe(409);
    expect((await revoke(owner, 'NOPE')).json()).toMatchObject({ status: 404, title: 'invite-not-found' });
    expect((await call(app, { method: 'DELETE', url: '/api/v1/bike/invite-code/DEMO-PENDING-2' })).statusCode).toBe(
      403, // no XSRF header
    );
    const seen = await call(app, { method: 'GET', url: '/api/v1/bike/invite-code/DEMO-PENDING-2' });
    expect(seen.json()).toMatchObject({ status: 'pending' });
  });
});
