import type { Locator, Page } from '@playwright/test';
import { SLIDE_OUT_MS } from '../src/ui/use-slide-out.ts';
import { expect, expectNoAxeViolations, inEnglish, onlyOn, test, texts } from './fixtures.ts';
import { withBrowserRenderedPage } from './support/browser-rendered.ts';
import { InviteFlow } from './support/invite-page.ts';
import { createInvite, newInvitee } from './support/owner.ts';
import { IdentityLoginPage, signIn, stored } from './support/sign-in.ts';

const OWNER = 'Sofie de Vries';
const BIKE = 'Blue city bike';
// A step this test only passes through: the first journey below checks it with axe (support/invite-page.ts).
const PASSING = { axe: false };

const stopPageClock = async (page: Page) => page.clock.pauseAt(await page.evaluate(() => Date.now() + 10_000));

/**
 * Moves the page's clock (page.clock.install) on until `target` shows, so the app's back-off
 * timers (1 s, 2 s, 4 s: RETRY_POLICIES in src/http/bike-service.ts) fire as soon as each try has failed rather than after
 * seven seconds of real time. Each step waits for the page first: a timer is only set once the
 * try before it has failed.
 */
async function skipBackOff(page: Page, target: Locator): Promise<void> {
  await expect
    .poll(async () => {
      await page.clock.fastForward(2000);
      return target.isVisible();
    })
    .toBe(true);
}

/** Counts the page's requests to addresses matching `pattern`, from now on. */
function countRequests(page: Page, pattern: RegExp): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (pattern.test(request.url())) count++;
  });
  return () => count;
}

