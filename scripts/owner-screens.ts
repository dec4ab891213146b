// `npm run screenshots:owner`: every owner screen (docs/behaviour/owner-side.md), phone and desktop,
// light and dark (docs/testing.md); one demo server per brand in turn, stopped by its process id.
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM } from '../playwright.config.ts';
import { acceptInvite, createInvite, newInvitee } from '../e2e/support/owner.ts';
import { addDays } from '../src/contract/access-until.ts';
import { startReferenceServer } from './reference-server.ts';
import { screenViews, signInAsDemo } from './screen-views.ts';

const { values } = parseArgs({
  options: {
    brands: { type: 'string', default: 'sparta,qwic' },
    lang: { type: 'string', default: 'en' },
    out: { type: 'string', default: '.tmp/owner' },
    port: { type: 'string', default: '4480' },
    views: { type: 'string', default: 'phone,desktop' },
    'phone-width': { type: 'string', default: '390' },
    schemes: { type: 'string', default: 'light,dark' },
  },
});

const VIEWS = screenViews(Number(values['phone-width']));
/** The day a rider is lent the bike until: three days on, within a year wherever the browser is. */
const LAST_DAY = addDays(new Date().toISOString().slice(0, 10), 3);
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;
mkdirSync(values.out, { recursive: true });

async function signIn(page: Page, email: string): Promise<void> {
  await signInAsDemo(page, origin, email);
  await page.locator('.owner-section').first().waitFor();
}

/** Opens an invite signed in, accepts and confirms it, and waits for the page it leads to. */
async function redeem(page: Page, code: string, leadsTo: RegExp): Promise<void> {
  await page.goto(`${origin}/my-account/invite/${code}`);
  await page.locator('.invite-card .card__actions button').last().click();
  await page.locator('.step-card--entering .card__actions button').last().click();
  await page.waitForURL(leadsTo);
  await page.locator('main .card').first().waitFor();
}

