import { expect, expectNoAxeViolations, inEnglish, test } from './fixtures.ts';
import { routeConfig } from './support/browser-rendered.ts';

const TITLE = "This page can't be shown right now";

// A broken deployment is simulated by answering the config request as a broken server would.
const BROKEN = [
  { name: 'missing', status: 404, body: 'Not found' },
  { name: 'not JSON', status: 200, body: '{ "app": ' },
  { name: 'wrong types', status: 200, body: '{ "languages": "nl" }' },
  { name: 'unknown field', status: 200, body: '{ "appLinks": {} }' },
];

inEnglish((language) => {
  // Every kind of breakage in English; the translated page in each other language: e2e/languages.spec.ts.
  for (const broken of BROKEN) {
    test(`a ${broken.name} config shows the error page, not a blank screen`, async ({ page, pageErrors }) => {
      pageErrors.allow(/^HTTP 404 GET .*\/assets\/config\.json\?t=\d+$/);
      await routeConfig(page, (route) =>
        route.fulfill({ status: broken.status, contentType: 'application/json', body: broken.body }),
      );
      await page.goto('/my-account/invite/DEMO-PENDING-1');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoAxeViolations(page);
    });
  }
});
