// The app against a certified OpenID Connect provider (oidc-provider), configured by its own
// documentation: discovery, scope, one registered redirect URI, its own login and consent pages,
// RFC 6749 error bodies, refresh-token rotation, revocation and RP-initiated logout.
import type { Page } from '@playwright/test';
import { expect, onlyOn, test as base, texts } from './fixtures.ts';
import { InviteFlow } from './support/invite-page.ts';
import { emptyOwnerLists } from './support/owner-lists.ts';
import { PORTS } from './support/ports.ts';
import { ANNA, stored } from './support/sign-in.ts';
import {
  ProviderLoginPage,
  SCOPE,
  startStandardSetup,
  type StandardOptions,
  type StandardSetup,
} from './support/standard-ids.ts';

// A provider and a reference server of the test's own: the provider's settings differ per test.
const test = base.extend<{ standardOptions: StandardOptions; standard: StandardSetup }>({
  standardOptions: [{}, { option: true }],
  standard: [
    async ({ standardOptions, pageErrors, context }, use, testInfo) => {
      // The browser asks every site for a favicon; oidc-provider has none.
      pageErrors.allow(/^HTTP 404 GET http:\/\/127\.0\.0\.1:\d+\/favicon\.ico$/);
      const ports = PORTS.standard(testInfo.parallelIndex);
      const setup = await startStandardSetup(ports, testInfo.outputPath('config-override.json'), standardOptions);
      await use(setup);
      // The browser first: a connection it opened without a request yet would hold the server's
      // close until Node's header time-out.
      await context.close();
      await setup.stop();
    },
    { scope: 'test' },
  ],
});

test.use({ locale: 'en' });
// The owner's lists answered empty: their reads would start refreshes of their own that the tests count.
test.beforeEach(({ context }) => emptyOwnerLists(context));
// Each test starts a provider and a reference server of its own before its browser steps: on a
// busy machine that alone takes tens of seconds, so each has three times a test's time.
test.slow();

// The invitee's journey runs on the phone and the desktop; the session's rules with this provider
// (refresh, revocation, logout, claims) do not depend on the device: on the desktop only.
const desktop = onlyOn('desktop');

// The app's pages are the same whichever provider signs in: their axe checks are in e2e/invite.spec.ts.
const PASSING = { axe: false };

const greeting = (page: Page, name = ANNA.name) => page.getByRole('heading', { level: 2, name: `Hello, ${name}!` });
const loginButton = (page: Page) => page.getByRole('button', { name: 'Log in' });

async function signInFromRoot(page: Page, standard: StandardSetup): Promise<void> {
  await page.goto(`${standard.app}/my-account/`);
  await loginButton(page).click();
  const provider = new ProviderLoginPage(page, standard.issuer);
  await provider.waitUntilShown();
  await provider.signIn(ANNA.email, standard.app);
  await expect(greeting(page)).toBeVisible();
}

test('the anonymous invitee signs in at the provider and accepts the invite', async ({ page, standard }, testInfo) => {
  // The cargo bike's: Anna already rides the city bike (the seed's accepted invite).
  const code = 'DEMO-PENDING-2';
  const invite = new InviteFlow(page, await texts(page, 'en'));
  await page.goto(`${standard.app}/my-account/invite/${code}`);
  await invite.expectInvite('Sofie de Vries', 'Family cargo bike', PASSING);
  await invite.accept();
  await invite.expectLoginPrompt(PASSING);

  const authorize = page.waitForRequest((request) => request.url().startsWith(`${standard.issuer}/auth?`));
  await invite.button('invite-page.login.btn').click();
  const sent = new URL((await authorize).url()).searchParams;
  expect(sent.get('scope')).toBe(SCOPE);
  expect(sent.get('redirect_uri')).toBe(`${standard.app}/my-account/`); // the one registered URI
  expect(sent.get('code_challenge_method')).toBe('S256');
  expect(sent.get('ui_locales')).toBe('en'); // the invitee's language (server/standard-ids/provider.test.ts)
  const provider = new ProviderLoginPage(page, standard.issuer);
  await provider.waitUntilShown();
  await page.screenshot({ path: testInfo.outputPath('provider-login.png') });

  await provider.signIn(ANNA.email, standard.app);
  // Back at the page the login started from, at its step.
  await expect(page).toHaveURL(`${standard.app}/my-account/invite/${code}`);
  await invite.expectConfirm(ANNA.name, PASSING);
  expect(await stored(page, 'id_token')).toMatch(/^"[\w-]+\.[\w-]+\.[\w-]+"$/);
  expect(await stored(page, 'return_to')).toBeNull(); // the transaction is one-time
  await invite.confirm();
  await invite.expectAccepted(code);
  await expect(invite.heading(invite.t('invite-accepted-page.content.title'))).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('accepted.png') });
});

