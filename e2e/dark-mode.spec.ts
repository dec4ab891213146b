import type { Page } from '@playwright/test';
import { routeConfig } from './support/browser-rendered.ts';
import { BRAND_NAMES, themeFor } from '../src/contract/themes.ts';
import { expect, expectNoAxeViolations, notOn, onlyOn, test, texts } from './fixtures.ts';
import { InviteFlow } from './support/invite-page.ts';
import { createInvite, newInvitee } from './support/owner.ts';

// The system set to dark: every page on the brand's dark palette, and axe finds nothing. On the
// Android phone and the desktop (the iPhone profile runs only what depends on the device being an
// iPhone: e2e/fixtures.ts, alsoOnIphone).
test.use({ colorScheme: 'dark' });
const phoneAndDesktop = notOn('iphone');

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

async function brandOf(page: Page): Promise<string> {
  const config = (await (await page.request.get('/assets/config.json')).json()) as { app: string };
  return config.app;
}

/** The page's own background and a card's are the dark palette's; the header keeps the logo's bar. */
async function expectDarkPalette(page: Page, brand: string): Promise<void> {
  const theme = themeFor(brand);
  await expect(page.locator('html')).toHaveCSS('background-color', rgb(theme.dark.background));
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'light dark');
  await expect(page.locator('.brand-header')).toHaveCSS('background-color', rgb(theme.primary));
  const card = page.locator('.card').first();
  if ((await card.count()) > 0) await expect(card).toHaveCSS('background-color', rgb(theme.dark.cardBackground));
}

const PAGES = [
  { name: 'accepted', path: '/my-account/invite/DEMO-ACCEPTED/accepted' },
  { name: 'previously accepted', path: '/my-account/invite/DEMO-ACCEPTED/previously-accepted' },
  { name: 'invite not found', path: '/my-account/invite/NO-SUCH-INVITE/invalid' },
  { name: 'page not found', path: '/my-account/no/such/page' },
  { name: 'login', path: '/my-account/login' },
  { name: 'login with an error', path: '/my-account/login?error=login.failed' },
  // A 204 answer for the store cancels the redirect, so the page itself stays to be looked at.
  { name: 'app download', path: '/my-account/app-download', blockStores: true },
];

for (const { name, path, blockStores } of PAGES) {
  test(`the ${name} page is on the dark palette and passes axe`, phoneAndDesktop, async ({ page }) => {
    if (blockStores) await page.route(/^https:\/\//, (route) => route.fulfill({ status: 204 }));
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectDarkPalette(page, await brandOf(page));
    await expectNoAxeViolations(page);
  });
}

test(
  'the invite journey in dark mode: pending, login prompt, identity service, confirm, accepted',
  onlyOn('android'), // each page's palette is checked on the phone and the desktop above
  async ({ page, baseURL }) => {
    test.slow(); // eight pages and five axe runs
    const brand = await brandOf(page);
    const code = await createInvite(baseURL!);
    const person = await newInvitee(baseURL!);
    const invite = new InviteFlow(page, await texts(page, 'en'));
    await invite.open(code);
    await expectDarkPalette(page, brand);
    await invite.expectInvite('Sofie de Vries', 'Blue city bike');
    await invite.accept();
    await invite.expectLoginPrompt();

    await invite.button('invite-page.login.btn').click();
    await expect(page).toHaveURL(/\/ids\/login\?/);
    await expect(page.locator('body')).toHaveCSS('background-color', rgb(themeFor(brand).dark.background));
    await expectNoAxeViolations(page);
    await page.locator('#email').fill(person.email);
    await page.locator('#password').fill('demo-password');
    await page.locator('button[value="login"]').click();

    await invite.expectConfirm(person.name);
    await invite.confirm();
    await invite.expectAccepted(code);
    await expectDarkPalette(page, brand);
    await expectNoAxeViolations(page);
  },
);

test('the decline page is on the dark palette and passes axe', phoneAndDesktop, async ({ page, baseURL }) => {
  const code = await createInvite(baseURL!);
  await page.goto(`/my-account/invite/${code}/decline`);
  await expect(page.locator('.card--dimmed').first()).toBeVisible();
  await expectDarkPalette(page, await brandOf(page));
  await expectNoAxeViolations(page);
});

test('the config error page is dark too, in the neutral palette', phoneAndDesktop, async ({ page, pageErrors }) => {
  pageErrors.allow(/^HTTP 404 GET .*\/assets\/config\.json\?t=\d+$/);
  await routeConfig(page, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.goto('/my-account/invite/DEMO-PENDING-1');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectDarkPalette(page, 'default');
  await expectNoAxeViolations(page);
});

test('follows the system setting live, without a reload', phoneAndDesktop, async ({ page }) => {
  await page.goto('/my-account/invite/DEMO-ACCEPTED/accepted');
  const theme = themeFor(await brandOf(page));
  const html = page.locator('html');
  const graphic = page.locator('img.graphic');
  await expect(html).toHaveCSS('background-color', rgb(theme.dark.background));
  await expect.poll(() => graphic.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/_dark\.png$/);
  const loaded = await page.evaluate(() => performance.timeOrigin);

  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveCSS('background-color', rgb(theme.background));
  await expect(page.locator('.card').first()).toHaveCSS('background-color', rgb(theme.cardBackground));
  await expect.poll(() => graphic.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/_graphic\.png$/);
  await expectNoAxeViolations(page);

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveCSS('background-color', rgb(theme.dark.background));
  expect(await page.evaluate(() => performance.timeOrigin)).toBe(loaded); // the same document
});

// Every brand's dark palette on a real page, with the brand's logo and invite graphic. On the
// Android phone only: the palettes' contrast is unit-tested, and the suite has a time budget.
for (const brand of [...BRAND_NAMES, 'default']) {
  test(
    `${brand} in dark mode: the invite and accepted pages pass axe`,
    onlyOn('android'),
    async ({ page, baseURL }) => {
      await routeConfig(page, async (route) => {
        const config = (await (await route.fetch()).json()) as Record<string, unknown>;
        await route.fulfill({ json: { ...config, app: brand, logo: `/assets/img/${brand}_logo.svg` } });
      });
      const code = await createInvite(baseURL!);
      await page.goto(`/my-account/invite/${code}`);
      await expect(page.locator('.card .button').first()).toBeVisible();
      await expectDarkPalette(page, brand);
      await expectNoAxeViolations(page);

      await page.goto('/my-account/invite/DEMO-ACCEPTED/accepted');
      await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
      await expect
        .poll(() => page.locator('img.graphic').evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
        .toContain(`/assets/img/${brand}_invite_graphic_dark.png`);
      await expectDarkPalette(page, brand);
      await expectNoAxeViolations(page);
    },
  );
}
