// Invite pages rendered by the app server and hydrated in the browser. Every test here (as every
// test in the suite) fails on a console error, which is where the app reports a hydration mismatch
// (src/main.tsx); these cover the states the server cannot see.
import { expect, expectNoAxeViolations, onlyOn, test, texts } from './fixtures.ts';
import { InviteFlow } from './support/invite-page.ts';
import { createInvite } from './support/owner.ts';
import { ANNA } from './support/sign-in.ts';

const OWNER = 'Sofie de Vries';
const BIKE = 'Blue city bike';

test('the first HTML answer shows the owner, the bike and its photo, with scripts off', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/my-account/invite/DEMO-PENDING-1');
  await expect(page).toHaveTitle(`${OWNER} lädt dich ein, „${BIKE}“ mitzunutzen`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Du wurdest eingeladen');
  await expect(page.getByRole('heading', { level: 2, name: OWNER })).toBeVisible();
  await expect(page.getByText(BIKE, { exact: true })).toBeVisible();
  await expect
    .poll(() => page.locator('.bike-card__image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // Until the app runs, its buttons say they cannot be used yet rather than swallow a tap.
  await expect(page.getByRole('button', { name: 'Annehmen' })).toBeDisabled();
  await context.close();
});

test.describe('hydration follows what only the browser knows', onlyOn('android'), () => {
  test('an invite accepted before: the login prompt, right after the server’s page', async ({ page }) => {
    const invite = new InviteFlow(page, await texts(page, 'en'));
    await invite.open('DEMO-PENDING-3');
    await invite.accept();
    await invite.expectLoginPrompt();
    await page.reload();
    await expect(invite.heading(invite.t('invite-page.login.title'))).toBeVisible();
    await expect(page.locator('.card--dimmed')).toHaveCount(2);
  });

  test('signed in: the confirm step after a reload, with the user’s name', async ({ page, baseURL, pageErrors }) => {
    pageErrors.allow(/^HTTP 404 GET .*\/api\/v1\/user\/me$/);
    const code = await createInvite(baseURL!);
    const invite = new InviteFlow(page, await texts(page, 'en'));
    await invite.open(code);
    await invite.accept();
    await invite.signInFromPrompt(ANNA.email);
    await invite.expectConfirm(ANNA.name);
    await page.reload();
    await invite.expectConfirm(ANNA.name);
  });

  test('a language chosen on this device before: the page turns to it after hydration', async ({ page }) => {
    await page.goto('/my-account/login');
    await page.evaluate(() => localStorage.setItem('ngx-webstorage|language', '"de"'));
    await page.goto('/my-account/invite/DEMO-PENDING-1'); // the browser asks for English
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Du wurdest eingeladen');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: 'Annehmen' })).toBeEnabled();
    await expectNoAxeViolations(page);
  });
});

test('the decline page on a computer: the QR code joins the server’s page', onlyOn('desktop'), async ({ page }) => {
  await page.goto('/my-account/invite/DEMO-PENDING-1/decline');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invite declined');
  await expect(page.locator('.qr-hand-off canvas, .qr-hand-off svg, .qr-hand-off img').first()).toBeVisible();
  await expectNoAxeViolations(page);
});
