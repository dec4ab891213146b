// Every language of the table on the phone (decision 0024), each at a brand that offers it: the
// invitee's main journey, signing in at the reference identity service in that language, and every
// page of the app and of the sign-in — its texts from the language's file, <html lang dir>, axe, and
// at 320 px wide nothing overflowing or cut off (a screenshot of each in the test's output folder); and the
// owner's side: the signed-in home page, the invite dialog with its link, and a confirm dialog.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { BASE_URL, PHONE, SUITE_LIMITS } from '../playwright.config.ts';
import { startReferenceServer, type RunningServer } from '../scripts/reference-server.ts';
import { languageOf, languageRow, SUPPORTED_LANGUAGES, type Language } from '../src/contract/languages.ts';
import { REGISTERS } from '../src/contract/registers.ts';
import { builtTexts, expect, expectNoAxeViolations, onlyOn, signInTexts, test as base, type Text } from './fixtures.ts';
import { brandOffering } from './support/brand-offers.ts';
import { routeConfig, withBrowserRenderedPage } from './support/browser-rendered.ts';
import { InviteFlow } from './support/invite-page.ts';
import { acceptInvite, createInvite, newInvitee, statusLineTexts } from './support/owner.ts';
import { expectFits } from './support/page-layout.ts';
import { addDays } from '../src/contract/access-until.ts';
import { dayText } from '../src/i18n/day-text.ts';
import { PORTS } from './support/ports.ts';
import { ANNA, IdentityLoginPage, signIn } from './support/sign-in.ts';

const OWNER = 'Sofie de Vries';
const BIKE = 'Blue city bike';
// The demo data (server/db/demo-data.ts): Sofie owns the city bike, which Anna rides; Bram owns the e-moped.
const OWNER_EMAIL = 'owner@example.com';
const BRAM = { email: 'bram@example.com', name: 'Bram Jansen', bikeId: 3, bike: 'Red e-moped' };

/** A language's other registers (src/contract/registers.ts): every brand speaks them on a server of their own. */
const OTHER_REGISTERS = Object.entries(REGISTERS).flatMap(([code, [, ...others]]) =>
  others.map((register) => ({ language: code as Language, register })),
);

const test = base.extend<
  { language: Language; register: string | undefined; service: string; t: Text },
  { registersServer: () => Promise<string> }
>({
  language: ['en', { option: true }],
  register: [undefined, { option: true }],
  // Started by the first test that asks for it: the demo with every brand in the other registers.
  registersServer: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, provide) => {
      const dir = mkdtempSync(join(tmpdir(), 'bike-invite-registers-'));
      let server: Promise<RunningServer> | undefined;
      const start = () => {
        const override = join(dir, 'override.json');
        const register = Object.fromEntries(OTHER_REGISTERS.map((set) => [set.language, set.register]));
        writeFileSync(override, JSON.stringify({ register }));
        return startReferenceServer(PORTS.registers, ['--config-override', override, ...SUITE_LIMITS]);
      };
      await provide(async () => (await (server ??= start())).url);
      if (server) await (await server).stop();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  // The services: the test server's, or in another register the server whose brands speak it.
  service: async ({ register, registersServer }, provide) => provide(register ? await registersServer() : BASE_URL),
  // The pages at a brand that offers the language; the services are asked on the server's own address.
  baseURL: async ({ language, service }, provide) => {
    const origin = await brandOffering(service, language);
    test.skip(!origin, `no demo brand offers ${language} (demo/app-config.ts)`);
    await provide(origin);
  },
  t: async ({ language, register }, provide) => provide(builtTexts(language, register)),
});

