import type { Page } from '@playwright/test';
import { routeConfig } from './support/browser-rendered.ts';
import { expect, expectNoAxeViolations, notOn, onlyOn, test } from './fixtures.ts';
import { LanguageSwitcher } from './support/language-switcher.ts';
import { ANNA, IdentityLoginPage, stored } from './support/sign-in.ts';

// The language switcher and the `lang` of an invite link (decision 0014), on the Android phone and
// the desktop: the switcher sits in the header of a phone as well as on a desktop.

const INVITE = '/my-account/invite/DEMO-PENDING-1';
const OWNER = 'Sofie de Vries';
const TITLE = { en: "You've been invited", nl: 'Je bent uitgenodigd', de: 'Du wurdest eingeladen' };
const LOGIN_TITLE = { en: 'Log in to continue', nl: 'Log in om verder te gaan', de: 'Melde dich an, um fortzufahren' };

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const step = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

/** Serves the reference server's config with other `languages`. */
async function offerLanguages(page: Page, languages: string[]): Promise<void> {
  await routeConfig(page, async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, languages } });
  });
}

test.describe('in a browser set to English', notOn('iphone'), () => {
  test.use({ locale: 'en-GB' });

  test('the switcher changes the texts, <html lang> and title, and keeps the page where it was', async ({ page }) => {
    const switcher = new LanguageSwitcher(page);
    await page.goto(INVITE);
    await expect(heading(page)).toHaveText(TITLE.en);
    await switcher.expectShowing('en');
    await expect(switcher.select.locator('option')).toHaveText(['Nederlands', 'English', 'Deutsch']);
    await expect(switcher.select.locator('option[lang="de"]')).toHaveText('Deutsch');
    await expectNoAxeViolations(page);

    // Into the login step, then switch: the step, the address and the invite stay.
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(step(page, LOGIN_TITLE.en)).toBeVisible();
    await switcher.choose('de');
    await expect(heading(page)).toHaveText(TITLE.de);
    await expect(step(page, LOGIN_TITLE.de)).toBeVisible();
    await expect(page.getByText(OWNER, { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${INVITE}$`));
    // The invite page's title names the owner and the bike (as its link preview does), in the new language.
    await expect(page).toHaveTitle(`${OWNER} lädt dich ein, „Blue city bike“ mitzunutzen`);
    await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    await expectNoAxeViolations(page);

    await switcher.choose('nl');
    await expect(step(page, LOGIN_TITLE.nl)).toBeVisible();
    await expect(page).toHaveTitle(`${OWNER} nodigt je uit om ‘Blue city bike’ te gebruiken`);
  });

  test('every page has the switcher', async ({ page }) => {
    const switcher = new LanguageSwitcher(page);
    for (const path of [
      '/my-account/',
      '/my-account/login',
      INVITE,
      `${INVITE}/decline`,
      '/my-account/invite/DEMO-ACCEPTED/accepted',
      '/my-account/invite/DEMO-ACCEPTED/previously-accepted',
      '/my-account/invite/no-such-invite!',
      '/my-account/no-such-page',
    ]) {
      await page.goto(path);
      await expect(heading(page)).toBeVisible();
      await expect(switcher.select, path).toBeVisible();
    }
    await switcher.choose('nl');
    await expect(heading(page)).toHaveText('Pagina niet gevonden');
  });

  // A phone picks from its own list.
  test('the keyboard reaches and works the switcher', onlyOn('desktop'), async ({ page }) => {
    await page.goto('/my-account/no-such-page');
    await expect(heading(page)).toHaveText('Page not found');
    const switcher = new LanguageSwitcher(page);
    // The server's page has it disabled until the app runs: it cannot work before (no control looks
    // usable while doing nothing).
    await expect(switcher.select).toBeEnabled();
    await page.keyboard.press('Tab');
    await expect(switcher.select).toBeFocused();
    await page.keyboard.press('ArrowDown'); // English → Deutsch
    await expect(heading(page)).toHaveText('Seite nicht gefunden');
    await expect(page.getByRole('combobox', { name: 'Sprache' })).toBeFocused();
  });

  test('a brand offering some languages: only those, and a lang it does not offer is ignored', async ({ page }) => {
    await offerLanguages(page, ['nl', 'en']);
    await page.goto(`${INVITE}?lang=de`);
    await expect(heading(page)).toHaveText(TITLE.en);
    await expect(new LanguageSwitcher(page).select.locator('option')).toHaveText(['Nederlands', 'English']);
  });

  test('a brand offering one language has no switcher', async ({ page }) => {
    await offerLanguages(page, ['nl']);
    await page.goto(INVITE);
    await expect(heading(page)).toHaveText(TITLE.nl);
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('the config error page has the switcher too', async ({ page, pageErrors }) => {
    pageErrors.allow(/^HTTP 404 GET .*\/assets\/config\.json\?t=\d+$/);
    await routeConfig(page, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto(INVITE);
    await expect(heading(page)).toHaveText("This page can't be shown right now");
    await new LanguageSwitcher(page).choose('de');
    await expect(heading(page)).toHaveText('Diese Seite kann gerade nicht angezeigt werden');
    await expect(page).toHaveTitle('Diese Seite kann gerade nicht angezeigt werden');
    await expectNoAxeViolations(page);
  });
});

test.describe('in a browser set to Dutch', notOn('iphone'), () => {
  test.use({ locale: 'nl-NL' });

  test('the choice is remembered: after a reload and in a new page', async ({ page, context }) => {
    const switcher = new LanguageSwitcher(page);
    await page.goto('/my-account/login');
    await switcher.choose('de');
    await expect(heading(page)).toHaveText('Anmelden');
    expect(await stored(page, 'language')).toBe('"de"');

    await page.reload();
    await expect(heading(page)).toHaveText('Anmelden');
    await switcher.expectShowing('de');

    const other = await context.newPage();
    await other.goto(INVITE);
    await expect(heading(other)).toHaveText(TITLE.de);
    await new LanguageSwitcher(other).expectShowing('de');
  });

  test('lang=de on a first visit shows German, for this visit only', async ({ page }) => {
    await page.goto(`${INVITE}?lang=de`);
    await expect(heading(page)).toHaveText(TITLE.de);
    await new LanguageSwitcher(page).expectShowing('de');
    await expect(page).toHaveURL(new RegExp(`${INVITE}$`)); // taken off the address
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(heading(page)).toHaveText(TITLE.de);
    expect(await stored(page, 'language')).toBeNull(); // not the person's own choice
  });

  test('the language of the link lasts through signing in and back', async ({ page }) => {
    await page.goto(`${INVITE}?lang=de`);
    await page.getByRole('button', { name: 'Annehmen', exact: true }).click();
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    const ids = new IdentityLoginPage(page);
    await ids.waitUntilShown();
    await expect(page).toHaveURL(/ui_locales=de/);
    expect(new URL(page.url()).searchParams.get('redirect_uri')).toMatch(new RegExp(`${INVITE}$`));
    await ids.submit(ANNA.email);
    await expect(step(page, 'Fast geschafft')).toBeVisible();
    await expect(heading(page)).toHaveText(TITLE.de);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveURL(new RegExp(`${INVITE}$`));
  });

  test('a choice made with the switcher beats a link’s lang', async ({ page }) => {
    await page.goto('/my-account/login');
    await new LanguageSwitcher(page).choose('en');
    await page.goto(`${INVITE}?lang=de`);
    await expect(heading(page)).toHaveText(TITLE.en);
  });

  test('an unknown lang is ignored: the browser’s language', async ({ page }) => {
    await page.goto(`${INVITE}?lang=zz`); // no language's code
    await expect(heading(page)).toHaveText(TITLE.nl);
    await expect(page).toHaveURL(new RegExp(`${INVITE}$`));
  });
});
