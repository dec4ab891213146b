import type { Page } from '@playwright/test';
import { expect, onlyOn, test as base } from './fixtures.ts';
import { startReferenceServer, type RunningServer } from '../scripts/reference-server.ts';
import { emptyOwnerLists } from './support/owner-lists.ts';
import { ANNA, signIn, stored } from './support/sign-in.ts';

const ACCESS_TTL_S = 2;

/** Waits until the identity service refuses the page's stored access token (it lives ACCESS_TTL_S). */
async function expire(page: Page, server: RunningServer): Promise<void> {
  const token = JSON.parse((await stored(page, 'access_token')) ?? 'null') as string | null;
  expect(token).toBeTruthy();
  const status = async () =>
    (await page.request.get(`${server.url}/ids/user`, { headers: { authorization: `Bearer ${token}` } })).status();
  await expect.poll(status, { intervals: [250], timeout: 15_000 }).toBe(401);
}

// A reference server of its own whose access tokens live two seconds, one per worker.
const test = base.extend<object, { shortLived: RunningServer }>({
  shortLived: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const port = Number(process.env.E2E_PORT ?? 4317) + 40 + workerInfo.workerIndex;
      const server = await startReferenceServer(port, ['--access-ttl', String(ACCESS_TTL_S)]);
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

test.use({ locale: 'en' });
test.beforeEach(({ context }) => emptyOwnerLists(context));
// The session logic is the same on every device; the login page itself is tested on all.
const desktop = onlyOn('desktop');

const greeting = (page: Page) => page.getByRole('heading', { level: 2, name: `Hello, ${ANNA.name}!` });
const loginButton = (page: Page) => page.getByRole('button', { name: 'Log in' });

test(
  'an expired access token is refreshed without the user noticing',
  desktop,
  async ({ page, shortLived, pageErrors }) => {
    pageErrors.allow(/^HTTP 401 GET .*\/ids\/user$/); // the expired token's answer, which starts the refresh
    await page.goto(`${shortLived.url}/my-account/`);
    await signIn(page, /^Log in$/);
    await expect(greeting(page)).toBeVisible();
    const firstRefreshToken = await stored(page, 'refresh_token');
    const tokenCalls: string[] = [];
    page.on('request', (request) => request.url().endsWith('/ids/oauth') && tokenCalls.push(request.postData() ?? ''));

    await expire(page, shortLived);
    await page.reload();
    await expect(greeting(page)).toBeVisible();
    await expect(loginButton(page)).toHaveCount(0);
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]).toContain('grant_type=refresh_token');
    expect(await stored(page, 'refresh_token')).not.toBe(firstRefreshToken);
  },
);

test(
  'a revoked refresh token at start-up logs the user out, and the invite they opened stays',
  desktop,
  async ({ page, shortLived, pageErrors }) => {
    pageErrors.allow(/^HTTP (400|401) /);
    await page.goto(`${shortLived.url}/my-account/`);
    await signIn(page, /^Log in$/);
    const rotatedAway = await stored(page, 'refresh_token');
    await expire(page, shortLived);
    await page.reload();
    await expect(greeting(page)).toBeVisible();
    // Reusing a rotated refresh token makes the identity service revoke the whole family.
    await page.evaluate((value) => localStorage.setItem('ngx-webstorage|refresh_token', value ?? ''), rotatedAway);
    await expire(page, shortLived);
    // A failed start-up refresh is ignored (docs/behaviour/sign-in-and-session.md#start-up): the invitee
    // keeps the page they opened.
    await page.goto(`${shortLived.url}/my-account/invite/DEMO-PENDING-1`);
    await page.evaluate(() => Object.assign(window, { sameDocument: true })); // gone if the page is left
    await expect(page.getByText('Sofie de Vries', { exact: true }).first()).toBeVisible();
    await expect.poll(() => stored(page, 'access_token')).toBeNull();
    // Signed out, the invitee carries on: accepting leads to the login prompt, in the same document.
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Log in to continue' })).toBeVisible();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect(page).toHaveURL(`${shortLived.url}/my-account/invite/DEMO-PENDING-1`);
    expect(await stored(page, 'invite_code')).toBe('"DEMO-PENDING-1"');
  },
);

test(
  'two tabs whose access tokens expire together both stay signed in',
  desktop,
  async ({ context, page, shortLived, pageErrors }) => {
    pageErrors.allow(/^HTTP 401 GET .*\/ids\/user$/);
    await page.goto(`${shortLived.url}/my-account/`);
    await signIn(page, /^Log in$/);
    const second = await context.newPage();
    await second.goto(`${shortLived.url}/my-account/`);
    await expect(greeting(second)).toBeVisible();

    // A slow token endpoint (the real one, answering 500 ms late) makes both tabs' refreshes overlap.
    await context.route('**/ids/oauth', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fulfill({ response });
    });
    await expire(page, shortLived);
    await Promise.all([page.reload(), second.reload()]);
    await expect(greeting(page)).toBeVisible();
    await expect(greeting(second)).toBeVisible();
    // Still one valid session: both reloads again, with no refresh needed.
    await Promise.all([page.reload(), second.reload()]);
    await expect(greeting(page)).toBeVisible();
    await expect(greeting(second)).toBeVisible();
  },
);

test('logout in one tab logs the other out at once', desktop, async ({ context, page, shortLived }) => {
  await page.goto(`${shortLived.url}/my-account/`);
  await signIn(page, /^Log in$/);
  const second = await context.newPage();
  await second.goto(`${shortLived.url}/my-account/`);
  await expect(greeting(second)).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(loginButton(second)).toBeVisible();
  await expect(greeting(second)).toHaveCount(0);
});

test('a login in one tab is followed by the other at once', desktop, async ({ context, page, shortLived }) => {
  await page.goto(`${shortLived.url}/my-account/`);
  const second = await context.newPage();
  await second.goto(`${shortLived.url}/my-account/`);
  await expect(loginButton(second)).toBeVisible();
  await signIn(page, /^Log in$/);
  await expect(greeting(second)).toBeVisible();
});

test(
  'a session stored by the Angular app is signed in on first load',
  desktop,
  async ({ browser, page, shortLived }) => {
    await page.goto(`${shortLived.url}/my-account/`);
    await signIn(page, /^Log in$/);
    const raw = await page.evaluate(() =>
      ['access_token', 'access_token_type', 'refresh_token'].map((name) => [
        `ngx-webstorage|${name}`,
        localStorage.getItem(`ngx-webstorage|${name}`)!,
      ]),
    );

    const fresh = await browser.newContext({ locale: 'en' });
    await fresh.addInitScript((entries) => {
      if (!sessionStorage.getItem('seeded')) for (const [key, value] of entries) localStorage.setItem(key!, value!);
      sessionStorage.setItem('seeded', '1');
    }, raw);
    const angular = await fresh.newPage();
    await angular.goto(`${shortLived.url}/my-account/`);
    await expect(greeting(angular)).toBeVisible();
    await fresh.close();
  },
);
