// The invitee's journeys in WebKit and in Firefox, in a phone-sized window (e2e/engines/README.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createInvite, newInvitee, NO_ACCOUNT_YET } from '../support/owner.ts';
import { ANNA, DEMO_PASSWORD } from '../support/sign-in.ts';
import type { EngineName, Tab } from './engines.ts';
import { BASE_URL, SERVED_DIST, STORE_PATHS } from './ports.ts';
import { control, expect, read, test, texts, type Text } from './fixtures.ts';
import { PAGE_META } from '../../src/contract/page-protocol.ts';

const OWNER = 'Sofie de Vries';
const BIKE = 'Blue city bike';
const SHOTS = '.tmp/engines/screenshots';

// `user/me` answers 404 until the bike-service account exists; the app then creates it.

async function signInAtIdentityService(tab: Tab, email: string): Promise<void> {
  await expect.poll(() => read.path(tab)).toMatch(/^\/ids\/login\?/);
  await tab.fill('#email', email);
  await tab.fill('#password', DEMO_PASSWORD);
  await tab.click('//button[@value="login"]');
}

const storeOf = (engine: EngineName) => (engine === 'webkit' ? STORE_PATHS.ios : STORE_PATHS.android);

const linkTo = (tab: Tab, name: string) =>
  tab.evaluate(
    (text: string) => [...document.querySelectorAll('a')].find((a) => a.textContent?.trim() === text)?.href ?? null,
    name,
  );

async function expectInvite(tab: Tab, t: Text, owner: string, bike: string): Promise<void> {
  await expect.poll(() => read.text(tab, 'h1')).toBe(t('invite-page.title'));
  // The card's heading shows the owner's name; its hidden rest is the sentence a screen reader hears.
  await expect.poll(() => read.texts(tab, 'h2 > [aria-hidden="true"]')).toContain(owner);
  await expect.poll(() => read.text(tab, '.bike-card__name')).toBe(bike);
}

test('an anonymous invitee accepts, signs in and confirms: the accepted page', async ({ tab, engineName }) => {
  tab.allow(NO_ACCOUNT_YET);
  const t = await texts('en');
  const code = await createInvite(BASE_URL);
  const person = await newInvitee(BASE_URL); // Anna rides the city bike already (the seed)
  await tab.goto(`/my-account/invite/${code}`);
  await expectInvite(tab, t, OWNER, BIKE);
  await expect.poll(() => tab.evaluate(() => document.documentElement.lang)).toBe('en');
  // The bike photo and the brand logo have arrived before the picture is taken.
  await expect
    .poll(() => tab.evaluate(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0)))
    .toBe(true);
  await tab.screenshot(`${SHOTS}/invite-${engineName}.png`);

  await tab.click(control(t('invite-page.btn.accept')));
  await expect.poll(() => read.texts(tab, 'h2')).toContain(t('invite-page.login.title'));
  await tab.click(control(t('invite-page.login.btn')));
  await signInAtIdentityService(tab, person.email);
  await expect.poll(() => read.texts(tab, 'h2')).toContain(t('invite-page.confirm.title'));
  await expect.poll(() => read.path(tab)).toBe(`/my-account/invite/${code}`);
  await tab.click(control(t('invite-page.btn.confirm')));

  await expect.poll(() => read.path(tab)).toBe(`/my-account/invite/${code}/accepted`);
  await expect.poll(() => read.text(tab, 'h1')).toBe(t('invite-accepted-page.title'));
  await expect.poll(() => read.text(tab, 'h2')).toBe(t('invite-accepted-page.content.title'));
  await expect
    .poll(() => tab.evaluate(() => (document.querySelector('img.graphic') as HTMLImageElement | null)?.naturalWidth))
    .toBeGreaterThan(0);
  // The phone's own store behind the floating button: the app took the user agent for a phone's.
  await expect.poll(() => linkTo(tab, t('invite-accepted-page.btn.right'))).toBe(BASE_URL + storeOf(engineName));
  await tab.screenshot(`${SHOTS}/accepted-${engineName}.png`);
});