/** The owner's screens, then the rider's, in one brand, view and colour scheme. */
async function shoot(browser: Browser, brand: string, view: keyof typeof VIEWS, scheme: 'light' | 'dark') {
  const context = await browser.newContext({ ...VIEWS[view], locale: values.lang, colorScheme: scheme });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  // A phone's browser can share: its Share button and the note's checkbox show, as there.
  if (view === 'phone') await context.addInitScript(() => (navigator.share ??= () => Promise.resolve()));
  const page = await context.newPage();
  const shot = async (name: string, fullPage = true) => {
    await page.waitForTimeout(400); // let transitions finish
    const path = `${values.out}/${brand}-${view}-${scheme}-${name}.png`;
    await page.screenshot({ path, fullPage });
    console.log(path);
  };
  await signIn(page, 'owner@example.com');
  await page.locator('.owner-bike').first().waitFor();
  await page.locator('.owner-ended summary').first().click();
  await shot('1-home');

  const firstBike = page.locator('.owner-bike').first();
  await firstBike.locator('.card__actions button').last().click();
  await page.locator('dialog select').waitFor();
  await page.locator('dialog input.field').first().fill('Mila');
  await shot('2-invite-form', false);
  // Lent until a day: none chosen yet (the field says so), then one.
  await page.locator('dialog input[type="radio"]').last().check();
  await page.locator('dialog button[type="submit"]').click();
  await page.locator('dialog .field-error').waitFor();
  await shot('2b-invite-until-missing', false);
  await page.locator('dialog input[type="date"]').fill(LAST_DAY);
  await shot('2c-invite-until', false);
  await page.locator('dialog button[type="submit"]').click();
  await page.locator('dialog .qr-code').waitFor();
  await page.locator('dialog .share-invite__actions button').first().click();
  await page.locator('dialog .share-notice:not(:empty)').waitFor();
  if (view === 'phone') await page.locator('dialog .share-invite__with-note input').check();
  await shot('3-invite-ready', false);
  await page.locator('dialog').evaluate((dialog) => dialog.scrollTo(0, dialog.scrollHeight));
  await shot('4-invite-ready-end', false);
  // Someone accepts it while the sheet is open: the sheet says so, then the status line.
  const link = await page.locator('dialog .share-invite__link').inputValue();
  await acceptInvite(origin, link.split('/').pop()!, (await newInvitee(origin)).email);
  await page.locator('dialog .share-notice__ended').waitFor();
  await shot('4b-invite-accepted', false);
  await page.locator('dialog .dialog__actions button').last().click();
  await page.locator('.owner-status--shown').waitFor();
  await shot('4c-now-rides', false);
  await page.locator('.owner-status__close').click();
  // A new open invite, the newest, for the withdrawal below.
  await createInvite(origin, 1);
  await page.reload();
  await page.locator('.owner-bike').first().waitFor();

  const invites = firstBike.locator('.owner-bike__part').nth(1);
  await invites.locator('.owner-list__actions button').nth(1).click(); // the Withdraw of the newest invite
  await page.locator('dialog .button--danger').waitFor();
  await shot('5-withdraw-confirm', false);
  await page.route('**/api/v1/bike/invite-code/*', (route) =>
    route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status":503}' }),
  );
  await page.locator('dialog .button--danger').click();
  await page.locator('dialog .alert').waitFor();
  await shot('6-withdraw-failed', false);
  await page.unroute('**/api/v1/bike/invite-code/*');
  await page.locator('dialog .button--danger').click(); // Try again: withdrawn, and the status line says so
  await page.locator('.owner-status--shown').waitFor();
  await shot('6b-status-line', false);
  await page.locator('.owner-status__close').click();

  const riders = firstBike.locator('.owner-bike__part').first();
  await riders.locator('button').last().click(); // Remove the rider
  await page.locator('dialog .button--danger').waitFor();
  await shot('7-remove-confirm', false);
  await page.keyboard.press('Escape');

  // The rider's access: until a day, then ended, then until removed again as the demo has it.
  await riders.locator('.owner-list__actions button').first().click();
  await page.locator('dialog input[type="radio"]').last().check();
  await page.locator('dialog input[type="date"]').fill(LAST_DAY);
  await shot('7b-access-dialog', false);
  await page.locator('dialog button[type="submit"]').click();
  await page.locator('.owner-status--shown').waitFor();
  await riders.evaluate((part) => part.scrollIntoView({ block: 'start' }));
  await shot('7c-rider-until', false);
  await riders.locator('.owner-list__actions button').first().click();
  await page.locator('dialog .access-dialog__end button').click();
  await page.locator('.owner-ended-access').waitFor();
  await riders.evaluate((part) => part.scrollIntoView({ block: 'start' }));
  await shot('7d-rider-ended', false);
  await riders.locator('.owner-list__actions button').first().click();
  await page.locator('dialog button[type="submit"]').click();
  await page.locator('.owner-ended-access').waitFor({ state: 'detached' });

  await page.route('**/api/v1/bike', (route) =>
    route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status":503}' }),
  );
  await page.reload();
  await page.locator('.owner-section .alert').waitFor({ timeout: 15_000 });
  await shot('8-error');
  await page.unroute('**/api/v1/bike');
  await redeem(page, 'DEMO-PENDING-1', /\/invalid\?reason=own-invite$/); // the owner's own invite
  await shot('8b-own-invite', false);
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());

  // Anna owns no bike and rides Sofie's city bike: the empty state and the rider's side.
  await signIn(page, 'anna@example.com');
  await page.locator('.owner-empty').waitFor();
  await shot('9-rider-home');
  await page.locator('.owner-bike--shared button').first().click();
  await page.locator('dialog .button--danger').waitFor();
  await shot('10-leave-confirm', false);
  await page.keyboard.press('Escape');
  await redeem(page, 'DEMO-PENDING-5', /\/invalid\?reason=already-rider$/); // a second invite to the city bike
  await shot('11-already-rider', false);
  await redeem(page, await createInvite(origin, 2), /\/accepted$/); // a new cargo bike invite: the accepted page names both
  await shot('12-accepted');
  // Anna stops riding it again, so the next run's accept is a new one.
  await page.goto(`${origin}/my-account/`);
  await page.locator('.owner-bike--shared', { hasText: 'Family cargo bike' }).locator('button').click();
  await page.locator('dialog .button--danger').click();
  await page.locator('.owner-status--shown').waitFor();
  await context.close();
}

const browser = await chromium.launch(CHROMIUM);
try {
  for (const brand of values.brands.split(',')) {
    const server = await startReferenceServer(port, ['--brand', brand]);
    try {
      for (const view of values.views.split(',') as (keyof typeof VIEWS)[])
        for (const scheme of values.schemes.split(',') as ('light' | 'dark')[])
          await shoot(browser, brand, view, scheme);
    } finally {
      await server.stop();
    }
  }
} finally {
  await browser.close();
}