test(
  'an expired access token is refreshed, and the refresh token rotates',
  desktop,
  async ({ page, standard, pageErrors }) => {
    pageErrors.allow(/^HTTP 401 GET .*\/me$/); // the expired token's answer, which starts the refresh
    await signInFromRoot(page, standard);
    const first = await stored(page, 'refresh_token');
    const grants: string[] = [];
    page.on(
      'request',
      (request) => request.url() === `${standard.issuer}/token` && grants.push(request.postData() ?? ''),
    );

    // The provider's clock moves past its access tokens' five minutes (server/standard-ids/provider.ts):
    // it refuses the token now, where a short lifetime would have run out at a moment the machine chose.
    const token = JSON.parse((await stored(page, 'access_token'))!) as string;
    await standard.advanceProviderClock(600);
    const refused = await page.request.get(`${standard.issuer}/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(401);
    await page.reload();
    await expect(greeting(page)).toBeVisible();
    await expect(loginButton(page)).toHaveCount(0);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toContain('grant_type=refresh_token');
    const second = await stored(page, 'refresh_token');
    expect(second).not.toBe(first);
    // The rotated-away token is refused with a standard error body.
    const reused = await page.request.post(`${standard.issuer}/token`, {
      form: { grant_type: 'refresh_token', refresh_token: JSON.parse(first!) as string, client_id: 'my-account' },
    });
    expect(reused.status()).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  },
);

test(
  'a grant revoked at the provider logs the user out to the root',
  desktop,
  async ({ page, standard, pageErrors }) => {
    pageErrors.allow(/^HTTP (400|401) /);
    await signInFromRoot(page, standard);
    // The server's page shows the bike before the app runs: wait for the app's own check of the
    // stored session, so the revocation below meets the accepted invite's calls, not the start-up.
    const sessionChecked = page.waitForResponse(`${standard.issuer}/me`);
    await page.goto(`${standard.app}/my-account/invite/DEMO-PENDING-2`);
    expect((await sessionChecked).status()).toBe(200);
    await expect(page.getByText('Family cargo bike', { exact: true })).toBeVisible();
    // Revoking the refresh token ends the whole grant, access tokens included (RFC 7009).
    const refreshToken = JSON.parse((await stored(page, 'refresh_token'))!) as string;
    const revoked = await page.request.post(`${standard.issuer}/token/revocation`, {
      form: { token: refreshToken, token_type_hint: 'refresh_token', client_id: 'my-account' },
    });
    expect(revoked.status()).toBe(200);

    // Accepted with tokens held, the app makes the bike-service account at once (decision 0049): that
    // call meets the revoked grant, before any Confirm.
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(page).toHaveURL(`${standard.app}/my-account/`);
    await expect(loginButton(page)).toBeVisible();
    await expect.poll(() => stored(page, 'access_token')).toBeNull();
  },
);

test(
  'logout ends the provider session: logging in again asks for the password',
  desktop,
  async ({ page, standard }) => {
    await signInFromRoot(page, standard);
    const refreshToken = JSON.parse((await stored(page, 'refresh_token'))!) as string;
    const revocation = page.waitForRequest(`${standard.issuer}/token/revocation`);
    await page.getByRole('button', { name: 'Log out' }).click();
    expect((await revocation).postData()).toContain('token_type_hint=refresh_token');

    // The provider's end-session page asks, then sends the browser back to the app.
    await expect(page).toHaveURL(new RegExp(`^${standard.issuer}/session/end`));
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(`${standard.app}/my-account/`);
    await expect(loginButton(page)).toBeVisible();
    expect(await stored(page, 'id_token')).toBeNull();
    const refused = await page.request.post(`${standard.issuer}/token`, {
      form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'my-account' },
    });
    expect(refused.status()).toBe(400);

    await loginButton(page).click();
    await new ProviderLoginPage(page, standard.issuer).waitUntilShown(); // not signed in silently
  },
);

test.describe('a provider that gives only name and picture', () => {
  test.use({ standardOptions: { claims: 'name-picture' } });

  test('greets the user by name with their picture', desktop, async ({ page, standard }) => {
    await signInFromRoot(page, standard);
    const avatar = page.getByRole('img', { name: `Profile picture of ${ANNA.name}` });
    await expect(avatar).toHaveAttribute('src', `${standard.app}/media/avatars/anna.jpg`);
    await expect(avatar).toHaveJSProperty('complete', true);
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await page.evaluate(() => sessionStorage.getItem('ngx-webstorage|user'))).toContain(
      `"display_name":"${ANNA.name}"`,
    );
  });
});
