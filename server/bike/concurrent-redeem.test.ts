import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../db/database.ts';
import { hashPassword } from '../ids/passwords.ts';
import { startFamily } from '../ids/tokens.ts';
import { insertUser } from '../ids/users.ts';
import { createAccount } from './accounts.ts';
import { startTestServer } from '../test/helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'bike-invite-concurrency-'));
const dbPath = join(dir, 'app.db');
let app: FastifyInstance;
let base: string;
const tokens: string[] = [];

beforeAll(async () => {
  app = await startTestServer({ dbPath });
  // 100 distinct invitees, written through a second connection as another process would.
  const db = openDatabase(dbPath);
  const passwordHash = await hashPassword('irrelevant-here');
  const now = Date.now();
  for (let i = 0; i < 100; i++) {
    const user = insertUser(db, { email: `racer${i}@example.com`, displayName: `Racer ${i}`, passwordHash }, now);
    if (!user) throw new Error('user not created');
    createAccount(db, user.id, 'en', now);
    tokens.push(
      startFamily(db, user.id, 'my-account', { accessTtlSeconds: 300, refreshTtlSeconds: 3600 }, now).tokens
        .access_token,
    );
  }
  db.close();
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('redeeming one invite concurrently', () => {
  it('lets exactly one of 100 simultaneous redeems succeed; the other 99 answer 409', async () => {
    const responses = await Promise.all(
      tokens.map((token) =>
        fetch(`${base}/api/v1/bike/invite-code/DEMO-PENDING-4/use`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            cookie: 'XSRF-TOKEN=t',
            'x-xsrf-token': 't',
          },
          body: '{}',
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const winner = responses.findIndex((r) => r.status === 200);
    const invite = await (await fetch(`${base}/api/v1/bike/invite-code/DEMO-PENDING-4`)).json();
    expect(invite).toMatchObject({ status: 'accepted' });
    // The database agrees on who won.
    const db = openDatabase(dbPath);
    const row = db
      .prepare("SELECT u.email FROM invites i JOIN users u ON u.id = i.accepted_by WHERE i.code = 'DEMO-PENDING-4'")
      .get() as { email: string };
    db.close();
    expect(row.email).toBe(`racer${winner}@example.com`);
  });
});