test('before the app runs, Accept slides the invite card out and the login card takes its place, its tap kept', async ({
  tab,
}) => {
  const t = await texts('en');
  const code = await createInvite(BASE_URL);
  // The server's page without the app (in Chromium, e2e/server-rendering.spec.ts holds the code
  // back instead), in English, as the tab asks.
  const page = await fetch(`${BASE_URL}/my-account/invite/${code}`, { headers: { 'accept-language': 'en' } });
  const html = await page.text();
  mkdirSync(`${SERVED_DIST}/e2e`, { recursive: true });
  writeFileSync(
    `${SERVED_DIST}/e2e/no-app-${code}.html`,
    html.replace(new RegExp(`<meta name="${PAGE_META.entry}"[^>]*>`), ''),
  );
  await tab.goto(`/e2e/no-app-${code}.html`);
  await tab.click(control(t('invite-page.btn.accept')));
  // The login card takes the focus as it comes in, as the app's step does.
  await expect
    .poll(() => tab.evaluate(() => document.activeElement?.matches('.step-card--upcoming h2') ?? false))
    .toBe(true);
  await tab.click(control(t('invite-page.login.btn'))); // shown once the invite card has slid out
  await expect
    .poll(() =>
      tab.evaluate(() => ({
        acceptTaken: document.querySelector('.invite-card [data-slides-card]')?.hasAttribute('data-taken'),
        // The login card is where the invite card was, and on top of it.
        inPlace:
          document.querySelector('.step-card--upcoming')!.getBoundingClientRect().top ===
          document.querySelector('.invite-card')!.getBoundingClientRect().top,
        inviteCardSeen: getComputedStyle(document.querySelector('.invite-card')!).opacity !== '0',
        loginTaken: document.querySelector('.step-card--upcoming button')?.hasAttribute('data-taken'),
      })),
    )
    .toEqual({ acceptTaken: true, inPlace: true, inviteCardSeen: false, loginTaken: true });
});

test('decline, then back to the invite', async ({ tab }) => {
  const t = await texts('en');
  await tab.goto('/my-account/invite/DEMO-PENDING-1');
  await expectInvite(tab, t, OWNER, BIKE);
  await tab.click(control(t('invite-page.btn.decline')));
  await expect.poll(() => read.path(tab)).toBe('/my-account/invite/DEMO-PENDING-1/decline');
  await expect.poll(() => read.text(tab, 'h1')).toBe(t('invite-decline-page.title'));
  await expect.poll(() => read.text(tab, 'main')).toContain(t('invite-decline-page.content.text', { owner: OWNER }));
  await tab.click(control(t('invite-decline-page.btn.back')));
  await expect.poll(() => read.path(tab)).toBe('/my-account/invite/DEMO-PENDING-1');
  await expectInvite(tab, t, OWNER, BIKE);
});

test('cancelling at the identity service comes back with the login error alert', async ({ tab }) => {
  const t = await texts('en');
  await tab.goto('/my-account/login');
  await expect.poll(() => read.text(tab, 'h1')).toBe(t('login-page.title'));
  await expect.poll(() => read.texts(tab, '[role="alert"]')).toEqual([]);
  await tab.click(control(t('login-page.btn.login')));
  await expect.poll(() => read.path(tab)).toMatch(/^\/ids\/login\?/);
  await tab.click('//button[@value="cancel"]');
  await expect.poll(() => read.path(tab)).toBe('/my-account/login?error=login.failed');
  await expect.poll(() => read.texts(tab, '[role="alert"]')).toEqual([t('login.failed')]);
});

test('a German browser gets the invite in German', async ({ openTab }) => {
  const tab = await openTab('de');
  const t = await texts('de');
  await tab.goto('/my-account/invite/DEMO-PENDING-2');
  await expectInvite(tab, t, OWNER, 'Family cargo bike');
  await expect.poll(() => tab.evaluate(() => document.documentElement.lang)).toBe('de');
  await expect
    .poll(() => read.texts(tab, 'button'))
    .toEqual(expect.arrayContaining([t('invite-page.btn.accept'), t('invite-page.btn.decline')]));
  expect(t('invite-page.btn.accept')).not.toBe((await texts('en'))('invite-page.btn.accept'));
});

test('the app-download page sends the phone to its store', async ({ tab, engineName }) => {
  await tab.goto('/my-account/app-download');
  await expect.poll(() => tab.url()).toBe(BASE_URL + storeOf(engineName));
});

test('a signed-in invitee stays signed in across a reload', async ({ tab }) => {
  const t = await texts('en');
  const greeting = t('login-page.greeting', { name: ANNA.name });
  await tab.goto('/my-account/login');
  await tab.click(control(t('login-page.btn.login')));
  await signInAtIdentityService(tab, ANNA.email);
  await expect.poll(() => read.texts(tab, 'h2')).toContain(greeting);
  // Reloaded once the home page has its owner's side: Firefox reports a module import cut short by the reload.
  await expect.poll(() => read.path(tab)).toMatch(/^\/my-account\/?$/);
  await expect.poll(() => read.texts(tab, '.owner-section__title')).not.toEqual([]);
  await tab.reload();
  await expect.poll(() => read.texts(tab, 'h2')).toContain(greeting);
  await expect.poll(() => read.texts(tab, 'button')).not.toContain(t('login-page.btn.login'));
  await expect.poll(() => read.path(tab)).toMatch(/^\/my-account\/?$/);
});

