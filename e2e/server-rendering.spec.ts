// Invite pages rendered by the app server and hydrated in the browser. Every test here (as every
// test in the suite) fails on a console error; a hydration mismatch shows as a node changed (the first
// hydration test); these cover the states the server cannot see.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, onlyOn, test, texts } from './fixtures.ts';
import { FAVICON_PATH } from '../src/contract/brand-assets.ts';
import { InviteFlow } from './support/invite-page.ts';
import { createInvite } from './support/owner.ts';
import {
  expectOnPhone,
  holdBackTheApp,
  throttleLikeAPhone,
  watchDocumentLoads,
  watchForButton,
} from './support/phone.ts';
import { ANNA, IdentityLoginPage, signIn, stored } from './support/sign-in.ts';

const OWNER = 'Sofie de Vries';
const BIKE = 'Blue city bike';
// The steps these tests reach are checked with axe in e2e/invite.spec.ts; here what matters is how
// the server's page becomes the app's (support/invite-page.ts).
const PASSING = { axe: false };

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
  // With scripts off nothing can work: the buttons say so rather than swallow a tap.
  await expect(page.getByRole('button', { name: 'Annehmen' })).toHaveCSS('pointer-events', 'none');
  await expect(page.getByRole('button', { name: 'Annehmen' })).toHaveCSS('opacity', '0.7');
  await expect(page.locator('link[rel=icon]')).toHaveAttribute('href', FAVICON_PATH); // held by the page script only
  await context.close();
});

test.describe('hydration follows what only the browser knows', onlyOn('android'), () => {
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

for (const address of ['/my-account/invite/DEMO-PENDING-1', '/my-account/invite/DEMO-ACCEPTED/accepted'])
  test(
    `hydration adopts the server’s nodes of ${address}: none removed, none added, their text kept`,
    onlyOn('android'),
    async ({ page }) => {
      // Preact, unlike React, does not report a hydration mismatch: it mends the page, node by node. What
      // the server sent is recorded as the document is parsed; a mismatch shows as a node replaced.
      await page.addInitScript(() => {
        const changes: string[] = [];
        Object.assign(window, { hydrationChanges: changes });
        document.addEventListener('DOMContentLoaded', () => {
          const root = document.getElementById('root')!;
          new MutationObserver((records) => {
            for (const record of records) {
              const target = (record.target as Element).outerHTML?.slice(0, 60) ?? record.target.nodeName;
              if (record.type === 'childList' && record.removedNodes.length + record.addedNodes.length > 0)
                changes.push(`children of ${target}`);
              if (record.type === 'characterData')
                changes.push(`text in ${record.target.parentElement?.outerHTML.slice(0, 60)}`);
              if (record.type === 'attributes') changes.push(`${record.attributeName} of ${target}`);
            }
          }).observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
        });
      });
      await page.goto(address);
      // Hydrated: the language switcher, disabled until then, is enabled by the render after it.
      await expect(page.getByRole('combobox')).toBeEnabled();
      const changes = await page.evaluate(() => (window as unknown as { hydrationChanges: string[] }).hydrationChanges);
      expect(changes.filter((change) => !change.startsWith('disabled of <select'))).toEqual([]);
    },
  );

/** The demo's owner signed in, on their home page with their bikes. */
async function ownerSignedIn(page: Page): Promise<void> {
  await page.goto('/my-account/');
  await signIn(page, /^Log in$/, 'owner@example.com');
  await expect(page.getByRole('heading', { name: BIKE })).toBeVisible();
}

test(
  "a signed-in owner's home: its first reads answered by the app server with the page's signed-in part, each taken by the app in place of its own",
  onlyOn('android'),
  async ({ page }) => {
    await ownerSignedIn(page);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (
        request.method() === 'GET' &&
        /\/(ids\/user|api\/v1\/bike(\/shared)?|signed-in-part)$/.test(request.url().split('?')[0]!)
      )
        reads.push(new URL(request.url()).pathname);
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: BIKE })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    // The part's reads were taken by the app in place of its own: the browser read neither the user nor
    // the bikes shared with the owner; the owner's bikes only as the live updates connect.
    expect(
      await page.evaluate(
        () => (window as { bikeInviteReads?: { answers: Map<string, unknown> } }).bikeInviteReads?.answers.size,
      ),
    ).toBe(0);
    expect(reads.filter((read) => read !== '/api/v1/bike')).toEqual(['/signed-in-part']);
    // Asked for as soon as the head named it, with the app's files, not once the anonymous page behind was parsed.
    const before = await page.evaluate(() => {
      const parsed = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/(?:app|owner-home)-[^/]+\.js$|\/signed-in-part\?/.test(entry.name))
        .map((entry) => entry.startTime < parsed.domInteractive);
    });
    expect(before).toEqual([true, true, true]);
  },
);

