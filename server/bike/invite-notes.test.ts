import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { INVITE_NOTE_MAX } from '../../src/contract/bike-service.ts';
import { bearer, call, login, startTestServer } from '../test/helpers.ts';

let app: FastifyInstance;
let sofie: string;
let bram: string;
let anna: string;
beforeAll(async () => {
  app = await startTestServer();
  sofie = (await login(app, 'owner@example.com')).access_token;
  bram = (await login(app, 'bram@example.com')).access_token;
  anna = (await login(app, 'anna@example.com')).access_token;
});
afterAll(() => app.close());

const send = (method: 'POST' | 'GET', url: string, token?: string, payload?: unknown, headers = {}) =>
  call(app, {
    method,
    url: `/api/v1/${url}`,
    headers: {
      ...(token ? bearer(token) : {}),
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
const create = (payload: unknown, bikeId = 2, headers = {}) =>
  send('POST', `bike/${bikeId}/invite-code`, sofie, payload, headers);
type Listed = { id: number; invites: { code: string; note?: string | null; accepted_by?: unknown }[] }[];
const listedInvite = async (token: string, code: string) =>
  ((await send('GET', 'bike', token)).json() as Listed).flatMap((bike) => bike.invites).find((i) => i.code === code);

describe('who an invite is for', () => {
  it('stores the note and gives it back to the owner: in the answer to the create and in the list', async () => {
    const created = await create({ days: 3, note: 'Mila' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ note: 'Mila', accepted_by: null });
    expect(await listedInvite(sofie, created.json().code)).toMatchObject({ note: 'Mila', accepted_by: null });
    expect((await create({ days: 3 })).json()).toMatchObject({ note: null });
  });

  it('never shows it to anyone else: not the invite anyone may read, not the answer to accepting it', async () => {
    const { code } = (await create({ note: 'Mila Secret' })).json();
    const seen = await send('GET', `bike/invite-code/${code}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).not.toHaveProperty('note');
    expect(seen.body).not.toContain('Mila');
    expect(await listedInvite(bram, code)).toBeUndefined();
    expect((await send('POST', 'user', anna, { language: 'en' })).statusCode).toBe(201);
    const used = await send('POST', `bike/invite-code/${code}/use`, anna, {}, { 'content-type': 'application/json' });
    expect(used.statusCode).toBe(200);
    expect(used.body).not.toContain('Mila');
    expect((await send('GET', 'bike/shared', anna)).body).not.toContain('Mila');
  });

  it('keeps an accepted invite with who accepted it, by the id the rider is listed with', async () => {
    const { code } = (await create({ note: 'Anna' }, 1)).json();
    const used = await send('POST', `bike/invite-code/${code}/use`, bram, {}, { 'content-type': 'application/json' });
    expect(used.statusCode).toBe(200);
    const bikes = (await send('GET', 'bike', sofie)).json() as (Listed[number] & {
      riders: { id: number; display_name: string }[];
    })[];
    const bramRider = bikes[0]!.riders.find((rider) => rider.display_name === 'Bram Jansen');
    expect(await listedInvite(sofie, code)).toMatchObject({
      status: 'accepted',
      note: 'Anna',
      accepted_by: { id: bramRider!.id, display_name: 'Bram Jansen' },
    });
  });

  it('cleans it as a display name is cleaned, and an empty one is none', async () => {
    expect((await create({ note: '  \u202EMila\u202C\n\tJansen\u2028 ' })).json().note).toBe('Mila Jansen');
    expect((await create({ note: ' \u200F\n ' })).json().note).toBeNull();
  });

  it('caps its length, and takes nothing but a string, naming the field', async () => {
    expect((await create({ note: 'M'.repeat(INVITE_NOTE_MAX) })).json().note).toHaveLength(INVITE_NOTE_MAX);
    for (const note of ['M'.repeat(INVITE_NOTE_MAX + 1), 7, null, ['Mila'], { name: 'Mila' }]) {
      const refused = await create({ note });
      expect([refused.statusCode, refused.json()], JSON.stringify(note)).toEqual([
        400,
        expect.objectContaining({ title: 'invalid-request', field: 'note' }),
      ]);
    }
  });

  it('is part of what an Idempotency-Key repeats: the same note the same invite, another one refused', async () => {
    const key = { 'idempotency-key': '"note-key-0123456789abcdef"' };
    const first = await create({ days: 2, note: 'Mila' }, 2, key);
    expect((await create({ days: 2, note: ' Mila ' }, 2, key)).json()).toEqual(first.json());
    expect((await create({ days: 2, note: 'Noor' }, 2, key)).statusCode).toBe(422);
  });
});
