// A brand's voice (docs/brand-voice.md), at the demo's brands that use it (demo/app-config.ts): Batavus
// speaks German with "Sie" from the first HTML the server sends to the sign-in page; Monark's own
// Swedish words are in the page, its preview and the hydrated app; a brand's words that do not fit
// are refused by the app, naming the key. Every page in each register: e2e/languages.spec.ts.
import type { Page } from '@playwright/test';
import { builtTexts, expect, expectNoAxeViolations, onlyOn, signInTexts, test } from './fixtures.ts';
import { routeConfig } from './support/browser-rendered.ts';
import { IdentityLoginPage } from './support/sign-in.ts';

const at = (baseURL: string, brand: string) => {
  const url = new URL(baseURL);
  url.hostname = `${brand}.localhost`;
  return url.origin;
};

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const meta = (page: Page, property: string) => page.locator(`meta[property="${property}"]`);

test.describe('a brand’s voice', onlyOn('android'), () => {
  test.use({ locale: 'de-DE' });

  test('Batavus speaks German with “Sie”: the first HTML, the hydrated app and the sign-in page', async ({
    page,
    baseURL,
  }) => {
    const sie = builtTexts('de', 'sie');
    const origin = at(baseURL!, 'batavus');
    const answer = await page.goto(`${origin}/my-account/invite/DEMO-PENDING-1`);
    const html = await answer!.text();
    expect(html).toContain(sie('invite-page.title')); // "Sie wurden eingeladen", before any script ran
    expect(html).not.toContain(builtTexts('de')('invite-page.title'));
    await expect(meta(page, 'og:description')).toHaveAttribute('content', /mit Ihnen teilen/);
    await expect(page.getByRole('button', { name: sie('invite-page.btn.accept') })).toBeEnabled(); // hydrated
    await expect(h1(page)).toHaveText(sie('invite-page.title'));
    await expect(page.locator('.invite-card p.card__text')).toContainText('lädt Sie ein');

    await page.getByRole('button', { name: sie('invite-page.btn.accept') }).click();
    await page.getByRole('button', { name: sie('invite-page.login.btn') }).click();
    await new IdentityLoginPage(page).waitUntilShown();
    const s = signInTexts('de', 'sie');
    await expect(page.getByText(s('login.intro'))).toBeVisible(); // "Melden Sie sich mit Ihrer E-Mail-Adresse …"
    await expectNoAxeViolations(page);
  });

  test.describe('in Swedish', () => {
    test.use({ locale: 'sv-SE' });

    test('Monark’s own words: in the first HTML, the link preview and the hydrated app', async ({ page, baseURL }) => {
      const origin = at(baseURL!, 'monark');
      const answer = await page.goto(`${origin}/my-account/invite/DEMO-PENDING-1`);
      const html = await answer!.text();
      expect(html).toContain('Välkommen – en cykel väntar på dig');
      expect(html).not.toContain(builtTexts('sv')('invite-page.title'));
      await expect(meta(page, 'og:title')).toHaveAttribute('content', /^Sofie de Vries vill dela ”.+” med dig$/);
      await expect(page.getByRole('button', { name: builtTexts('sv')('invite-page.btn.accept') })).toBeEnabled(); // hydrated
      await expect(h1(page)).toHaveText('Välkommen – en cykel väntar på dig');
      await expect(page).toHaveTitle(/^Sofie de Vries vill dela ”.+” med dig$/);
    });
  });

  test('a brand’s word with a wrong placeholder is refused by the app, naming the key', async ({ page }) => {
    const config = { texts: { en: { 'invite-page.invite.text_bike': '{{person}} shares “{{bike}}” with you.' } } };
    await routeConfig(page, (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify(config) }),
    );
    await page.goto('/my-account/invite/DEMO-PENDING-1');
    await expect(h1(page)).toHaveText(builtTexts('de')('config-error.title'));
    await expect(page.getByTestId('config-error-detail')).toHaveText(
      'invalid: texts.en.invite-page.invite.text_bike: has the placeholders {{bike}} {{person}}, the original {{bike}} {{owner}}',
    );
    await expectNoAxeViolations(page);
  });
});
