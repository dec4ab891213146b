// `npm run screenshots:invite`: each invite step of one brand on a phone and a desktop (docs/testing.md).
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM } from '../playwright.config.ts';
import { startReferenceServer } from './reference-server.ts';
import { screenViews } from './screen-views.ts';

const { values } = parseArgs({
  options: {
    brand: { type: 'string', default: 'qwic' },
    out: { type: 'string', default: '.tmp/steps' },
    lang: { type: 'string', default: 'en' },
    scheme: { type: 'string', default: 'light' }, // the system colour scheme: light or dark
    port: { type: 'string', default: '4470' },
    width: { type: 'string', default: '390' }, // the phone's width, CSS px
  },
});
if (values.scheme !== 'light' && values.scheme !== 'dark') throw new Error('--scheme is light or dark');
const colorScheme = values.scheme;
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;
const server = await startReferenceServer(port, ['--brand', values.brand]);
mkdirSync(values.out, { recursive: true });

async function shot(page: Page, view: string, name: string): Promise<void> {
  await page.waitForTimeout(700); // let slide and fade transitions finish
  const scheme = colorScheme === 'dark' ? '-dark' : '';
  const path = `${values.out}/${values.brand}-${view}${scheme}-${name}.png`;
  await page.screenshot({ path, fullPage: true });
  console.log(path);
}

const VIEWS = screenViews(Number(values.width));
// Bikes Anna, who signs in, does not ride yet (the demo makes her the city bike's rider).
const CODES = { phone: 'DEMO-PENDING-4', desktop: 'DEMO-PENDING-2' };
const BEFORE_THE_APP = { phone: 'DEMO-PENDING-1', desktop: 'DEMO-PENDING-5' };
try {
  const browser = await chromium.launch(CHROMIUM);
  for (const [view, options] of Object.entries(VIEWS)) {
    const page = await (await browser.newContext({ ...options, locale: values.lang, colorScheme })).newPage();
    const code = CODES[view as keyof typeof CODES];
    await page.goto(`${origin}/my-account/invite/${code}`);
    await page.locator('.invite-card').waitFor();
    await shot(page, view, '1-pending');
    await page.locator('.invite-card button').last().click();
    await page.locator('.step-card--entering').waitFor();
    await shot(page, view, '2-login-prompt');
    await page.locator('.step-card--entering button').click();
    await page.locator('#email').fill('anna@example.com');
    await page.locator('#password').fill('demo-password');
    await shot(page, view, '3-identity-service');
    await page.locator('button[value="login"]').click();
    await page.locator('.step-card--entering').waitFor();
    await shot(page, view, '4-confirm');
    await page.locator('.step-card button').last().click();
    await page.waitForURL(/accepted$/);
    await shot(page, view, '5-accepted');
    await page.goto(`${origin}/my-account/invite/DEMO-PENDING-3/decline`);
    await page.locator('.card--dimmed').first().waitFor();
    await shot(page, view, '6-declined');
    // Accept tapped on the server's page, the app's code never arriving: the page script's step (decision 0048).
    const early = await (await browser.newContext({ ...options, locale: values.lang, colorScheme })).newPage();
    await early.route(/\/assets\/app-[\w-]+\.js$/, () => undefined);
    await early.goto(`${origin}/my-account/invite/${BEFORE_THE_APP[view as keyof typeof BEFORE_THE_APP]}`);
    await early.locator('.invite-card button').last().click();
    await early.locator('.step-card--upcoming h2:focus').waitFor(); // focused as it comes in
    await early.waitForFunction(() => document.getAnimations().every((a) => a.playState === 'finished'));
    await shot(early, view, '2-login-prompt-before-the-app');
  }
  await browser.close();
} finally {
  await server.stop();
}
