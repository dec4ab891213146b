import { expect, expectNoAxeViolations, inEnglish, test, texts } from './fixtures.ts';
import { ANNA, IdentityLoginPage, signIn, stored } from './support/sign-in.ts';

inEnglish((language) => {
  test('the login page signed out, with an error, and signed in', async ({ page }) => {
    const t = await texts(page, language);
    await page.goto('/my-account/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('login-page.title'));
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.goto('/my-account/login?error=login.failed');
    await expect(page.getByRole('alert')).toHaveText(t('login.failed'));
    await expectNoAxeViolations(page);

    await page.goto('/my-account/login?error=<b>raw-text</b>');
    await expect(page.getByRole('alert')).toHaveText(t('common.error.unknown'));

    await signIn(page, new RegExp(`^${t('login-page.btn.login')}$`));
    // A known user on the login route goes to the root.
    await expect(page).toHaveURL(/\/my-account\/?$/);
    // The greeting card's heading; the owner's sections follow it (docs/behaviour/owner-side.md).
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(
      t('login-page.greeting', { name: ANNA.name }),
    );
    await expect(page.getByRole('img', { name: t('user-card.avatar-alt', { name: ANNA.name }) })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('sign-in round trip', () => {
  test.use({ locale: 'en' });

  test('stores the session as the Angular app did and sends the language to the identity service', async ({ page }) => {
    await page.goto('/my-account/');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/ui_locales=en/);
    await expect(page).toHaveURL(/code_challenge_method=S256/);
    await new IdentityLoginPage(page).submit(ANNA.email);
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(`Hello, ${ANNA.name}!`);
    await expect(page).toHaveURL(/\/my-account\/$/); // code and state are gone from the address
    expect(await stored(page, 'access_token')).toMatch(/^"[^"]+"$/);
    expect(await stored(page, 'access_token_type')).toBe('"Bearer"');
    expect(await stored(page, 'refresh_token')).toMatch(/^"[^"]+"$/);
    expect(await page.evaluate(() => sessionStorage.getItem('ngx-webstorage|user'))).toContain(
      `"display_name":"${ANNA.name}"`,
    );
    // The login transaction is one-time.
    expect(await stored(page, 'state')).toBeNull();
    expect(await stored(page, 'code_verifier')).toBeNull();
  });

  test('a tampered state is ignored: no token call, the address is cleaned', async ({ page }) => {
    const tokenCalls: string[] = [];
    page.on('request', (request) => request.url().includes('/ids/oauth') && tokenCalls.push(request.url()));
    await page.goto('/my-account/');
    await page.getByRole('button', { name: 'Log in' }).click();
    const ids = new IdentityLoginPage(page);
    await ids.waitUntilShown();
    await ids.setHidden('state', 'forged-state-value');
    await ids.submit(ANNA.email);
    await expect(page).toHaveURL(/\/my-account\/$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(tokenCalls).toEqual([]);
    expect(await stored(page, 'access_token')).toBeNull();
  });

  test('a failed code exchange reloads with error=login.failed and shows the red alert', async ({
    page,
    pageErrors,
  }) => {
    pageErrors.allow(/^HTTP 400 POST .*\/ids\/oauth$/);
    await page.goto('/my-account/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    const ids = new IdentityLoginPage(page);
    await ids.waitUntilShown();
    // The code gets bound to another PKCE challenge: the identity service refuses the exchange.
    await ids.setHidden('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    await ids.submit(ANNA.email);
    await expect(page).toHaveURL(/\/my-account\/login\?error=login\.failed$/);
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText("Logging in didn't work. Please try again.");
    await expect(alert).toHaveCSS('background-color', 'rgb(253, 236, 236)');
    expect(await stored(page, 'access_token')).toBeNull();
  });

  test('cancelling at the identity service comes back with the error shown', async ({ page }) => {
    await page.goto('/my-account/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await new IdentityLoginPage(page).waitUntilShown();
    await page.locator('button[value="cancel"]').click();
    await expect(page).toHaveURL(/error=login\.failed/);
    await expect(page.getByRole('alert')).toBeVisible();
  });

  test('logout removes only the session keys (signed in from the root without its slash)', async ({ page }) => {
    await page.goto('/my-account');
    await page.evaluate(() => {
      localStorage.setItem('someone-else', 'keep');
      localStorage.setItem('ngx-webstorage|invite_code', '"DEMO-PENDING-1"');
    });
    await signIn(page, /^Log in$/);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await stored(page, 'access_token')).toBeNull();
    expect(await stored(page, 'refresh_token')).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('someone-else'))).toBe('keep');
    expect(await stored(page, 'invite_code')).toBe('"DEMO-PENDING-1"');
  });
});