test(
  "a signed-in owner's home shows their list before the app has arrived, and a tap on it is carried out once it has",
  onlyOn('android'),
  async ({ page }) => {
    await ownerSignedIn(page);
    const release = await holdBackTheApp(page);
    await page.goto('/my-account/', { waitUntil: 'commit' });
    const part = page.locator('#signed-in-part');
    await expect(part.getByRole('heading', { name: BIKE })).toBeVisible();
    await expect(part.getByText('Hello, Sofie de Vries')).toBeVisible();
    await expect(page.locator('#root')).toBeHidden();
    await expectNoAxeViolations(page);
    // The owner's side styled as the app's: the bike card laid out, its photo beside its name.
    const photo = await part.locator('.owner-bike img').first().boundingBox();
    const name = await part.getByRole('heading', { name: BIKE }).boundingBox();
    expect(photo!.x + photo!.width).toBeLessThanOrEqual(name!.x);
    await part.getByRole('button', { name: 'Invite someone' }).first().click();
    await expect(part.getByRole('button', { name: 'Invite someone' }).first()).toHaveAttribute('data-taken', '');
    release();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(part).toHaveCount(0);
    await expect(page.getByRole('dialog').getByRole('heading')).toContainText(BIKE);
  },
);

/** A new invite whose page is opened by `open()` with the app's code held back until `release()`. */
async function beforeTheApp(page: Page, baseURL: string, { throttle = true } = {}) {
  const code = await createInvite(baseURL);
  const invite = new InviteFlow(page, await texts(page, 'en'), throttle ? expectOnPhone : expect);
  if (throttle) await throttleLikeAPhone(page);
  const release = await holdBackTheApp(page);
  const open = () => page.goto(`/my-account/invite/${code}`, { waitUntil: 'commit' });
  return { invite, release, open };
}

