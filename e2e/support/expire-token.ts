import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type Page } from '@playwright/test';
import { startReferenceServer, type RunningServer } from '../../scripts/reference-server.ts';
import { hashSecret } from '../../server/ids/secrets.ts';
import { stored } from './sign-in.ts';

/** A reference server on a database file of its own, which `expireAccessToken` can reach. */
export type ServerWithDatabase = RunningServer & { database: string };

/** Tokens live the default five minutes: none expires until a test says so, however slow the machine. */
export async function startServerWithDatabase(port: number): Promise<ServerWithDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'bike-invite-tokens-'));
  const database = join(dir, 'services.db');
  const server = await startReferenceServer(port, ['--db', database]);
  return {
    url: server.url,
    database,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Expires the page's stored access token now, in the services' database, and checks it is refused. */
export async function expireAccessToken(page: Page, server: ServerWithDatabase): Promise<void> {
  const token = JSON.parse((await stored(page, 'access_token')) ?? 'null') as string | null;
  expect(token, 'a stored access token').toBeTruthy();
  const db = new DatabaseSync(server.database);
  try {
    db.exec('PRAGMA busy_timeout = 5000'); // the server may be writing: wait, as it does
    const expired = db
      .prepare('UPDATE access_tokens SET expires_at = ? WHERE token_hash = ?')
      .run(Date.now(), hashSecret(token!));
    expect(expired.changes, 'the stored access token in the database').toBe(1);
  } finally {
    db.close();
  }
  const answer = await page.request.get(`${server.url}/ids/user`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(401);
}
