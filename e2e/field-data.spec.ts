import type { Browser, Page } from '@playwright/test';
import { PHONE } from '../playwright.config.ts';
import { startReferenceServer, type RunningServer } from '../scripts/reference-server.ts';
import { expect, onlyOn, test, texts } from './fixtures.ts';
import { InviteFlow } from './support/invite-page.ts';
import { createInvite, newInvitee } from './support/owner.ts';
import { PORTS } from './support/ports.ts';
import { startPrometheus, type RunningPrometheus } from './support/prometheus.ts';
import { IdentityLoginPage, signIn } from './support/sign-in.ts';

// Field data end to end (docs/field-data.md): real browsers send it to a demo of the test's own, a
// real Prometheus (Debian's) scrapes the app server every second, and PromQL says exactly what the
// journeys did. One test, on one project: it owns its servers' ports.

const OWNER_EMAIL = 'owner@example.com';
const CITY = 'Blue city bike';

let demo: RunningServer;
let prometheus: RunningPrometheus;

test.beforeAll(async () => {
  demo = await startReferenceServer(PORTS.field.app, ['--invite-timeout', '10000']);
  prometheus = await startPrometheus(PORTS.field.prometheus, `127.0.0.1:${PORTS.field.app}`);
});
test.afterAll(async () => {
  await prometheus?.stop();
  await demo?.stop();
});

/** Waits until the page has fetched its field code, which takes the events kept until then. */
async function fieldLoaded(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /start-field-/.test(e.name))))
    .toBe(true);
}

/** Leaves the page, which sends what it kept (pagehide). */
async function leave(page: Page): Promise<void> {
  await page.goto('about:blank');
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ ...PHONE, locale: 'en' });
  return { context, page: await context.newPage() };
}

test(
  'a real Prometheus counts exactly the journeys run, and has LCP and INP of the pages visited',
  onlyOn('android'),
  async ({ browser }) => {
    test.slow(); // three people, two sign-ins, and Prometheus
    const url = demo.url;

    // The owner, on a computer, signs in, creates an invite for the city bike and copies its link.
    const desk = await browser.newContext({ locale: 'en', viewport: { width: 1280, height: 800 } });
    await desk.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    const owner = await desk.newPage();
    const t = await texts(owner, 'en');
    await owner.goto(`${url}/my-account/login`);
    await fieldLoaded(owner); // or the page is left before its field code runs, and its vitals with it
    await signIn(owner, /^Log in$/, OWNER_EMAIL);
    await fieldLoaded(owner);
    await owner.getByRole('button', { name: t('owner-home.bike.invite-label', { bike: CITY }) }).click();
    const dialog = owner.getByRole('dialog', { name: t('owner-invite.title', { bike: CITY }) });
    await dialog.getByRole('button', { name: t('owner-invite.create') }).click();
    const link = await dialog.getByRole('textbox', { name: t('owner-invite.link') }).inputValue();
    await dialog.getByRole('button', { name: t('owner-invite.copy') }).click();
    await expect(dialog.getByRole('status').filter({ hasText: t('owner-invite.copied') })).toBeVisible();
    await leave(owner);

    // The invitee, on a phone, opens the link, accepts, signs in and confirms.
    const person = await newInvitee(url);
    const invitee = await phone(browser);
    const flow = new InviteFlow(invitee.page, t);
    const code = new URL(link).pathname.split('/').pop()!;
    await invitee.page.goto(link);
    await fieldLoaded(invitee.page);
    // Not on the page's way to being usable: requested once it had loaded.
    const [loaded, requested] = await invitee.page.evaluate(() => [
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      performance.getEntriesByType('resource').find((e) => /start-field-/.test(e.name))!.startTime,
    ]);
    expect(loaded).toBeGreaterThan(0);
    expect(requested).toBeGreaterThanOrEqual(loaded!);
    await flow.accept();
    await flow.button('invite-page.login.btn').click();
    const ids = new IdentityLoginPage(invitee.page);
    await ids.waitUntilShown();
    await ids.submit(person.email);
    await flow.expectConfirm(person.name, { axe: false });
    await fieldLoaded(invitee.page);
    await flow.confirm();
    await flow.expectAccepted(code);
    await leave(invitee.page);
    // The field code set no cookie: the only one a report could carry is the bike service's, which
    // the demo serves on the same origin for every path (docs/field-data.md).
    const carried = await invitee.context.cookies(`${url}/field-data`);
    expect(carried.map((cookie) => cookie.name)).toEqual(['XSRF-TOKEN']);

    // A browser with Global Privacy Control: no field code, nothing sent (the counts below say so).
    const privacy = await phone(browser);
    await privacy.page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    const fieldRequests: string[] = [];
    privacy.page.on('request', (request) => /start-field-/.test(request.url()) && fieldRequests.push(request.url()));
    await privacy.page.goto(link.replace(code, 'DEMO-EXPIRED'));
    await expect(privacy.page).toHaveURL(/\/invalid\?reason=expired$/);
    await privacy.page.waitForLoadState('load');
    await leave(privacy.page);
    expect(fieldRequests).toEqual([]);

    // Someone else declines an invite; a third opens an expired one.
    const declined = await createInvite(url);
    const decliner = await phone(browser);
    await decliner.page.goto(`${url}/my-account/invite/${declined}`);
    await fieldLoaded(decliner.page);
    await new InviteFlow(decliner.page, t).button('invite-page.btn.decline').click();
    await expect(decliner.page).toHaveURL(new RegExp(`/invite/${declined}/decline$`));
    await leave(decliner.page);
    await decliner.page.goto(`${url}/my-account/invite/DEMO-EXPIRED`);
    await expect(decliner.page).toHaveURL(/\/invite\/DEMO-EXPIRED\/invalid\?reason=expired$/);
    await fieldLoaded(decliner.page);
    await leave(decliner.page);

    // Exactly what was done, per event, in Prometheus.
    const funnel = () => prometheus.query('sum by (event) (app_field_events_total) > 0', 'event');
    await expect.poll(funnel).toEqual({
      invite_created: 1,
      shared_copy: 1,
      shared_qr: 1,
      invite_shown_server: 2,
      accept: 1,
      sign_in_started: 1,
      signed_in: 1,
      confirm: 1,
      redeemed: 1,
      decline: 1,
      failed_expired: 1,
    });
    // And still, a scrape later: nothing counted twice.
    await prometheus.scrapedAfterNow();
    expect(Object.values(await funnel()).reduce((a, b) => a + b)).toBe(12);

    // Vitals belong to the page a visit landed on: the invite page four times (the link, the return
    // from signing in, the declined one, the expired one, which the app then took to its invalid
    // page), the login page twice (the owner's, before and after signing in). INP where one clicked.
    const measured = (vital: string) =>
      prometheus.query(`sum by (page) (app_field_vital_seconds_count{vital="${vital}"}) > 0`, 'page');
    await expect.poll(() => measured('LCP')).toEqual({ invite: 4, login: 2 });
    expect(Object.keys(await measured('INP')).toSorted()).toEqual(['invite', 'login']);
    const p75 = await prometheus.query(
      'histogram_quantile(0.75, sum by (page, le) (app_field_vital_seconds_bucket{vital="LCP"}))',
      'page',
    );
    expect(p75['invite']).toBeGreaterThan(0);

    await Promise.all([desk.close(), invitee.context.close(), decliner.context.close(), privacy.context.close()]);
  },
);
