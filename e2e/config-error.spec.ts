import { expect, expectNoAxeViolations, forEachLanguage, test } from './fixtures.ts';
import { routeConfig } from './support/browser-rendered.ts';

const TITLE = {
  en: "This page can't be shown right now",
  nl: 'Deze pagina kan nu niet worden weergegeven',
  de: 'Diese Seite kann gerade nicht angezeigt werden',
};

// A broken deployment is simulated by answering the config request as a broken server would.
const BROKEN = [
  { name: 'missing', status: 404, body: 'Not found' },
  { name: 'not JSON', status: 200, body: '{ "app": ' },
  { name: 'wrong types', status: 200, body: '{ "languages": "nl" }' },
  { name: 'unknown field', status: 200, body: '{ "appLinks": {} }' },
];

forEachLanguage((language) => {
  // Every kind of breakage in English; the translated page once in each other language (what the
  // page says does not depend on the kind).
  for (const broken of language === 'en' ? BROKEN : BROKEN.slice(0, 1)) {
    test(`a ${broken.name} config shows the error page, not a blank screen`, async ({ page, pageErrors }) => {
      pageErrors.allow(/^HTTP 404 GET .*\/assets\/config\.json\?t=\d+$/);
      await routeConfig(page, (route) =>
        route.fulfill({ status: broken.status, contentType: 'application/json', body: broken.body }),
      );
      await page.goto('/my-account/invite/DEMO-PENDING-1');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE[language]);
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoAxeViolations(page);
    });
  }
});
