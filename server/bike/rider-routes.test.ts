import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, call, login, startTestServer, xsrf } from '../test/helpers.ts';

// The seed: Sofie (owner) owns bikes 1 and 2, Bram bikes 3 and 4; Anna rides bike 1 (DEMO-ACCEPTED).
let app: FastifyInstance;
let sofie: string;
let bram: string;
let anna: string;
beforeEach(async () => {
  app = await startTestServer();
  sofie = (await login(app, 'owner@example.com')).access_token;
  bram = (await login(app, 'bram@example.com')).access_token;
  anna = (await login(app, 'anna@example.com')).access_token;
});
afterEach(() => app.close());

type Rider = { id: number; display_name: string };
/** `token` '': no Authorization header (the XSRF pair still goes with it). */
const send = (method: string, url: string, token: string, headers: Record<string, string> = bearer(token)) =>
  call(app, { method, url, headers: token ? headers : xsrf });
const ridersOf = async (bikeId: number) => {
  const bikes = (await send('GET', '/api/v1/bike', sofie)).json() as { id: number; riders: Rider[] }[];
  return bikes.find((bike) => bike.id === bikeId)?.riders.map((r) => r.display_name);
};
const sharedWith = async (token: string) =>
  ((await send('GET', '/api/v1/bike/shared', token)).json() as { name: string }[]).map((bike) => bike.name);
const annaId = async () => {
  const bikes = (await send('GET', '/api/v1/bike', sofie)).json() as { riders: Rider[] }[];
  return bikes[0]!.riders.find((r) => r.display_name === 'Anna Bakker')!.id;
};

describe('bikes shared with me', () => {
  it("lists the bikes the caller rides, with their owner's name and since when", async () => {
    const shared = (await send('GET', '/api/v1/bike/shared', anna)).json();
    expect(shared).toEqual([
      {
        id: 1,
        name: 'Blue city bike',
        type: 'bike',
        image_url: '/media/bikes/city-bike-400.jpg',
        owner_display_name: 'Sofie de Vries',
        since: expect.any(String),
        access_until: null,
      },
    ]);
    expect(await sharedWith(sofie)).toEqual([]);
    expect((await send('GET', '/api/v1/bike/shared', '')).statusCode).toBe(401);
  });

  it('makes the account that redeems an invite a rider of its bike', async () => {
    const use = await call(app, {
      method: 'POST',
      url: '/api/v1/bike/invite-code/DEMO-PENDING-4/use',
      headers: { ...bearer(sofie), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(use.statusCode).toBe(200);
    expect(await sharedWith(sofie)).toEqual(['Grey sport bike']);
    const bramsBikes = (await send('GET', '/api/v1/bike', bram)).json() as { name: string; riders: Rider[] }[];
    expect(bramsBikes.find((b) => b.name === 'Grey sport bike')?.riders.map((r) => r.display_name)).toEqual([
      'Sofie de Vries',
    ]);
  });
});

describe('removing a rider', () => {
  it('ends their ride: gone from the bike and from their shared bikes; the invite stays accepted', async () => {
    const url = `/api/v1/bike/1/rider/${await annaId()}`;
    const removed = await send('DELETE', url, sofie);
    expect([removed.statusCode, removed.body]).toEqual([204, '']);
    expect(await ridersOf(1)).toEqual([]);
    expect(await sharedWith(anna)).toEqual([]);
    const invite = await call(app, { method: 'GET', url: '/api/v1/bike/invite-code/DEMO-ACCEPTED' });
    expect(invite.json()).toMatchObject({ status: 'accepted' });
    // A repeat (a double tap, a retry whose answer was lost) changes nothing.
    expect((await send('DELETE', url, sofie)).json()).toMatchObject({ status: 404, title: 'rider-not-found' });
    // Anna's old invite, used again, says she was taken off the bike, not that she is back in.
    await send('POST', '/api/v1/user', anna);
    const again = await send('POST', '/api/v1/bike/invite-code/DEMO-ACCEPTED/use', anna);
    expect([again.statusCode, again.json()]).toEqual([410, expect.objectContaining({ title: 'rider-removed' })]);
    expect(await sharedWith(anna)).toEqual([]);
  });

  it("answers someone else's or a missing bike 404, like a missing one, and a rider of the bike 403", async () => {
    const id = await annaId();
    expect((await send('DELETE', `/api/v1/bike/1/rider/${id}`, bram)).json()).toMatchObject({
      status: 404,
      title: 'bike-not-found',
    });
    expect((await send('DELETE', `/api/v1/bike/999/rider/${id}`, sofie)).json()).toMatchObject({
      status: 404,
      title: 'bike-not-found',
    });
    expect((await send('DELETE', `/api/v1/bike/1/rider/${id}`, anna)).json()).toMatchObject({
      status: 403,
      title: 'not-owner',
    });
    expect((await send('DELETE', '/api/v1/bike/2/rider/' + id, sofie)).json()).toMatchObject({
      status: 404,
      title: 'rider-not-found',
    });
    expect((await send('DELETE', '/api/v1/bike/1/rider/abc', sofie)).statusCode).toBe(404);
    expect(await ridersOf(1)).toEqual(['Anna Bakker']);
  });

  it('needs the bearer token and the XSRF header', async () => {
    const url = `/api/v1/bike/1/rider/${await annaId()}`;
    expect((await send('DELETE', url, '')).statusCode).toBe(401);
    expect((await send('DELETE', url, sofie, { authorization: `Bearer ${sofie}` })).json()).toMatchObject({
      status: 403,
      title: 'xsrf',
    });
    expect(await ridersOf(1)).toEqual(['Anna Bakker']);
  });
});

describe('leaving a bike', () => {
  it('ends the ride; leaving again, or a bike one does not ride, answers 404', async () => {
    const left = await send('DELETE', '/api/v1/bike/shared/1', anna);
    expect([left.statusCode, left.body]).toEqual([204, '']);
    expect(await sharedWith(anna)).toEqual([]);
    expect(await ridersOf(1)).toEqual([]);
    for (const [token, bike] of [
      [anna, '1'], // already left
      [anna, '3'], // someone else's bike she never rode
      [sofie, '1'], // her own bike: she owns it, she does not ride it
      [anna, '999'],
      [anna, 'abc'],
    ] as const) {
      expect((await send('DELETE', `/api/v1/bike/shared/${bike}`, token)).json(), bike).toMatchObject({
        status: 404,
        title: 'rider-not-found',
      });
    }
  });

  it('needs the bearer token and the XSRF header', async () => {
    expect((await send('DELETE', '/api/v1/bike/shared/1', '')).statusCode).toBe(401);
    const noXsrf = { authorization: `Bearer ${anna}`, cookie: xsrf.cookie };
    expect((await send('DELETE', '/api/v1/bike/shared/1', anna, noXsrf)).statusCode).toBe(403);
    expect(await sharedWith(anna)).toEqual(['Blue city bike']);
  });
});
