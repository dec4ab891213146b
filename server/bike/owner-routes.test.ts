import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { inviteCodeAt } from '../../src/contract/paths.ts';
import { bearer, call, login, startTestServer } from '../test/helpers.ts';

let app: FastifyInstance;
let owner: string;
let otherOwner: string;
beforeAll(async () => {
  app = await startTestServer();
  owner = (await login(app, 'owner@example.com')).access_token;
  otherOwner = (await login(app, 'bram@example.com')).access_token;
});
afterAll(() => app.close());

const json = { 'content-type': 'application/json' };
const createInvite = (token: string, bikeId: string | number, payload: unknown = {}) =>
  call(app, {
    method: 'POST',
    url: `/api/v1/bike/${bikeId}/invite-code`,
    headers: { ...bearer(token), ...json },
    payload: JSON.stringify(payload),
  });
const revoke = (token: string, code: string) =>
  call(app, { method: 'DELETE', url: `/api/v1/bike/invite-code/${code}`, headers: bearer(token) });

describe('owner calls', () => {
  it("lists the owner's bikes with their invites in every state", async () => {
    const response = await call(app, {
      method: 'GET',
      url: '/api/v1/bike',
      headers: { authorization: `Bearer ${owner}` },
    });
    const bikes = response.json() as { name: string; invites: { code: string; status: string }[] }[];
    expect(bikes.map((b) => b.name)).toEqual(['Blue city bike', 'Family cargo bike']);
    const statuses = Object.fromEntries(bikes.flatMap((b) => b.invites).map((i) => [i.code, i.status]));
    expect(statuses).toMatchObject({
      'DEMO-PENDING-1': 'pending',
      'DEMO-ACCEPTED': 'accepted',
      'DEMO-EXPIRED': 'expired',
    });
  });

  it('creates an invite with a link that anyone can open', async () => {
    const response = await createInvite(owner, 1, { days: 3 });
    expect(response.statusCode).toBe(201);
    const invite = response.json();
    expect(invite.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(invite.link).toBe(`http://localhost/my-account/invite/${invite.code}`);
    expect(Date.parse(invite.expires_at) - Date.parse(invite.created_at)).toBe(3 * 86_400_000);
    const seen = await call(app, { method: 'GET', url: `/api/v1/bike/invite-code/${invite.code}` });
    expect(seen.json()).toMatchObject({ status: 'pending', bike_name: 'Blue city bike' });
  });

  it("links to the app's invite page: the app reads the invite's code back from the link", async () => {
    const invite = (await createInvite(owner, 2)).json();
    expect(inviteCodeAt(new URL(invite.link).pathname)).toBe(invite.code);
  });

  it("answers 404 for someone else's or a missing bike, and 400 for a bad body", async () => {
    expect((await createInvite(otherOwner, 1)).statusCode).toBe(404);
    expect((await createInvite(owner, 999)).statusCode).toBe(404);
    expect((await createInvite(owner, 'abc')).statusCode).toBe(404);
    expect((await createInvite(owner, 1, { days: 0 })).statusCode).toBe(400);
    expect((await createInvite(owner, 1, { days: 'many' })).statusCode).toBe(400);
  });

  it('revokes an invite: afterwards it answers 410, and revoking again is harmless', async () => {
    const { code } = (await createInvite(owner, 2)).json();
    const response = await revoke(owner, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'revoked' });
    expect((await call(app, { method: 'GET', url: `/api/v1/bike/invite-code/${code}` })).statusCode).toBe(410);
    expect((await revoke(owner, code)).statusCode).toBe(200);
  });

  it('lets only the owner revoke, and not once the invite is used', async () => {
    expect((await revoke(otherOwner, 'DEMO-PENDING-2')).json()).toMatchObject({ status: 403, title: 'not-owner' });
    expect((await revoke(owner, 'DEMO-ACCEPTED')).statusCode).toBe(409);
    expect((await revoke(owner, 'NOPE')).statusCode).toBe(404);
    expect((await call(app, { method: 'DELETE', url: '/api/v1/bike/invite-code/DEMO-PENDING-2' })).statusCode).toBe(
      403,
    );
  });
});