/** The page is in the language of `set` (`de`, `de-sie`), holds no axe violation, and fits a 320 px wide phone. */
async function expectPage(page: Page, set: string, testInfo: TestInfo, name: string): Promise<void> {
  const language = languageOf(set)!;
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', languageRow(language).dir);
  await expectNoAxeViolations(page);
  await expectFits(page, testInfo, `${set}-${name}`);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** A rider's last day two days ahead: within today and a year in any time zone. */
const LAST_DAY = addDays(new Date().toISOString().slice(0, 10), 2);

function sweep(language: Language, register?: string): void {
  const set = register ? `${language}-${register}` : language;
  test.describe(`in ${set}`, onlyOn('android'), () => {
    // The phone's own pixel density (the android project draws at 1): text lays out a little
    // differently at each, and whether it fits is this sweep's subject.
    test.use({
      language,
      register,
      locale: language,
      viewport: { width: 320, height: 640 },
      deviceScaleFactor: PHONE.deviceScaleFactor,
    });

    // English runs it on every device (e2e/invite.spec.ts).
    if (language !== 'en')
      test('the invitee’s journey: invite, sign-in at the identity service, confirm, accepted', async ({
        page,
        t,
        service,
      }, testInfo) => {
        test.slow(); // five pages, each checked with axe and photographed
        const code = await createInvite(service);
        const person = await newInvitee(service);
        const invite = new InviteFlow(page, t);
        const answer = await page.goto(`/my-account/invite/${code}`);
        expect(answer?.headers()['content-language']).toBe(language); // the server's first HTML is in it
        await expect(h1(page)).toHaveText(t('invite-page.title'));
        const sentence = t('invite-page.invite.text_bike', { owner: OWNER, bike: BIKE });
        await expect(page.locator('.invite-card p.card__text')).toHaveText(sentence); // and its heading, for screen readers
        await expectPage(page, set, testInfo, 'invite');
        await invite.accept();
        await invite.expectLoginPrompt();
        await expect(page.getByText(t('invite-page.login.text_bike'))).toBeVisible();
        await expectFits(page, testInfo, `${set}-invite-login`);

        await invite.button('invite-page.login.btn').click();
        const ids = new IdentityLoginPage(page);
        await ids.waitUntilShown();
        expect(new URL(page.url()).searchParams.get('ui_locales')).toBe(language);
        const s = signInTexts(language, register);
        await expect(h1(page)).toHaveText(s('login.title'));
        await expect(page.getByLabel(s('field.password'))).toBeVisible();
        await expectPage(page, set, testInfo, 'sign-in');
        await ids.submit(person.email);

        await invite.expectConfirm(person.name);
        await expect(page.getByText(t('invite-page.confirm.text_bike', { bike: BIKE }))).toBeVisible();
        await expectPage(page, set, testInfo, 'invite-confirm');
        await invite.confirm();
        await invite.expectAccepted(code);
        await expect(page.getByText(t('invite-accepted-page.content.text.mobile_bike'))).toBeVisible();
        await expectPage(page, set, testInfo, 'accepted');
      });

    test('every page of the app: its texts, lang, axe, and 320 px wide', async ({ page, t, pageErrors }, testInfo) => {
      test.slow(); // a dozen pages, each checked with axe and photographed
      pageErrors.allow(/^HTTP 4\d\d GET .*\/api\/v1\/bike\/invite-code\/(NO-SUCH-INVITE|DEMO-EXPIRED|DEMO-REVOKED)$/);
      const visit = async (path: string, name: string, title: string, text?: string) => {
        await page.goto(path);
        await expect(h1(page)).toHaveText(title);
        if (text) await expect(page.getByText(text).first()).toBeVisible();
        await expectPage(page, set, testInfo, name);
      };
      await visit('/my-account/login?error=login.failed', 'login-failed', t('login-page.title'), t('login.failed'));
      await visit('/my-account/invite/DEMO-PENDING-1/decline', 'decline', t('invite-decline-page.title'));
      await expect(page.getByText(t('invite-decline-page.content.text', { owner: OWNER }))).toBeVisible();
      const accepted = 'invite-accepted-page.content.text.mobile_bike';
      await visit(
        '/my-account/invite/DEMO-ACCEPTED/accepted',
        'accepted',
        t('invite-accepted-page.title'),
        t(accepted),
      );
      await visit(
        '/my-account/invite/DEMO-ACCEPTED/previously-accepted',
        'previously-accepted',
        t('invite-prev-accepted-page.title'),
        t('invite-prev-accepted-page.content.text.mobile_bike'),
      );
      const code = 'NO-SUCH-INVITE';
      await visit(`/my-account/invite/${code}`, 'invalid', t('invite-invalid-page.title'));
      await expect(page.locator('main')).toHaveText(t('invite-invalid-page.content.text', { code }));
      for (const [dead, reason] of [
        ['DEMO-EXPIRED', 'expired'],
        ['DEMO-REVOKED', 'revoked'],
        ['DEMO-USED', 'unusable'],
        ['DEMO-PENDING-1', 'own-invite'],
        ['DEMO-PENDING-5', 'already-rider'],
      ] as const) {
        const path =
          reason === 'expired' || reason === 'revoked'
            ? `/my-account/invite/${dead}`
            : `/my-account/invite/${dead}/invalid?reason=${reason}`;
        await visit(path, `invalid-${reason}`, t(`invite-invalid-page.${reason}.title`));
        const home = reason === 'own-invite' || reason === 'already-rider' ? t('invite-invalid-page.home-link') : '';
        await expect(page.locator('main')).toHaveText(t(`invite-invalid-page.${reason}.text`, { code: dead }) + home);
      }
      await visit('/my-account/no-such-page', 'not-found', t('not-found-page.title'), t('not-found-page.text'));
      // A blocked redirect keeps the page, with its link (a 204 answer cancels the navigation).
      await page.route(/^https:\/\//, (route) => route.fulfill({ status: 204 }));
      await visit(
        '/my-account/app-download',
        'app-download',
        t('app-download-page.title'),
        t('app-download-page.link'),
      );
    });

    test('the owner’s side: the home page, the invite dialog and its link, a confirm dialog', async ({
      page,
      context,
      baseURL,
      t,
      service,
    }, testInfo) => {
      test.slow(); // a sign-in and six screens, four checked with axe
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
      // Sofie rides Bram's e-moped too, so that every list of her home page has something in it.
      const sharing = createInvite(service, BRAM.bikeId, BRAM.email).then((code) =>
        acceptInvite(service, code, OWNER_EMAIL),
      );
      // And someone rides Sofie's city bike, so that its riders' list has a name in it.
      const rider = newInvitee(service).then(async (person) => {
        await acceptInvite(service, await createInvite(service), person.email);
        return person;
      });
      const said = await statusLineTexts(page);
      await page.goto('/my-account/login');
      await sharing;
      const { name: riderName } = await rider;
      await signIn(page, new RegExp(`^${t('login-page.btn.login')}$`), OWNER_EMAIL);
      await expect(h1(page)).toHaveText(t('login-page.title-signed-in'));
      const bike = page
        .locator('section.owner-bike')
        .filter({ has: page.getByRole('heading', { level: 3, name: BIKE }) });

      // A new invite: how long it stays valid, then its link, QR code and what the invitee will see.
      await bike.getByRole('button', { name: t('owner-home.bike.invite-label', { bike: BIKE }) }).click();
      const dialog = page.getByRole('dialog', { name: t('owner-invite.title', { bike: BIKE }) });
      await expect(dialog.getByRole('combobox', { name: t('owner-invite.validity') })).toBeFocused();
      await expectFits(page, testInfo, `${set}-owner-invite-form`);
      // Lent until a day: first none chosen, which the field says, then one.
      await dialog.getByRole('radio', { name: t('owner-access.until') }).check();
      await dialog.getByRole('button', { name: t('owner-invite.create') }).click();
      const lastDay = dialog.getByLabel(t('owner-access.date'));
      await expect(lastDay).toBeFocused();
      await expect(lastDay).toHaveAccessibleDescription(
        `${t('owner-access.date-hint')} ${t('owner-access.error.missing')}`,
      );
      await expectPage(page, set, testInfo, 'owner-invite-until-missing');
      await lastDay.fill(LAST_DAY);
      await expectPage(page, set, testInfo, 'owner-invite-until');
      await dialog.getByRole('button', { name: t('owner-invite.create') }).click();
      await expect(dialog.getByRole('heading', { name: t('owner-invite.ready') })).toBeFocused();
      // The sheet is taller than a phone: its way out is in view without scrolling.
      await expect(dialog.getByRole('button', { name: t('owner-invite.done') })).toBeInViewport();
      const link = await dialog.getByRole('textbox', { name: t('owner-invite.link') }).inputValue();
      const code = new URL(link).pathname.split('/').pop()!;
      await expect(dialog.getByRole('img', { name: t('owner-invite.qr.alt') })).toBeVisible();
      await expect(dialog.getByText(t('owner-invite.qr.text'))).toBeVisible();
      await expect(dialog.getByText(t('owner-invite.preview'))).toBeVisible();
      await expect(dialog.getByRole('img', { name: t('invite-page.bike-alt', { bike: BIKE }) })).toBeVisible();
      await dialog.getByRole('button', { name: t('owner-invite.copy') }).click();
      await expect(dialog.getByRole('status').filter({ hasText: t('owner-invite.copied') })).toBeVisible();
      await expectPage(page, set, testInfo, 'owner-invite');
      await dialog.getByRole('button', { name: t('owner-invite.done') }).click();
      await expect(dialog).toHaveCount(0);

      // The home page: the bike with its rider and the open invite just made, and the bike shared with her.
      await expect(bike.getByRole('heading', { level: 4, name: t('owner-home.riders.title') })).toBeVisible();
      await expect(bike.getByText(riderName, { exact: true })).toBeVisible();
      const withdraw = bike.getByRole('button', { name: t('owner-home.invites.withdraw-label', { code }) });
      await expect(withdraw).toHaveText(t('owner-home.invites.withdraw'));
      const shared = page.getByRole('region', { name: t('owner-home.shared.title') });
      await expect(shared.getByText(t('owner-home.shared.leave')).first()).toBeVisible();
      await expect(shared.getByRole('heading', { level: 3, name: BRAM.bike })).toBeVisible();
      await expectPage(page, set, testInfo, 'owner-home');

      // Withdrawn (which leaves the list as it was): its confirm dialog, then what the page says.
      await withdraw.click();
      const confirm = page.getByRole('dialog', { name: t('owner-confirm.withdraw.title') });
      await expect(confirm.getByRole('button', { name: t('owner-confirm.cancel') })).toBeFocused();
      await expect(confirm.getByText(t('owner-confirm.withdraw.text'))).toBeVisible();
      await expectPage(page, set, testInfo, 'owner-withdraw');
      await confirm.getByRole('button', { name: t('owner-confirm.withdraw.btn') }).click();
      await expect(confirm).toHaveCount(0);
      await expect.poll(said).toContain(t('owner-home.announce.withdrawn'));
      await expect(withdraw).toHaveCount(0);

      // The rider lent until a day, then their access ended: the dialog, and what the list says of each.
      const names = { name: riderName, bike: BIKE };
      const riderRow = bike.getByText(riderName, { exact: true }).locator('xpath=ancestor::li');
      await riderRow.getByRole('button', { name: t('owner-home.riders.access-label', names) }).click();
      const access = page.getByRole('dialog', { name: t('owner-access.title', names) });
      await access.getByRole('radio', { name: t('owner-access.until') }).check();
      await access.getByLabel(t('owner-access.date')).fill(LAST_DAY);
      await expectPage(page, set, testInfo, 'owner-access');
      await access.getByRole('button', { name: t('owner-access.save') }).click();
      await expect(access).toHaveCount(0);
      const day = dayText(LAST_DAY, languageOf(set)!, Date.now());
      await expect(riderRow).toContainText(t('owner-home.riders.until', { date: day }));
      await expectPage(page, set, testInfo, 'owner-rider-until');
      await riderRow.getByRole('button', { name: t('owner-home.riders.access-label', names) }).click();
      await access.getByRole('button', { name: t('owner-access.end-now') }).click();
      await expect(access).toHaveCount(0);
      await expect(riderRow.getByRole('button', { name: t('owner-home.riders.again-label', names) })).toHaveText(
        t('owner-home.riders.again'),
      );
      await expectPage(page, set, testInfo, 'owner-rider-ended');

      // Someone accepts an invite while its sheet is open: the sheet says so in the link's place, then the status line.
      const [shown, invitee] = await Promise.all([createInvite(service), newInvitee(service)]);
      await page.reload();
      await bike.getByRole('button', { name: t('owner-home.invites.share-label', { code: shown }) }).click();
      const sheet = page.getByRole('dialog', { name: t('owner-home.invites.share-label', { code: shown }) });
      await expect(sheet.getByRole('img', { name: t('owner-invite.qr.alt') })).toBeVisible();
      await acceptInvite(service, shown, invitee.email);
      const news = t('owner-home.announce.now-rides', { name: invitee.name, bike: BIKE });
      await expect(sheet.getByRole('status').filter({ hasText: news })).toContainText(t('owner-invite.accepted-text'));
      await expectPage(page, set, testInfo, 'owner-invite-accepted');
      await sheet.getByRole('button', { name: t('owner-invite.done') }).click();
      await expect.poll(said).toContainEqual(expect.stringContaining(news));
      await expect(page.getByRole('status').filter({ hasText: /\S/ })).toBeInViewport();
      await expectFits(page, testInfo, `${set}-owner-now-rides`);
    });

    test('the error pages: the service unreachable, the config broken', async ({ page, t, pageErrors }, testInfo) => {
      pageErrors.allow(/^HTTP (503 GET .*\/api\/v1\/bike\/invite-code\/|404 GET .*\/assets\/config\.json\?t=\d+$)/);
      // The service answers 503 to the page and to its retries: the page says so and offers a retry.
      await page.route('**/api/v1/bike/invite-code/*', (route) =>
        route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status":503}' }),
      );
      await withBrowserRenderedPage(page, '/my-account/invite/DEMO-PENDING-2');
      await page.clock.install();
      await page.goto('/my-account/invite/DEMO-PENDING-2');
      const unreachable = page.getByText(t('common.error.service'));
      // The page's clock moved over the back-off (1 s, 2 s, 4 s) once each try has failed.
      const skipped = async () => {
        await page.clock.fastForward(2000);
        return unreachable.isVisible();
      };
      await expect.poll(skipped, { timeout: 15_000 }).toBe(true);
      await expect(page.getByRole('button', { name: t('common.retry') })).toBeVisible();
      await expectPage(page, set, testInfo, 'service-unreachable');

      const broken = await page.context().newPage();
      await routeConfig(broken, (route) => route.fulfill({ status: 404, body: 'Not found' }));
      await broken.goto('/my-account/invite/DEMO-PENDING-1');
      // Without its config, no brand's register is known: the page speaks its language's file.
      const unconfigured = register ? builtTexts(language) : t;
      await expect(h1(broken)).toHaveText(unconfigured('config-error.title'));
      await expect(broken.getByText(unconfigured('config-error.text'))).toBeVisible();
      await expectPage(broken, set, testInfo, 'config-error');
    });

    test('the sign-in pages: login, a wrong password, registration and its errors, a bad link', async ({
      page,
      t,
      pageErrors,
    }, testInfo) => {
      pageErrors.allow(/^HTTP 400 GET .*\/ids\/login$/);
      const s = signInTexts(language, register);
      await page.goto('/my-account/login');
      await page.getByRole('button', { name: t('login-page.btn.login'), exact: true }).click();
      const ids = new IdentityLoginPage(page);
      await ids.waitUntilShown();
      await expect(h1(page)).toHaveText(s('login.title'));
      await ids.submit(ANNA.email, 'not-her-password');
      await expect(page.getByRole('alert')).toHaveText(s('error.wrong-credentials'));
      await expectPage(page, set, testInfo, 'sign-in-wrong-password');

      await page.getByRole('link', { name: s('login.register-link') }).click();
      await expect(h1(page)).toHaveText(s('register.title'));
      await expect(page.getByText(s('field.password-hint', { count: 8 }))).toBeVisible();
      await expectPage(page, set, testInfo, 'register');
      // What the browser lets through but the service refuses: a blank name, a short password.
      await page.locator('#display_name').fill(' ');
      await page.locator('#email').fill(`new-${language}@example.com`);
      await page.locator('#password').fill('short');
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('#display_name-error')).toHaveText(s('error.name-required'));
      await expect(page.locator('#password-error')).toHaveText(s('error.password-too-short', { count: 8 }));
      await expectPage(page, set, testInfo, 'register-errors');

      await page.goto('/ids/login');
      await expect(h1(page)).toHaveText(s('bad-request.title'));
      await expectPage(page, set, testInfo, 'sign-in-bad-link');
    });
  });
}

for (const language of SUPPORTED_LANGUAGES) sweep(language);

// One server for them all, so their tests share one worker.
test.describe('in a brand’s register', () => {
  test.describe.configure({ mode: 'serial' });
  for (const { language, register } of OTHER_REGISTERS) sweep(language, register);
});
