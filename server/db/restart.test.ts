import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bearer,
  call,
  formBody,
  openForm,
  authorizeQuery,
  login,
  pkce,
  startTestServer,
  tokenRequest,
} from '../test/helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'bike-invite-restart-'));
const dbPath = join(dir, 'nested', 'app.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const codes = [
  'DEMO-PENDING-1',
  'DEMO-PENDING-2',
  'DEMO-PENDING-3',
  'DEMO-PENDING-4',
  'DEMO-PENDING-5',
  'DEMO-ACCEPTED',
  'DEMO-EXPIRED',
  'DEMO-REVOKED',
];

describe('a restart', () => {
  // Two servers and three password hashes: on a busy 2-core CI machine this takes more than 5 s.
  it('keeps every account, invite and session, and does not seed twice', { timeout: 30_000 }, async () => {
    const first = await startTestServer({ dbPath });
    // A new account through the registration form.
    const query = authorizeQuery(pkce().challenge);
    const form = await openForm(first, 'register', query);
    const registered = await call(first, {
      method: 'POST',
      url: '/ids/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie },
      payload: `${query}&${formBody({ csrf: form.csrf, display_name: 'Kees', email: 'kees@example.com', password: 'kees-password' })}`,
    });
    expect(registered.statusCode).toBe(302);
    const kees = await login(first, 'kees@example.com', 'kees-password');
    await call(first, {
      method: 'POST',
      url: '/api/v1/user',
      headers: { ...bearer(kees.access_token), 'content-type': 'application/json' },
      payload: '{"language":"nl"}',
    });
    expect(
      (
        await call(first, {
          method: 'POST',
          url: '/api/v1/bike/invite-code/DEMO-PENDING-5/use',
          headers: bearer(kees.access_token),
        })
      ).statusCode,
    ).toBe(200);
    const owner = await login(first, 'owner@example.com');
    const created = (
      await call(first, { method: 'POST', url: '/api/v1/bike/1/invite-code', headers: bearer(owner.access_token) })
    ).json();
    const before = await Promise.all(
      [...codes, created.code].map(
        async (code) => (await call(first, { method: 'GET', url: `/api/v1/bike/invite-code/${code}` })).body,
      ),
    );
    await first.close();

    const second = await startTestServer({ dbPath });
    const after = await Promise.all(
      [...codes, created.code].map(
        async (code) => (await call(second, { method: 'GET', url: `/api/v1/bike/invite-code/${code}` })).body,
      ),
    );
    expect(after).toEqual(before);
    expect(JSON.parse(after[4] ?? '')).toMatchObject({ status: 'accepted' });
    // The access token issued before the restart still works, and so does the account.
    const me = await call(second, {
      method: 'GET',
      url: '/api/v1/user/me',
      headers: { authorization: `Bearer ${kees.access_token}` },
    });
    expect(me.json()).toMatchObject({ email: 'kees@example.com', language: 'nl' });
    expect(
      (
        await tokenRequest(second, {
          grant_type: 'refresh_token',
          client_id: 'my-account',
          refresh_token: kees.refresh_token,
        })
      ).statusCode,
    ).toBe(200);
    expect((await login(second, 'kees@example.com', 'kees-password')).access_token).toBeTruthy();
    const bikes = (
      await call(second, {
        method: 'GET',
        url: '/api/v1/bike',
        headers: { authorization: `Bearer ${owner.access_token}` },
      })
    ).json();
    expect(bikes).toHaveLength(2);
    expect(bikes[0].invites.filter((i: { code: string }) => i.code === created.code)).toHaveLength(1);
    await second.close();
  });
});
