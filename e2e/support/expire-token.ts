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

/**
 * Its tokens live the default five minutes: until a test expires one, none has, however slow the
 * machine (a lifetime of two seconds was overrun before the test could look at the state before).
 */
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

/**
 * Ends the life of the page's stored access token now, in the services' database (as the operators'
 * `npm run invite` writes beside the running server), and checks that the identity service refuses
 * it as it refuses any expired one. The test chooses the moment; nothing waits for a clock.
 */
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