/** Where the bike card's name sits: the room the card leaves it, its box, its text's width, its lines. */
const bikeNameLayout = () => {
  const name = document.querySelector('.bike-card__name')!;
  const body = name.parentElement!;
  const card = body.parentElement!;
  const image = card.querySelector('.bike-card__image')!;
  // oxlint-disable-next-line unicorn/consistent-function-scoping -- sent to the page as source: it must hold all it uses
  const px = (value: string) => Number.parseFloat(value) || 0;
  const room =
    card.clientWidth -
    image.getBoundingClientRect().width -
    px(getComputedStyle(card).columnGap) -
    px(getComputedStyle(body).paddingLeft) -
    px(getComputedStyle(body).paddingRight);
  const text = document.createRange();
  text.selectNodeContents(name);
  const lines = new Set([...text.getClientRects()].map((rect) => Math.round(rect.top))).size;
  return { room, box: name.getBoundingClientRect().width, text: text.getBoundingClientRect().width, lines };
};

// WebKit can wrap a name as wide as its measured text at a hyphen, on a rounding hair.
test('the bike name has the card’s room and stays whole where it fits', async ({ tab }) => {
  const t = await texts('en');
  await tab.goto('/my-account/invite/DEMO-PENDING-3');
  await expectInvite(tab, t, 'Bram Jansen', 'Red e-moped');
  for (const width of [320, 360, 390, 430]) {
    await tab.setWidth(width);
    await expect.poll(() => tab.evaluate(() => innerWidth)).toBe(width);
    const layout = await tab.evaluate(bikeNameLayout);
    expect(layout.box, `the name's box at ${width} px`).toBeCloseTo(layout.room, 0);
    expect(layout.text, `the name's text at ${width} px`).toBeLessThan(layout.room);
    expect(layout.lines, `the name's lines at ${width} px`).toBe(1);
  }
});

// The owner's dialogs, QR code and link in each engine; the whole journey is e2e/owner.spec.ts's.
test('an owner creates an invite in the dialog, sees its link and QR code, and withdraws it', async ({
  tab,
  engineName,
}) => {
  const t = await texts('en');
  await tab.goto('/my-account/login');
  await tab.click(control(t('login-page.btn.login')));
  await signInAtIdentityService(tab, 'owner@example.com');
  await expect.poll(() => read.texts(tab, 'h3')).toEqual(expect.arrayContaining([BIKE]));
  await tab.click(control(t('owner-home.bike.invite'))); // the first bike's: the city bike
  await expect.poll(() => read.text(tab, 'dialog h2')).toBe(t('owner-invite.title', { bike: BIKE }));
  await expect.poll(() => tab.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
  await tab.click(control(t('owner-invite.create')));
  await expect.poll(() => read.text(tab, 'dialog h3')).toBe(t('owner-invite.ready'));
  await expect.poll(() => tab.evaluate(() => document.activeElement?.textContent)).toBe(t('owner-invite.ready'));
  const link = await tab.evaluate(() => document.querySelector<HTMLInputElement>('dialog input')?.value ?? '');
  expect(link).toMatch(new RegExp(`^${BASE_URL}/my-account/invite/[A-Z0-9-]+$`));
  await expect.poll(() => tab.evaluate(() => document.querySelector('dialog svg.qr-code') !== null)).toBe(true);
  await tab.screenshot(`${SHOTS}/owner-invite-${engineName}.png`);
  await tab.click(control(t('owner-invite.done')));
  await expect.poll(() => tab.evaluate(() => document.querySelector('dialog') === null)).toBe(true);

  const code = link.split('/').pop()!;
  const withdraw = `//button[@aria-label="${t('owner-home.invites.withdraw-label', { code })}"]`;
  await tab.click(withdraw);
  await expect.poll(() => read.text(tab, 'dialog h2')).toBe(t('owner-confirm.withdraw.title'));
  await expect.poll(() => tab.evaluate(() => document.activeElement?.textContent)).toBe(t('owner-confirm.cancel'));
  await tab.click(control(t('owner-confirm.withdraw.btn')));
  await expect.poll(() => tab.evaluate(() => document.querySelector('dialog') === null)).toBe(true);
  await expect.poll(() => read.texts(tab, '[role="status"]')).toContain(t('owner-home.announce.withdrawn'));
  const label = t('owner-home.invites.withdraw-label', { code });
  await expect
    .poll(() => tab.evaluate((name: string) => document.querySelector(`button[aria-label="${name}"]`) === null, label))
    .toBe(true);
});
