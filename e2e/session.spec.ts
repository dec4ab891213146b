import type { Page } from '@playwright/test';
import { expect, onlyOn, test as base } from './fixtures.ts';
import { expireAccessToken, startServerWithDatabase, type ServerWithDatabase } from './support/expire-token.ts';
import { emptyOwnerLists } from './support/owner-lists.ts';
import { PORTS } from './support/ports.ts';
import { ANNA, signIn, stored } from './support/sign-in.ts';

// A reference server of its own, one per worker, whose access tokens the tests expire at the moment
// they choose (support/expire-token.ts).
const test = base.extend<object, { services: ServerWithDatabase }>({
  services: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const server = await startServerWithDatabase(PORTS.session(workerInfo.parallelIndex));
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

test.use({ locale: 'en' });
// The owner's lists answered empty: their reads would start refreshes of their own that the tests count.
test.beforeEach(({ context }) => emptyOwnerLists(context));
// The session logic is the same on every device; the login page itself is tested on all.
const desktop = onlyOn('desktop');

const greeting = (page: Page) => page.getByRole('heading', { level: 2, name: `Hello, ${ANNA.name}!` });
const loginButton = (page: Page) => page.getByRole('button', { name: 'Log in' });

test(
  'an expired access token is refreshed without the user noticing',
  desktop,
  async ({ page, services, pageErrors }) => {
    pageErrors.allow(/^HTTP 401 GET .*\/signed-in-part\?page=.*$/); // the expired token's answer, which starts the refresh
    await page.goto(`${services.url}/my-account/`);
    await signIn(page, /^Log in$/);
    await expect(greeting(page)).toBeVisible();
    const firstRefreshToken = await stored(page, 'refresh_token');
    const tokenCalls: string[] = [];
    page.on('request', (request) => request.url().endsWith('/ids/oauth') && tokenCalls.push(request.postData() ?? ''));

    await expireAccessToken(page, services);
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
  async ({ page, services, pageErrors }) => {
    pageErrors.allow(/^HTTP (400|401) /);
    await page.goto(`${services.url}/my-account/`);
    await signIn(page, /^Log in$/);
    const rotatedAway = await stored(page, 'refresh_token');
    await expireAccessToken(page, services);
    await page.reload();
    await expect(greeting(page)).toBeVisible();
    // Reusing a rotated refresh token makes the identity service revoke the whole family.
    await page.evaluate((value) => localStorage.setItem('ngx-webstorage|refresh_token', value ?? ''), rotatedAway);
    await expireAccessToken(page, services);
    // A failed start-up refresh is ignored (docs/behaviour/sign-in-and-session.md#start-up): the invitee
    // keeps the page they opened.
    await page.goto(`${services.url}/my-account/invite/DEMO-PENDING-1`);
    await page.evaluate(() => Object.assign(window, { sameDocument: true })); // gone if the page is left
    await expect(page.getByText('Sofie de Vries', { exact: true }).first()).toBeVisible();
    await expect.poll(() => stored(page, 'access_token')).toBeNull();
    // Signed out, the invitee carries on: accepting leads to the login prompt, in the same document.
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Log in to continue' })).toBeVisible();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect(page).toHaveURL(`${services.url}/my-account/invite/DEMO-PENDING-1`);
    expect(await stored(page, 'invite_code')).toBe('"DEMO-PENDING-1"');
  },
);

test(
  'two tabs whose access tokens expire together both stay signed in',
  desktop,
  async ({ context, page, services, pageErrors }) => {
    pageErrors.allow(/^HTTP 401 GET .*\/signed-in-part\?page=.*$/);
    await page.goto(`${services.url}/my-account/`);
    await signIn(page, /^Log in$/);
    const second = await context.newPage();
    await second.goto(`${services.url}/my-account/`);
    await expect(greeting(second)).toBeVisible();

    const tokenCalls: string[] = [];
    context.on('request', (request) => request.url().endsWith('/ids/oauth') && tokenCalls.push(request.url()));
    // The two refreshes overlap for certain: the token endpoint's answer (the real one) reaches the
    // page only once the identity service has refused both tabs' stored token. Without the lock
    // across tabs (src/auth/session.ts) the second tab would refresh with the rotated-away token.
    let refused = 0;
    let bothRefused!: () => void;
    const held = new Promise<void>((resolve) => (bothRefused = resolve));
    context.on('response', (response) => {
      if (/\/signed-in-part\?/.test(response.url()) && response.status() === 401 && ++refused === 2) bothRefused();
    });
    await context.route('**/ids/oauth', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await expireAccessToken(page, services);
    await Promise.all([page.reload(), second.reload()]);
    await expect.poll(() => refused, 'both tabs have checked their session').toBe(2);
    await expect(greeting(page)).toBeVisible();
    await expect(greeting(second)).toBeVisible();
    expect(tokenCalls).toHaveLength(1); // one refresh, for both
    // Still one valid session: both reload again, with no refresh needed.
    await Promise.all([page.reload(), second.reload()]);
    await expect(greeting(page)).toBeVisible();
    await expect(greeting(second)).toBeVisible();
    expect(tokenCalls).toHaveLength(1);
  },
);

test('logout in one tab logs the other out at once', desktop, async ({ context, page, services }) => {
  await page.goto(`${services.url}/my-account/`);
  await signIn(page, /^Log in$/);
  const second = await context.newPage();
  await second.goto(`${services.url}/my-account/`);
  await expect(greeting(second)).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(loginButton(second)).toBeVisible();
  await expect(greeting(second)).toHaveCount(0);
});

test('a login in one tab is followed by the other at once', desktop, async ({ context, page, services }) => {
  await page.goto(`${services.url}/my-account/`);
  const second = await context.newPage();
  await second.goto(`${services.url}/my-account/`);
  await expect(loginButton(second)).toBeVisible();
  await signIn(page, /^Log in$/);
  await expect(greeting(second)).toBeVisible();
});

test('a session stored by the Angular app is signed in on first load', desktop, async ({ browser, page, services }) => {
  await page.goto(`${services.url}/my-account/`);
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
  await angular.goto(`${services.url}/my-account/`);
  await expect(greeting(angular)).toBeVisible();
  await fresh.close();
});
