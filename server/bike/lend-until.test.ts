import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, call, createClock, login, startTestServer, type Clock } from '../test/helpers.ts';
import { WRITES_PER_MINUTE } from './limits.ts';

// Lending until a day (docs/decisions/0045-lend-until.md), on the test clock. The seed: Sofie owns
// bikes 1 and 2; Anna rides bike 1; Bram owns bikes 3 and 4 and rides none.
const HOUR = 3_600_000;
const zone = 'Europe/Amsterdam'; // UTC+1 in November
let clock: Clock;
let app: FastifyInstance;
let sofie: string;
let anna: string;
let bram: string;
beforeEach(async () => {
  clock = createClock(Date.parse('2026-11-28T10:00:00Z'));
  // Tokens outlive the days the clock moves: this is about the bike service's rules.
  app = await startTestServer({ now: clock.now, accessTtlSeconds: 400 * 86_400 });
  sofie = (await login(app, 'owner@example.com')).access_token;
  anna = (await login(app, 'anna@example.com')).access_token;
  bram = (await login(app, 'bram@example.com')).access_token;
});
afterEach(() => app.close());

const json = { 'content-type': 'application/json' };
const send = (method: string, url: string, token: string, payload?: unknown) =>
  call(app, {
    method,
    url,
    headers: { ...bearer(token), ...(payload === undefined ? {} : json) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
type Rider = { id: number; display_name: string; access_until?: string | null; access_ended?: boolean };
const ridersOf = async (bikeId: number) =>
  ((await send('GET', '/api/v1/bike', sofie)).json() as { id: number; riders: Rider[] }[]).find((b) => b.id === bikeId)!
    .riders;
const sharedWith = async (token: string) =>
  ((await send('GET', '/api/v1/bike/shared', token)).json() as { name: string; access_until: string | null }[]).map(
    (bike) => `${bike.name} ${bike.access_until ?? 'until removed'}`,
  );
const annaId = async () => (await ridersOf(1)).find((r) => r.display_name === 'Anna Bakker')!.id;
const lend = (riderId: number, body: unknown, token = sofie, bikeId = 1) =>
  send('PATCH', `/api/v1/bike/${bikeId}/rider/${riderId}`, token, body);

describe('an invite that lends until a day', () => {
  it('makes a rider who rides through that day where the owner is, and not a moment after', async () => {
    const created = await send('POST', '/api/v1/bike/2/invite-code', sofie, {
      access_until: '2026-11-30',
      time_zone: zone,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ access_until: '2026-11-30', status: 'pending' });
    // The invitee is told the day before accepting: anyone with the code sees it.
    const seen = await call(app, { method: 'GET', url: `/api/v1/bike/invite-code/${created.json().code}` });
    expect(seen.json()).toMatchObject({ access_until: '2026-11-30', status: 'pending' });
    expect((await send('POST', `/api/v1/bike/invite-code/${created.json().code}/use`, bram, {})).statusCode).toBe(200);
    expect(await sharedWith(bram)).toEqual(['Family cargo bike 2026-11-30']);
    expect(await ridersOf(2)).toEqual([
      expect.objectContaining({ display_name: 'Bram Jansen', access_until: '2026-11-30', access_ended: false }),
    ]);

    // The last moment of 30 November in Amsterdam is 22:59:59.999 UTC.
    clock.advance(Date.parse('2026-11-30T22:59:59.999Z') - clock.now());
    expect(await sharedWith(bram)).toEqual(['Family cargo bike 2026-11-30']);
    clock.advance(1);
    expect(await sharedWith(bram)).toEqual([]);
    expect(await ridersOf(2)).toEqual([
      expect.objectContaining({ display_name: 'Bram Jansen', access_until: '2026-11-30', access_ended: true }),
    ]);
    // Bram's calls about the bike answer as a stranger's: a 404, not "only the owner".
    expect((await send('POST', '/api/v1/bike/2/invite-code', bram, {})).json()).toMatchObject({
      status: 404,
      title: 'bike-not-found',
    });
    expect((await send('DELETE', '/api/v1/bike/shared/2', bram)).json()).toMatchObject({ title: 'rider-not-found' });
  });

  it('expires, unused, once the day it lends until has passed', async () => {
    const { code } = (
      await send('POST', '/api/v1/bike/2/invite-code', sofie, { days: 7, access_until: '2026-11-28', time_zone: zone })
    ).json();
    clock.advance(14 * HOUR);
    expect((await send('POST', `/api/v1/bike/invite-code/${code}/use`, bram, {})).json()).toMatchObject({
      status: 410,
      title: 'invite-expired',
    });
    expect(await sharedWith(bram)).toEqual([]);
  });

  it('lends again, on the new terms, to a rider whose access ended', async () => {
    const first = await send('POST', '/api/v1/bike/2/invite-code', sofie, {
      access_until: '2026-11-28',
      time_zone: zone,
    });
    await send('POST', `/api/v1/bike/invite-code/${first.json().code}/use`, bram, {});
    clock.advance(14 * HOUR);
    const second = await send('POST', '/api/v1/bike/2/invite-code', sofie, {});
    expect((await send('POST', `/api/v1/bike/invite-code/${second.json().code}/use`, bram, {})).statusCode).toBe(200);
    expect(await sharedWith(bram)).toEqual(['Family cargo bike until removed']);
  });

  it('is part of what an Idempotency-Key repeats', async () => {
    const key = { 'idempotency-key': '"lend-until-key-0123456789"' };
    const create = (body: unknown) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/bike/2/invite-code',
        headers: { ...bearer(sofie), ...json, ...key },
        payload: JSON.stringify(body),
      });
    const body = { access_until: '2026-12-01', time_zone: zone };
    const first = await create(body);
    expect((await create(body)).json().code).toBe(first.json().code);
    expect((await create({ ...body, access_until: '2026-12-02' })).statusCode).toBe(422);
  });

  it.each([
    [{ access_until: '2026-11-27', time_zone: zone }, 'past'],
    [{ access_until: '2027-11-29', time_zone: zone }, 'too-far'],
    [{ access_until: '2026-02-30', time_zone: zone }, 'date'],
    [{ access_until: '2026-11-30' }, 'time-zone'],
    [{ access_until: '2026-11-30', time_zone: 'Mars/Olympus' }, 'time-zone'],
  ])('refuses %j with its own problem type (%s), creating nothing', async (body, reason) => {
    const before = ((await send('GET', '/api/v1/bike', sofie)).json() as { invites: unknown[] }[])[1]!.invites.length;
    expect((await send('POST', '/api/v1/bike/2/invite-code', sofie, body)).json()).toMatchObject({
      status: 400,
      title: 'invalid-access-until',
      type: 'urn:bike-invite:problem:invalid-access-until',
      reason,
    });
    expect(((await send('GET', '/api/v1/bike', sofie)).json() as { invites: unknown[] }[])[1]!.invites).toHaveLength(
      before,
    );
  });

  it('takes today, where the owner is, and a year ahead', async () => {
    // 10:00 UTC on 28 November is already 29 November on Kiritimati (UTC+14).
    for (const body of [
      { access_until: '2026-11-28', time_zone: zone },
      { access_until: '2026-11-29', time_zone: 'Pacific/Kiritimati' },
      { access_until: '2027-11-28', time_zone: zone },
    ]) {
      expect((await send('POST', '/api/v1/bike/2/invite-code', sofie, body)).statusCode, JSON.stringify(body)).toBe(
        201,
      );
    }
    expect(
      (
        await send('POST', '/api/v1/bike/2/invite-code', sofie, {
          access_until: '2026-11-28',
          time_zone: 'Pacific/Kiritimati',
        })
      ).json(),
    ).toMatchObject({ reason: 'past' });
  });
});

describe("the owner's change of a rider's access", () => {
  it('sets a day, extends it, clears it, each safe to repeat', async () => {
    const id = await annaId();
    const until = { access_until: '2026-11-29', time_zone: zone };
    for (const _ of [1, 2]) {
      const set = await lend(id, until);
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({
        id,
        display_name: 'Anna Bakker',
        access_until: '2026-11-29',
        access_ended: false,
      });
    }
    clock.advance(2 * 86_400_000);
    expect(await sharedWith(anna)).toEqual([]);
    // Extending an ended access lends again.
    expect((await lend(id, { ...until, access_until: '2026-12-24' })).json()).toMatchObject({
      access_until: '2026-12-24',
      access_ended: false,
    });
    expect(await sharedWith(anna)).toEqual(['Blue city bike 2026-12-24']);
    for (const _ of [1, 2]) {
      expect((await lend(id, { access_until: null })).json()).toMatchObject({
        access_until: null,
        access_ended: false,
      });
    }
    expect(await sharedWith(anna)).toEqual(['Blue city bike until removed']);
  });

  it('ends it now, dated today where the owner is; ending it again keeps that day', async () => {
    const id = await annaId();
    const ended = await lend(id, { end_now: true, time_zone: zone });
    expect(ended.json()).toMatchObject({ access_until: '2026-11-28', access_ended: true });
    expect(await sharedWith(anna)).toEqual([]);
    clock.advance(2 * 86_400_000);
    expect((await lend(id, { end_now: true, time_zone: zone })).json()).toMatchObject({
      access_until: '2026-11-28',
      access_ended: true,
    });
    // An owner's list keeps them, ended, until removed; removing takes them off it.
    expect((await ridersOf(1)).map((r) => r.display_name)).toEqual(['Anna Bakker']);
    expect((await send('DELETE', `/api/v1/bike/1/rider/${id}`, sofie)).statusCode).toBe(204);
    expect(await ridersOf(1)).toEqual([]);
    expect((await lend(id, { access_until: null })).json()).toMatchObject({ status: 404, title: 'rider-not-found' });
  });

  it.each([
    [{}, 'invalid-request'],
    [{ access_until: null, end_now: true }, 'invalid-request'],
    [{ access_until: '30-11-2026', time_zone: zone }, 'invalid-request'],
    [{ end_now: false }, 'invalid-request'],
    [{ end_now: true }, 'invalid-access-until'],
    [{ access_until: '2026-11-27', time_zone: zone }, 'invalid-access-until'],
    [{ access_until: '2028-01-01', time_zone: zone }, 'invalid-access-until'],
  ])('refuses %j with 400 %s and changes nothing', async (body, title) => {
    const id = await annaId();
    expect((await lend(id, body)).json()).toMatchObject({ status: 400, title });
    expect(await ridersOf(1)).toEqual([expect.objectContaining({ access_until: null, access_ended: false })]);
  });

  it("counts among the owner's writes: past them a 429, and the access unchanged", async () => {
    const id = await annaId();
    for (let i = 0; i < WRITES_PER_MINUTE.change; i++) {
      expect((await lend(id, { access_until: null })).statusCode).toBe(200);
    }
    const refused = await lend(id, { access_until: '2026-11-29', time_zone: zone });
    expect(refused.json()).toMatchObject({ status: 429, title: 'too-many-writes' });
    expect(await ridersOf(1)).toEqual([expect.objectContaining({ access_until: null })]);
  });

  it("is the owner's alone: a rider is told so, a stranger learns nothing", async () => {
    const id = await annaId();
    const body = { access_until: null };
    expect((await lend(id, body, anna)).json()).toMatchObject({ status: 403, title: 'not-owner' });
    expect((await lend(id, body, bram)).json()).toMatchObject({ status: 404, title: 'bike-not-found' });
    expect((await lend(999, body)).json()).toMatchObject({ status: 404, title: 'rider-not-found' });
    expect((await lend(id, body, sofie, 2)).json()).toMatchObject({ status: 404, title: 'rider-not-found' });
  });
});