// Every journey on every device in English; each other language runs the main journey and every
// page on the phone in e2e/languages.spec.ts (decision 0024).
inEnglish((language) => {
  const flow = async (page: Parameters<typeof texts>[0]) => new InviteFlow(page, await texts(page, language));
  /** A fresh invite and a new invitee, who has accepted it and signed in: at Confirm. */
  const atConfirm = async (page: Parameters<typeof texts>[0], baseURL: string) => {
    const code = await createInvite(baseURL);
    const person = await newInvitee(baseURL);
    const invite = await flow(page);
    await invite.open(code);
    await invite.accept();
    await invite.signInFromPrompt(person.email);
    await invite.expectConfirm(person.name, PASSING);
    return { code, invite };
  };

  test('an anonymous invitee with an account accepts, signs in, confirms', async ({ page, baseURL }) => {
    const code = await createInvite(baseURL!);
    const person = await newInvitee(baseURL!);
    const invite = await flow(page);
    await invite.open(code);
    await invite.expectInvite(OWNER, BIKE);
    // The page is rendered on the server and works before the app runs; the app stores the code once
    // it has hydrated, and an Accept kept before then once it replays it (decision 0025).
    await expect.poll(() => stored(page, 'invite_code')).toBe(JSON.stringify(code));
    await invite.accept();
    await invite.expectLoginPrompt();
    await expect.poll(() => stored(page, 'is_accepted')).toBe('true');
    await invite.signInFromPrompt(person.email);
    await invite.expectConfirm(person.name);
    await expect(page).toHaveURL(new RegExp(`/my-account/invite/${code}$`));
    await invite.confirm();
    await invite.expectAccepted(code);
    expect(await stored(page, 'is_accepted')).toBeNull();
  });

  test('a new invitee registers on the way', async ({ page, baseURL }) => {
    const code = await createInvite(baseURL!);
    const invite = await flow(page);
    await invite.open(code);
    await invite.accept();
    await invite.button('invite-page.login.btn').click();
    await page.locator('a[href^="/ids/register"]').click();
    const email = `new-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    await page.locator('#display_name').fill('Noor Visser');
    await page.locator('#email').fill(email);
    await page.locator('#password').fill('a-long-password');
    await page.locator('form button[type="submit"]').first().click();
    await invite.expectConfirm('Noor Visser', PASSING);
    await invite.confirm();
    await invite.expectAccepted(code);
  });

  test('an invitee already signed in goes from accept straight to confirm', async ({ page, baseURL }) => {
    const code = await createInvite(baseURL!);
    const person = await newInvitee(baseURL!);
    const invite = await flow(page);
    await page.goto('/my-account/login');
    await signIn(page, new RegExp(`^${invite.t('login-page.btn.login')}$`), person.email);
    await invite.open(code);
    await invite.expectInvite(OWNER, BIKE);
    await invite.accept();
    await invite.expectConfirm(person.name, PASSING);
    await invite.confirm();
    await invite.expectAccepted(code);
  });

  test('decline, then come back to the invite', async ({ page }) => {
    const invite = await flow(page);
    await invite.open('DEMO-PENDING-1');
    await invite.button('invite-page.btn.decline').click();
    await expect(page).toHaveURL(/\/invite\/DEMO-PENDING-1\/decline$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(invite.t('invite-decline-page.title'));
    await expect(page.getByText(invite.t('invite-decline-page.content.text', { owner: OWNER }))).toBeVisible();
    await expect(page.locator('.card--dimmed')).toHaveCount(2);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: invite.t('invite-decline-page.btn.back') }).click();
    await expect(invite.heading(OWNER)).toBeVisible();
    await expect(invite.button('invite-page.btn.accept')).toBeVisible();
  });

  test('DEMO-ACCEPTED: the previously-accepted page', async ({ page }) => {
    const invite = await flow(page);
    await page.goto('/my-account/invite/DEMO-ACCEPTED');
    await invite.expectPreviouslyAccepted('DEMO-ACCEPTED');
    await expectNoAxeViolations(page);
  });

  // The service answers 410 with the invite's status; the invalid page says which, and what to do.
  for (const [code, reason] of [
    ['DEMO-EXPIRED', 'expired'],
    ['DEMO-REVOKED', 'revoked'],
  ] as const) {
    test(`${code}: the invalid page says the invite is ${reason}, also after a reload`, async ({
      page,
      pageErrors,
    }) => {
      pageErrors.allow(/^HTTP 410 GET /);
      const invite = await flow(page);
      await page.goto(`/my-account/invite/${code}`);
      await expect(page).toHaveURL(new RegExp(`/invite/${code}/invalid\\?reason=${reason}$`));
      const expectReason = async () => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          invite.t(`invite-invalid-page.${reason}.title`),
        );
        await expect(page.locator('main')).toHaveText(invite.t(`invite-invalid-page.${reason}.text`, { code }));
      };
      await expectReason();
      await expectNoAxeViolations(page);
      await page.reload();
      await expectReason();
    });
  }

  for (const [name, code] of [
    ['an unknown code', 'NO-SUCH-INVITE'],
    ['a code with <script> in it', '<script>alert(1)</script>'],
    ['a 10 kB code', 'A'.repeat(10_240)],
  ]) {
    test(`${name}: the invalid page, showing the code as text`, async ({ page, pageErrors }) => {
      pageErrors.allow(/^HTTP 404 GET .*\/api\/v1\/bike\/invite-code\/NO-SUCH-INVITE$/);
      const invite = await flow(page);
      const apiCalls: string[] = [];
      page.on('request', (request) => request.url().includes('/api/') && apiCalls.push(request.url()));
      await page.goto(`/my-account/invite/${encodeURIComponent(code!)}`);
      await expect(page).toHaveURL(/\/invalid\?reason=unknown$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(invite.t('invite-invalid-page.title'));
      await expect(page.locator('main')).toContainText(code!.slice(0, 200));
      await expect(page.locator('main script')).toHaveCount(0);
      if (code !== 'NO-SUCH-INVITE') expect(apiCalls).toEqual([]); // refused before any request
      await expectNoAxeViolations(page);
    });
  }

  test('the service down while loading, then back: a retry shows the invite', async ({ page, pageErrors }) => {
    pageErrors.allow(/^HTTP 503 GET /);
    const invite = await flow(page);
    // The bike service answers 503 for a while (four tries: the first and three back-off retries).
    await page.route('**/api/v1/bike/invite-code/*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: '{"title":"Service Unavailable","status":503}',
      }),
    );
    const tries = countRequests(page, /\/api\/v1\/bike\/invite-code\/DEMO-PENDING-2$/);
    // The app server could not read it either, so the browser renders the page and asks itself.
    await withBrowserRenderedPage(page, '/my-account/invite/DEMO-PENDING-2');
    await page.clock.install();
    await page.goto('/my-account/invite/DEMO-PENDING-2');
    await skipBackOff(page, page.getByText(invite.t('common.error.service')));
    expect(tries()).toBe(4);
    await expect(page).toHaveURL(/\/invite\/DEMO-PENDING-2$/); // not the invalid page
    await expectNoAxeViolations(page);
    await page.unroute('**/api/v1/bike/invite-code/*');
    await invite.button('common.retry').click();
    await expect(invite.heading(OWNER)).toBeVisible();
  });

  test('a login from the prompt that comes back without a session says so on the prompt', async ({ page }) => {
    const invite = await flow(page);
    await invite.open('DEMO-PENDING-5');
    await invite.accept();
    await invite.button('invite-page.login.btn').click();
    await new IdentityLoginPage(page).waitUntilShown();
    await page.locator('button[value="cancel"]').click();
    await expect(page).toHaveURL(/\/my-account\/invite\/DEMO-PENDING-5\?error=login\.failed$/);
    // A reload, not a new step: the alert is announced; the focus stays where a page load puts it.
    await expect(invite.heading(invite.t('invite-page.login.title'))).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(invite.t('login.failed'));
    await expectNoAxeViolations(page);
  });
  // What does not depend on the language (two browsers, a reload, retries, a double tap, motion).
  test('two browsers redeem the same invite: one accepted, one previously accepted', async ({ browser, baseURL }) => {
    // Each browser's own failures are checked here: the fixture watches only the default page.
    test.slow(); // two whole journeys, two browsers: its own budget (3 × the test time-out)
    const code = await createInvite(baseURL!);
    const people = await Promise.all([newInvitee(baseURL!), newInvitee(baseURL!)]);
    const contexts = await Promise.all([0, 1].map(() => browser.newContext({ locale: language, baseURL })));
    const pages = await Promise.all(contexts.map((context) => context.newPage()));
    const flows = await Promise.all(pages.map(flow));
    for (const [index, person] of people.entries()) {
      await flows[index]!.open(code);
      await flows[index]!.accept();
      await flows[index]!.signInFromPrompt(person.email);
      await flows[index]!.expectConfirm(person.name, PASSING);
    }
    await Promise.all(flows.map((f) => f.confirm()));
    await expect
      .poll(() => pages.map((p) => new URL(p.url()).pathname.split('/').pop()).toSorted())
      .toEqual(['accepted', 'previously-accepted']);
    await Promise.all(contexts.map((context) => context.close()));
  });

  test('a reload at any step resumes where the invitee was', async ({ page, baseURL }) => {
    const code = await createInvite(baseURL!);
    const person = await newInvitee(baseURL!);
    const invite = await flow(page);
    await invite.open(code);
    await invite.accept();
    await invite.expectLoginPrompt(PASSING);
    await page.reload();
    await expect(invite.heading(invite.t('invite-page.login.title'))).toBeVisible();
    await invite.signInFromPrompt(person.email);
    await invite.expectConfirm(person.name, PASSING);
    await page.reload();
    await expect(invite.heading(invite.t('invite-page.confirm.title'))).toBeVisible();
  });

  test("a reload while the redeem's answer is on its way: the accepted page, not 'already used'", async ({
    page,
    baseURL,
  }) => {
    const { code, invite } = await atConfirm(page, baseURL!);
    // The service redeems it; its answer never reaches the page, which the invitee reloads.
    let redeemed!: () => void;
    const used = new Promise<void>((resolve) => (redeemed = resolve));
    await page.route(
      '**/use',
      async (route) => {
        await route.fetch();
        redeemed();
      },
      { times: 1 },
    );
    await invite.confirm();
    await used;
    await page.reload();
    await invite.expectAccepted(code);
  });

  test('the service down while redeeming, then back: nothing lost, no wrong outcome page', async ({
    page,
    baseURL,
  }) => {
    const code = await createInvite(baseURL!);
    const person = await newInvitee(baseURL!);
    const invite = await flow(page);
    await page.clock.install(); // runs as usual until skipBackOff moves it on
    await invite.open(code);
    await invite.accept();
    await invite.signInFromPrompt(person.email);
    await invite.expectConfirm(person.name, PASSING);
    await page.route('**/use', (route) => route.abort('connectionrefused'));
    const tries = countRequests(page, /\/use$/);
    await invite.confirm();
    // While it tries again, the three-dot spinner, named for screen readers.
    const spinner = page.getByRole('status').filter({ has: page.locator('.spinner__dot') });
    await expect(spinner).toBeVisible();
    for (const dot of await spinner.locator('.spinner__dot').all()) await expect(dot).toBeVisible();
    await expect(spinner.locator('.spinner__dot')).toHaveCount(3);
    await skipBackOff(page, page.getByText(invite.t('common.error.network')));
    expect(tries()).toBe(4); // the first and three back-off retries
    await expect(page).toHaveURL(new RegExp(`/invite/${code}$`));
    expect(await stored(page, 'invite_code')).toBe(JSON.stringify(code));
    expect(await stored(page, 'is_accepted')).toBe('true');
    await expectNoAxeViolations(page);
    await page.unroute('**/use');
    await invite.button('common.retry').click();
    await invite.expectAccepted(code);
  });

  test('a double tap on confirm sends one redeem', async ({ page, baseURL }) => {
    const { code, invite } = await atConfirm(page, baseURL!);
    const redeems: string[] = [];
    page.on('request', (request) => request.url().endsWith('/use') && redeems.push(request.method()));
    const confirm = invite.button('invite-page.btn.confirm');
    // Two taps in the same moment, before the page can re-render (a double-click waiting for the
    // sliding card would depend on the machine's speed), and then Enter.
    await confirm.evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await page.keyboard.press('Enter');
    await invite.expectAccepted(code);
    expect(redeems).toEqual(['POST']);
  });

  // The page's clock is stopped once the invite shows, so the slide's timer fires only when the test
  // moves it on; without the reduced-motion shortcut in src/ui/use-slide-out.ts the first test fails.
  // The page is one the browser renders, so the app takes the tap: on a server-rendered page a tap
  // before the app runs slides the card by early.css on the real clock (server-rendering.spec.ts),
  // which on a slow machine is every tap here.
  test('with reduced motion nothing slides: the next step comes without the 500 ms wait', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await withBrowserRenderedPage(page, '/my-account/invite/DEMO-PENDING-4');
    await page.clock.install();
    const invite = await flow(page);
    await invite.open('DEMO-PENDING-4');
    await invite.expectInvite('Bram Jansen', 'Grey sport bike', PASSING);
    await stopPageClock(page);
    await invite.accept();
    await expect(page.locator('.step-card--leaving')).toHaveCount(0);
    // The clock still stands: no timer stood between the steps.
    await expect(invite.heading(invite.t('invite-page.login.title'))).toBeVisible();
    await expect(invite.heading(invite.t('invite-page.login.title'))).toBeFocused();
  });

  test('without reduced motion the card slides out for 500 ms, then the next step comes', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await withBrowserRenderedPage(page, '/my-account/invite/DEMO-PENDING-4');
    await page.clock.install();
    const invite = await flow(page);
    await invite.open('DEMO-PENDING-4');
    await invite.expectInvite('Bram Jansen', 'Grey sport bike', PASSING);
    await stopPageClock(page);
    await invite.accept();
    await expect(page.locator('.step-card--leaving')).toHaveCount(1);
    await page.clock.runFor(SLIDE_OUT_MS - 1);
    await expect(page.locator('.step-card--leaving')).toHaveCount(1);
    await expect(invite.heading(invite.t('invite-page.login.title'))).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(invite.heading(invite.t('invite-page.login.title'))).toBeVisible();
    await expect(invite.heading(invite.t('invite-page.login.title'))).toBeFocused();
  });
});

test(
  'moving from one accepted invite to another in the same tab starts the other afresh',
  onlyOn('desktop'),
  async ({ page }) => {
    const invite = new InviteFlow(page, await texts(page, 'en'));
    await invite.open('DEMO-PENDING-1');
    await invite.accept();
    await invite.expectLoginPrompt();
    // As Back or Forward would: the router follows the address without loading the page again.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/my-account/invite/DEMO-PENDING-2');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('Family cargo bike', { exact: true })).toBeVisible();
    await expect(invite.button('invite-page.btn.accept')).toBeVisible();
    await expect(invite.heading(invite.t('invite-page.login.title'))).toHaveCount(0);
    expect(await stored(page, 'invite_code')).toBe('"DEMO-PENDING-2"');
  },
);

// Mobile browsers' bars come and go: the page's height unit follows the window, not the CSS vh.
test('the page fills the window as it is resized', onlyOn('android'), async ({ page }) => {
  const vh = () => page.evaluate(() => document.documentElement.style.getPropertyValue('--vh'));
  await page.setViewportSize({ width: 360, height: 500 });
  await page.goto('/my-account/invite/DEMO-PENDING-1');
  await expect.poll(vh).toBe('5px');
  await page.setViewportSize({ width: 360, height: 700 });
  await expect.poll(vh).toBe('7px');
  expect((await page.locator('.app-root').boundingBox())?.height).toBeGreaterThanOrEqual(700);
});
