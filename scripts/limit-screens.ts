// The owner's limit (reached for real) and the taken-back page at 320 px, per language, to look at:
// `npm run screenshots:limits -- [--langs en,sv,fr] [--out .tmp/limits] [--port 4490]`.
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../playwright.config.ts';
import { startReferenceServer } from './reference-server.ts';
import { screenViews, signInAsDemo } from './screen-views.ts';

const { values } = parseArgs({
  options: {
    langs: { type: 'string', default: 'en,sv,fr' },
    out: { type: 'string', default: '.tmp/limits' },
    port: { type: 'string', default: '4490' },
  },
});
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;
mkdirSync(values.out, { recursive: true });

// A brand that offers each language (demo/app-config.ts).
const BRAND: Record<string, string> = {
  nl: 'sparta',
  en: 'sparta',
  de: 'sparta',
  sv: 'crescent',
  da: 'kildemoes',
  fr: 'decathlon',
};

const browser = await chromium.launch(CHROMIUM);
for (const lang of values.langs.split(',')) {
  // A fresh server per language: the limit is per account and minute.
  const server = await startReferenceServer(port, ['--brand', BRAND[lang] ?? 'sparta']);
  try {
    const context = await browser.newContext({ ...screenViews(320).phone, locale: lang });
    const page = await context.newPage();
    await signInAsDemo(page, origin, 'owner@example.com');
    await page.goto(`${origin}/my-account/?lang=${lang}`);
    const bike = page.locator('.owner-bike').first();
    const create = async () => {
      await bike.locator('.card__actions button').last().click();
      await page.locator('dialog button[type="submit"]').click();
      await page.locator('dialog .qr-code, dialog [role="alert"]').first().waitFor();
      const refused = await page.locator('dialog [role="alert"]').count();
      if (!refused) await page.keyboard.press('Escape');
      return refused > 0;
    };
    let refused = false;
    for (let i = 0; i < 12 && !refused; i++) refused = await create();
    if (!refused) throw new Error('the service never limited the owner');
    await page.screenshot({ path: `${values.out}/${lang}-1-too-many-writes.png` });
    await page.goto(`${origin}/my-account/invite/DEMO-ACCEPTED/invalid?reason=taken-back&lang=${lang}`);
    await page.locator('main .card').waitFor();
    await page.screenshot({ path: `${values.out}/${lang}-2-taken-back.png`, fullPage: true });
    console.log(`${values.out}/${lang}-*.png`);
    await context.close();
  } finally {
    await server.stop();
  }
}
await browser.close();
