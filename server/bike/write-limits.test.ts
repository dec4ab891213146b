import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, call, createClock, login, startTestServer, type Clock } from '../test/helpers.ts';
import { LISTED_INVITES_PER_BIKE, OPEN_INVITES_PER_BIKE, WRITES_PER_MINUTE } from './limits.ts';

// The owner's writes are limited like every write (docs/behaviour/hardening.md#the-reference-server).
let app: FastifyInstance;
let clock: Clock;
let owner: string;
const MINUTE = 60_000;

beforeEach(async () => {
  clock = createClock();
  app = await startTestServer({ now: clock.now });
  owner = (await login(app, 'owner@example.com')).access_token;
});
afterEach(() => app.close());

const create = (bikeId = 2) =>
  call(app, {
    method: 'POST',
    url: `/api/v1/bike/${bikeId}/invite-code`,
    headers: { ...bearer(owner), 'content-type': 'application/json' },
    payload: '{}',
  });
const withdraw = (code: string) =>
  call(app, { method: 'DELETE', url: `/api/v1/bike/invite-code/${code}`, headers: bearer(owner) });
const bikes = async () => {
  const response = await call(app, { method: 'GET', url: '/api/v1/bike', headers: bearer(owner) });
  if (response.statusCode !== 200) throw new Error(`GET bike answered ${response.statusCode}: ${response.body}`);
  return response.json() as {
    id: number;
    invites: { code: string; status: string }[];
    invites_omitted?: number;
  }[];
};

/** Creates `count` invites on bike 2, a minute apart in batches under the rate limit. */
async function createMany(count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % WRITES_PER_MINUTE.create === 0) clock.advance(MINUTE);
    statuses.push((await create()).statusCode);
  }
  return statuses;
}

describe("the owner's writes", () => {
  it('a script creating invites in a loop gets ten a minute, then 429 with Retry-After', async () => {
    const statuses = [];
    for (let i = 0; i < 40; i++) statuses.push((await create()).statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(WRITES_PER_MINUTE.create);
    const refused = await create();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({ title: 'too-many-writes' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    clock.advance(MINUTE);
    expect((await create()).statusCode).toBe(201);
  });

  it('a bike holds at most 20 open invites: the next is refused until one is withdrawn', async () => {
    const seeded = (await bikes()).find((bike) => bike.id === 2)?.invites.filter((i) => i.status === 'pending') ?? [];
    const statuses = await createMany(OPEN_INVITES_PER_BIKE + 5);
    expect(statuses.filter((status) => status === 201)).toHaveLength(OPEN_INVITES_PER_BIKE - seeded.length);
    clock.advance(MINUTE);
    const refused = await create();
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      expect.objectContaining({ title: 'open-invite-limit', limit: OPEN_INVITES_PER_BIKE }),
    ]);
    const [first] = (await bikes()).find((bike) => bike.id === 2)?.invites ?? [];
    expect((await withdraw(first?.code ?? '')).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(201);
    // Another bike of the owner's has room of its own.
    expect((await create(1)).statusCode).toBe(201);
  });

  it('withdrawing is limited too: thirty a minute, then 429', async () => {
    await createMany(WRITES_PER_MINUTE.create);
    const code = (await bikes()).find((bike) => bike.id === 2)?.invites[0]?.code ?? '';
    const statuses = [];
    for (let i = 0; i <= WRITES_PER_MINUTE.change; i++) statuses.push((await withdraw(code)).statusCode);
    expect(statuses.slice(0, WRITES_PER_MINUTE.change).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('the bike list carries at most 50 invites, the open ones first, and counts the rest', async () => {
    const seeded = (await bikes()).find((bike) => bike.id === 2)?.invites.length ?? 0;
    let created = 0;
    const count = (statuses: number[]) => (created += statuses.filter((status) => status === 201).length);
    for (let round = 0; round < 4; round++) {
      owner = (await login(app, 'owner@example.com')).access_token; // the clock runs past its lifetime
      count(await createMany(OPEN_INVITES_PER_BIKE));
      const open = (await bikes()).find((bike) => bike.id === 2)?.invites.filter((i) => i.status === 'pending') ?? [];
      for (const [i, invite] of open.entries()) {
        if (i > 0 && i % WRITES_PER_MINUTE.change === 0) clock.advance(MINUTE);
        await withdraw(invite.code);
      }
      clock.advance(MINUTE);
    }
    owner = (await login(app, 'owner@example.com')).access_token;
    count(await createMany(3));
    const bike = (await bikes()).find((b) => b.id === 2);
    expect(bike?.invites).toHaveLength(LISTED_INVITES_PER_BIKE);
    expect(bike?.invites.slice(0, 3).map((i) => i.status)).toEqual(['pending', 'pending', 'pending']);
    expect(bike?.invites_omitted).toBe(seeded + created - LISTED_INVITES_PER_BIKE);
  });
});