test.describe('seen is usable, and what is painted first stays, on a throttled phone', onlyOn('android'), () => {
  test.slow(); // a page whose CPU runs 4 × slower (support/phone.ts: expectOnPhone)

  test('Accept tapped the moment it appears, before the app has arrived, is carried out: the login card follows', async ({
    page,
    baseURL,
  }) => {
    // The app's code is held back until the tap is made, so the tap comes before the app runs.
    const { invite, release: tapped, open } = await beforeTheApp(page, baseURL!);
    const fetchedAgain: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/config\.json|\/i18n\/|\/bike\/invite-code\//.test(request.url())) fetchedAgain.push(request.url());
    });
    await open();
    await invite.accept(); // as soon as it is visible: it is enabled from the first paint
    // Shown as taken… (located without the accessibility tree, which its card leaves once slid out)
    await expectOnPhone(page.locator('.invite-card [data-slides-card]')).toHaveAttribute('data-taken', '');
    await expectOnPhone(page.locator('.invite-card')).toHaveCSS('opacity', '0'); // …its card slides out
    await expectOnPhone(page.locator('.bike-card__image')).toHaveCSS('opacity', '0.55'); // …the cards above are dimmed
    tapped();
    await invite.expectLoginPrompt(PASSING); // carried out once the app runs
    expect(fetchedAgain).toEqual([]); // the page's own data: config, texts and invite are not asked for again
  });

  test('the login card shows where the invite card slid out before the app has arrived, and a tap on it is carried out', async ({
    page,
    baseURL,
  }) => {
    const { invite, release, open } = await beforeTheApp(page, baseURL!);
    await open();
    await invite.accept();
    const login = invite.button('invite-page.login.btn');
    await login.click(); // the page shows it once the invite card has slid out; the app is still held back
    await expectOnPhone(login).toHaveAttribute('data-taken', ''); // shown as taken
    // In the invite card's place (which slid out), not below it.
    await expectOnPhone(page.locator('.invite-card')).toHaveCSS('opacity', '0');
    const tops = await page
      .locator('.invite-card, .step-card--upcoming')
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().top));
    expect(tops[1]).toBe(tops[0]);
    // Every frame until the page is left shows the tap taken (the page script's look) or carried out
    // (the app's busy button): none in between, when the app has taken over and not yet rendered it.
    await login.evaluate((button) => {
      const look = () => {
        if (!button.hasAttribute('data-taken') && button.getAttribute('aria-busy') !== 'true')
          sessionStorage.setItem('login-tap-shown-untaken', 'yes');
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    release();
    await new IdentityLoginPage(page, expectOnPhone).waitUntilShown(); // carried out once the app runs
    expect(await page.evaluate(() => sessionStorage.getItem('login-tap-shown-untaken'))).toBeNull();
    expect(await stored(page, 'is_accepted')).toBe('true'); // and the acceptance kept for the way back
  });

  test('Accept before the app has arrived: the login card comes, focused, without a shift, and the app takes over without losing it', async ({
    page,
    baseURL,
  }) => {
    const { invite, release, open } = await beforeTheApp(page, baseURL!, { throttle: false });
    await open();
    await invite.expectInvite(OWNER, BIKE, PASSING);
    await page.evaluate(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) =>
        shifts.push(...list.getEntries().map((entry) => (entry as unknown as { value: number }).value)),
      ).observe({ type: 'layout-shift' });
    });
    await invite.accept();
    const login = invite.heading(invite.t('invite-page.login.title'));
    // Before the app: the page script's step, heard and followed as the app's is.
    await expect(login).toBeVisible();
    await expect(login).toBeFocused();
    await expect(invite.button('invite-page.btn.accept')).toBeHidden(); // its card slid out of reach
    await expect(page.locator('.step-card--upcoming')).toHaveCount(1); // still the server's page
    await expect(page.locator('link[rel=icon]')).toHaveAttribute('href', FAVICON_PATH); // given back as the app starts
    release();
    // The app's step, the same card: still shown and focused, the acceptance kept.
    await expect(page.locator('.step-card--upcoming')).toHaveCount(0);
    await invite.expectLoginPrompt(PASSING);
    await expect.poll(() => stored(page, 'is_accepted')).toBe('true');
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  });

  test('with reduced motion, Accept tapped before the app runs shows the login card without the wait', async ({
    page,
    baseURL,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const { invite, release, open } = await beforeTheApp(page, baseURL!, { throttle: false });
    await open();
    await invite.accept();
    await expect(invite.button('invite-page.login.btn')).toBeVisible();
    // No delay before the login card comes.
    await expect(page.locator('.step-card--upcoming')).toHaveCSS('animation-delay', '0s');
    release();
    await invite.expectLoginPrompt(PASSING);
  });

  test('an anonymous invitee who accepted before sees the login card from the first paint', async ({
    page,
    baseURL,
  }) => {
    const code = await createInvite(baseURL!);
    const invite = new InviteFlow(page, await texts(page, 'en'));
    await invite.open(code);
    await invite.accept();
    await invite.expectLoginPrompt(PASSING);
    const sawAccept = await watchForButton(page, invite.t('invite-page.btn.accept'));
    await throttleLikeAPhone(page);
    const onPhone = new InviteFlow(page, invite.t, expectOnPhone);
    const release = await holdBackTheApp(page);
    await page.reload({ waitUntil: 'commit' });
    await expectOnPhone(onPhone.heading(invite.t('invite-page.login.title'))).toBeVisible(); // before the app runs
    release();
    await onPhone.expectLoginPrompt(PASSING);
    await expectOnPhone(page.locator('.card--dimmed')).toHaveCount(2);
    expect(sawAccept()).toBe(false);
  });

  test('a returning signed-in invitee who accepted before never sees the Accept/Decline card', async ({
    page,
    baseURL,
  }) => {
    const code = await createInvite(baseURL!);
    const invite = new InviteFlow(page, await texts(page, 'en'));
    await invite.open(code);
    await invite.accept();
    await invite.signInFromPrompt(ANNA.email);
    await invite.expectConfirm(ANNA.name, PASSING);

    const sawAccept = await watchForButton(page, invite.t('invite-page.btn.accept'));
    await throttleLikeAPhone(page);
    await page.reload();
    await new InviteFlow(page, invite.t, expectOnPhone).expectConfirm(ANNA.name, PASSING);
    expect(sawAccept()).toBe(false);
  });

  test('back from the identity service: no anonymous card on the way, and one document load after the form', async ({
    page,
    baseURL,
  }) => {
    const code = await createInvite(baseURL!);
    const invite = new InviteFlow(page, await texts(page, 'en'));
    await invite.open(code);
    await invite.accept();
    await invite.button('invite-page.login.btn').click();
    const ids = new IdentityLoginPage(page);
    await ids.waitUntilShown();

    const sawAccept = await watchForButton(page, invite.t('invite-page.btn.accept'));
    const documents = watchDocumentLoads(page);
    await throttleLikeAPhone(page);
    await ids.submit(ANNA.email);
    await new InviteFlow(page, invite.t, expectOnPhone).expectConfirm(ANNA.name, PASSING);
    await expectOnPhone(page).toHaveURL(new RegExp(`/my-account/invite/${code}$`)); // code and state gone
    expect(documents).toEqual(['POST', 'GET']); // the form, and its redirect back: no reload
    expect(sawAccept()).toBe(false);
  });
});

test('the decline page on a computer: the QR code joins the server’s page', onlyOn('desktop'), async ({ page }) => {
  await page.goto('/my-account/invite/DEMO-PENDING-1/decline');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invite declined');
  await expect(page.locator('.qr-hand-off canvas, .qr-hand-off svg, .qr-hand-off img').first()).toBeVisible();
});
