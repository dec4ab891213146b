import type { Page } from '@playwright/test';
import { PHONE } from '../playwright.config.ts';
import { expect, expectNoAxeViolations, onlyOn, test, texts, type Text } from './fixtures.ts';
import { InviteFlow } from './support/invite-page.ts';
import { acceptInvite, createInvite, newInvitee, NO_ACCOUNT_YET, statusLineTexts } from './support/owner.ts';
import { signIn } from './support/sign-in.ts';
import { dateIn, endOfDay } from '../src/contract/access-until.ts';
import { dayText } from '../src/i18n/day-text.ts';
import type { SignedInPart } from '../src/contract/signed-in-part.ts';

// The owner's side as two people use it (docs/behaviour/owner-side.md): the owner on a computer,
// the invitee on a phone, each in a browser of their own. One journey, on the desktop project only
// (docs/decisions/0024-test-budget.md); the states and failures are the component tests'.

const OWNER = { email: 'owner@example.com', name: 'Sofie de Vries' };
const CITY = 'Blue city bike';
const CARGO = 'Family cargo bike';
const NOTE = 'Mila (neighbour)'; // who the owner invites, in words only the owner sees

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where the owner is: a zone in which it is now between 22:00 and 23:00, so the day they lend the
 * bike until ends within two hours, and the test clock moves the shared demo's bike service little.
 */
function lateEveningZone(now = Date.now()): string {
  let offset = 22 - new Date(now).getUTCHours();
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
const OWNER_ZONE = lateEveningZone();
/** "Saturday, November 28": the day as the English list says it (docs/decisions/0045-lend-until.md). */
const dayInEnglish = (date: string) => dayText(date, 'en', Date.now());

/** Console errors, uncaught exceptions and HTTP errors of a page the fixture does not watch. */
function watch(page: Page, allowed: RegExp[]): () => string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(`console.error: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      errors.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return () => errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
}

/** The owner's home page: their bikes, each bike's card by its name. */
class OwnerHome {
  readonly page: Page;
  readonly t: Text;
  readonly statusTexts: () => Promise<string[]>;

  private constructor(page: Page, t: Text, statusTexts: () => Promise<string[]>) {
    this.page = page;
    this.t = t;
    this.statusTexts = statusTexts;
  }

  /** Before the page is opened: what its status line says is recorded from the start. */
  static async on(page: Page, t: Text): Promise<OwnerHome> {
    return new OwnerHome(page, t, await statusLineTexts(page));
  }

  /** The riders' list of a bike (its history names riders too). */
  riders(name: string) {
    return this.bike(name).locator('.owner-list').first();
  }

  bike(name: string) {
    return this.page.locator('section.owner-bike').filter({ has: this.page.getByRole('heading', { level: 3, name }) });
  }

  dialog(name: string) {
    return this.page.getByRole('dialog', { name });
  }

  /** Opens the invite dialog of a bike and chooses `days`, who it is for and the rider's last day; returns the dialog. */
  async openInviteDialog(bike: string, days: number, note = '', until = '') {
    await this.page.getByRole('button', { name: this.t('owner-home.bike.invite-label', { bike }) }).click();
    const dialog = this.dialog(this.t('owner-invite.title', { bike }));
    await expect(dialog.getByRole('combobox')).toBeFocused();
    await dialog.getByRole('combobox').selectOption(String(days));
    await dialog.getByRole('textbox', { name: this.t('owner-invite.note') }).fill(note);
    if (until) {
      await dialog.getByRole('radio', { name: this.t('owner-access.until') }).check();
      await dialog.getByLabel(this.t('owner-access.date')).fill(until);
    }
    return dialog;
  }

  /** Opens the invite dialog of a bike and creates an invite valid for `days`; returns the dialog. */
  async createInvite(bike: string, days: number, note = '', until = '') {
    const dialog = await this.openInviteDialog(bike, days, note, until);
    await dialog.getByRole('button', { name: this.t('owner-invite.create') }).click();
    await expect(dialog.getByRole('heading', { name: this.t('owner-invite.ready') })).toBeFocused();
    return dialog;
  }

  /** Confirms the dialog `title` with `button`, and waits for it to close. */
  async confirm(title: string, button: string) {
    const dialog = this.dialog(title);
    await expect(dialog.getByRole('button', { name: this.t('owner-confirm.cancel') })).toBeFocused();
    await expectNoAxeViolations(this.page);
    await dialog.getByRole('button', { name: button }).click();
    await expect(dialog).toHaveCount(0);
  }

  /** The news is shown on the screen, in the page's one status line, wide enough to read, not only said. */
  async shows(news: string) {
    // Other tests' invitees accept the same owner's invites: by now the line may tell of a later one.
    await expect.poll(this.statusTexts).toContainEqual(expect.stringContaining(news));
    const line = this.page.locator('.owner-status').getByRole('status');
    await expect(line).toHaveCount(1);
    await expect(line).toBeInViewport();
    expect((await line.boundingBox())?.width).toBeGreaterThan(150);
  }
}

test.use({ locale: 'en', timezoneId: OWNER_ZONE });

test(
  'an owner invites someone from a computer; they accept on a phone; the owner sees, removes them and withdraws another invite; a rider leaves',
  onlyOn('desktop'),
  async ({ page, browser, baseURL, pageErrors, context }) => {
    test.slow(); // two people, three sign-ins
    pageErrors.allow(/^HTTP 401 GET .*\/ids\/user$/); // none expected; the session spec holds refreshes
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    const t = await texts(page, 'en');
    const owner = await OwnerHome.on(page, t);

    // The owner signs in on the computer and invites someone to the city bike.
    await page.goto('/my-account/login');
    await signIn(page, /^Log in$/, OWNER.email);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('login-page.title-signed-in'));
    await expect(owner.bike(CITY)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true })); // gone if the page were reloaded
    // Lent until today, where the owner is: the day ends within two hours (OWNER_ZONE).
    const lastDay = dateIn(OWNER_ZONE, Date.now());
    const dialog = await owner.createInvite(CITY, 3, NOTE, lastDay);
    await expect(dialog.getByText(t('owner-invite.created'))).toBeAttached();
    const link = await dialog.getByRole('textbox', { name: t('owner-invite.link') }).inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL}/my-account/invite/[A-Z0-9-]+$`));
    await expect(dialog.getByRole('img', { name: t('owner-invite.qr.alt') })).toBeVisible();
    await expect(dialog.getByRole('img', { name: `Photo of ${CITY}` })).toBeVisible(); // the preview's bike card
    await dialog.getByRole('button', { name: t('owner-invite.copy') }).click();
    await expect(dialog.getByRole('status').filter({ hasText: t('owner-invite.copied') })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expectNoAxeViolations(page);

    // The invitee, on a phone of their own, with the owner's sheet still open beside them, opens the link, accepts, registers and confirms.
    const phone = await browser.newContext({ ...PHONE, locale: 'en' });
    const invitee = await phone.newPage();
    const inviteeErrors = watch(invitee, [
      NO_ACCOUNT_YET,
      /^HTTP 410 GET /,
      /^HTTP 409 POST .*\/use$/, // already-rider, below
    ]);
    const rider = `Mila ${Math.random().toString(36).slice(2, 8)}`;
    const flow = new InviteFlow(invitee, t);
    const code = new URL(link).pathname.split('/').pop()!;
    await invitee.goto(link);
    await expect(flow.heading(OWNER.name)).toBeVisible();
    // Told before accepting until when they may ride.
    await expect(invitee.locator('.invite-card')).toContainText(
      t('invite-page.invite.until', { date: dayText(lastDay, 'en') }), // with its year: rendered on the server too
    );
    await expect(invitee.locator('body')).not.toContainText('neighbour');
    await flow.accept();
    await flow.button('invite-page.login.btn').click();
    await invitee.locator('a[href^="/ids/register"]').click();
    await invitee.locator('#display_name').fill(rider);
    await invitee.locator('#email').fill(`${rider.replace(' ', '-').toLowerCase()}@example.com`);
    await invitee.locator('#password').fill('a-long-password');
    await invitee.locator('form button[type="submit"]').first().click();
    await flow.expectConfirm(rider);
    await flow.confirm();
    await flow.expectAccepted(code);

    // The owner's open page shows her at once: no reload, no refresh, no return to the window.
    const news = t('owner-home.announce.now-rides', { name: rider, bike: CITY });
    await expect(dialog.getByRole('status').filter({ hasText: news })).toContainText(t('owner-invite.accepted-text'));
    await expect(dialog.getByRole('textbox', { name: t('owner-invite.link') })).toHaveCount(0); // a spent link
    const remove = page.getByRole('button', { name: t('owner-home.riders.remove-label', { name: rider, bike: CITY }) });
    await expect(remove).toBeAttached();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: t('owner-invite.done') }).click();
    await expect(dialog).toHaveCount(0);
    await owner.shows(news);
    await expect(remove).toBeVisible();

    // A second invite to the same bike, opened by its rider: they are told so, and it stays open.
    const spare = await createInvite(baseURL!, 1);
    await flow.open(spare);
    await flow.accept();
    await flow.confirm();
    await expect(invitee.getByRole('heading', { level: 1 })).toHaveText(t('invite-invalid-page.already-rider.title'));
    await expect(invitee.locator('main')).toHaveText(
      t('invite-invalid-page.already-rider.text', { code: spare }) + t('invite-invalid-page.home-link'),
    );
    await expectNoAxeViolations(invitee);
    // Its link leads to where the text says the bike is.
    await invitee.getByRole('link', { name: t('invite-invalid-page.home-link') }).click();
    await expect(
      invitee.getByRole('region', { name: t('owner-home.shared.title') }).getByRole('heading', { level: 3 }),
    ).toHaveText([CITY]);

    // Shared a second bike, the rider stops riding it from their home page.
    const cargoCode = await createInvite(baseURL!, 2);
    await flow.open(cargoCode);
    await flow.accept();
    await flow.confirm();
    await flow.expectAccepted(cargoCode);
    await invitee.goto('/my-account/');
    const shared = invitee.getByRole('region', { name: t('owner-home.shared.title') });
    await expect(shared.getByRole('heading', { level: 3 })).toHaveText([CITY, CARGO]);
    await invitee.getByRole('button', { name: t('owner-home.shared.leave-label', { bike: CARGO }) }).click();
    await (
      await OwnerHome.on(invitee, t)
    ).confirm(t('owner-confirm.leave.title', { bike: CARGO }), t('owner-confirm.leave.btn'));
    await expect(shared.getByRole('heading', { level: 3 })).toHaveText([CITY]);

    // The owner, without reloading, refreshes: the new rider on the city bike, none on the cargo bike.
    await page.getByRole('button', { name: t('owner-home.bikes.refresh-label') }).click();
    await expect(remove).toBeVisible();
    await expect(owner.riders(CARGO).getByText(rider)).toHaveCount(0);
    await owner.shows(t('owner-home.bikes.refreshed'));
    // The invite made "for Mila" stays in the history, named by who accepted it, and beside her as a rider.
    await expect(remove.locator('xpath=ancestor::li')).toContainText(t('owner-home.riders.invited-as', { note: NOTE }));
    const history = owner.bike(CITY).locator('.owner-ended');
    await history.locator('summary').click();
    const accepted = history.locator('li').filter({ hasText: code });
    const [lead, tail] = t('owner-home.invites.accepted', { name: rider, date: '\u0000' }).split('\u0000');
    await expect(accepted).toContainText(t('owner-home.invites.for', { note: NOTE }));
    await expect(accepted).toContainText(new RegExp(`${escape(lead!)}\\w.*\\d${escape(tail!)}`));
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    const withdrawSpare = page.getByRole('button', { name: t('owner-home.invites.withdraw-label', { code: spare }) });
    await expect(withdrawSpare).toBeVisible(); // the rider's try left it open

    // Lent until today: the list says until when; once the test clock passes the day's end where the
    // owner is, the bike leaves the rider's list, and the owner's says their access ended.
    const riderRow = remove.locator('xpath=ancestor::li');
    await expect(riderRow).toContainText(t('owner-home.riders.until', { date: dayInEnglish(lastDay) }));
    const seconds = Math.ceil((endOfDay(lastDay, OWNER_ZONE) - Date.now()) / 1000) + 60;
    expect((await page.request.post('/test-clock', { data: { advance_seconds: seconds } })).status()).toBe(200);
    // Read on the reload with the page's signed-in part (decision 0056).
    const partRead = invitee.waitForResponse((response) => response.url().includes('/signed-in-part?'));
    await invitee.reload();
    expect(((await (await partRead).json()) as SignedInPart).reads['/api/v1/bike/shared']).toEqual([]);
    await expect(invitee.locator('#signed-in-part')).toHaveCount(0); // the app's own page, not its twin
    await expect(invitee.getByText(t('owner-home.bikes.empty'))).toBeVisible();
    await expect(shared).toHaveCount(0);
    await page.getByRole('button', { name: t('owner-home.bikes.refresh-label') }).click();
    await expect(riderRow).toContainText(t('owner-home.riders.ended', { date: dayInEnglish(lastDay) }));
    await expect(
      riderRow.getByRole('button', { name: t('owner-home.riders.again-label', { name: rider, bike: CITY }) }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // A create whose answer is lost: Create again gives the invite the first made, not a second one.
    // (Judged by the code, not by counting the bike's invites: other tests make invites for it meanwhile.)
    let made = '';
    await page.route(
      '**/api/v1/bike/1/invite-code',
      async (route) => {
        made = ((await (await route.fetch()).json()) as { code: string }).code; // the service makes the invite
        await route.abort('connectionreset'); // the answer never arrives
      },
      { times: 1 },
    );
    const retried = await owner.openInviteDialog(CITY, 5);
    await retried.getByRole('button', { name: t('owner-invite.create') }).click();
    await expect(retried.getByRole('alert')).toHaveText(t('owner-invite.failed'));
    await retried.getByRole('button', { name: t('owner-invite.create') }).click();
    await expect(retried.getByRole('heading', { name: t('owner-invite.ready') })).toBeFocused();
    const shown = await retried.getByRole('textbox', { name: t('owner-invite.link') }).inputValue();
    expect(new URL(shown).pathname.split('/').pop()).toBe(made);
    await retried.getByRole('button', { name: t('owner-invite.done') }).click();
    await expect(
      owner.bike(CITY).getByRole('button', { name: t('owner-home.invites.withdraw-label', { code: made }) }),
    ).toHaveCount(1);

    // The owner removes them.
    await remove.click();
    await owner.confirm(t('owner-confirm.remove.title', { name: rider }), t('owner-confirm.remove.btn'));
    await expect(owner.riders(CITY).getByText(rider)).toHaveCount(0);
    await expect(accepted).toContainText(lead!); // removed, and still the one who accepted it
    await owner.shows(t('owner-home.announce.removed', { name: rider, bike: CITY }));
    await expect(owner.bike(CITY).getByRole('heading', { level: 4, name: t('owner-home.riders.title') })).toBeFocused();

    // A second invite, withdrawn: the invitee then gets the withdrawn page.
    const second = await owner.createInvite(CITY, 7);
    const secondLink = await second.getByRole('textbox', { name: t('owner-invite.link') }).inputValue();
    const secondCode = new URL(secondLink).pathname.split('/').pop()!;
    await second.getByRole('button', { name: t('owner-invite.done') }).click();
    await page.getByRole('button', { name: t('owner-home.invites.withdraw-label', { code: secondCode }) }).click();
    await owner.confirm(t('owner-confirm.withdraw.title'), t('owner-confirm.withdraw.btn'));
    await owner.shows(t('owner-home.announce.withdrawn'));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('owner-home.status.close') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('owner-home.announce.withdrawn') })).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: t('owner-home.invites.withdraw-label', { code: secondCode }) }),
    ).toHaveCount(0);
    await invitee.goto(secondLink);
    await expect(invitee.getByRole('heading', { level: 1 })).toHaveText(t('invite-invalid-page.revoked.title'));
    await expect(invitee.locator('main')).toHaveText(t('invite-invalid-page.revoked.text', { code: secondCode }));

    // The owner opens their own open invite: told it is theirs to send, and it stays open.
    pageErrors.allow(/^HTTP 403 POST .*\/use$/);
    const ownFlow = new InviteFlow(page, t);
    await ownFlow.open(spare);
    await ownFlow.accept();
    await ownFlow.confirm();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('invite-invalid-page.own-invite.title'));
    await expect(page.locator('main')).toHaveText(
      t('invite-invalid-page.own-invite.text', { code: spare }) + t('invite-invalid-page.home-link'),
    );
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: t('invite-invalid-page.home-link') }).click();
    await expect(withdrawSpare).toBeVisible();

    expect(inviteeErrors()).toEqual([]);
    await phone.close();
  },
);

test(
  'a bike service without the live channel: the open share sheet asks it, and shows who accepted',
  onlyOn('desktop'),
  async ({ page, baseURL, pageErrors }) => {
    pageErrors.allow(/^HTTP 404 GET .*\/api\/v1\/bike\/events$/);
    const t = await texts(page, 'en');
    const owner = await OwnerHome.on(page, t);
    // A standard deployment's service, with the spec's calls and the owner's, but no events.
    await page.route('**/api/v1/bike/events', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such route.' }),
      }),
    );
    const [code, invitee] = await Promise.all([createInvite(baseURL!, 1), newInvitee(baseURL!)]);
    await page.goto('/my-account/login');
    await signIn(page, /^Log in$/, OWNER.email);
    const title = t('owner-home.invites.share-label', { code });
    await page.getByRole('button', { name: title }).click();
    const dialog = owner.dialog(title);
    await expect(dialog.getByRole('img', { name: t('owner-invite.qr.alt') })).toBeVisible();
    await acceptInvite(baseURL!, code, invitee.email);
    const news = t('owner-home.announce.now-rides', { name: invitee.name, bike: CITY });
    await expect(dialog.getByRole('status').filter({ hasText: news })).toBeVisible();
    await dialog.getByRole('button', { name: t('owner-invite.done') }).click();
    await owner.shows(news);
  },
);

test(
  'offline, an owner is told at once and loses nothing: Create, Withdraw and Refresh answer, Cancel closes',
  onlyOn('desktop'),
  async ({ page, context, baseURL, pageErrors }) => {
    pageErrors.allow(/ERR_INTERNET_DISCONNECTED/);
    const t = await texts(page, 'en');
    const owner = await OwnerHome.on(page, t);
    const code = await createInvite(baseURL!, 1);
    await page.goto('/my-account/login');
    await signIn(page, /^Log in$/, OWNER.email);
    await expect(owner.bike(CITY)).toBeVisible();

    await context.setOffline(true);
    const dialog = await owner.openInviteDialog(CITY, 7, NOTE);
    await dialog.getByRole('button', { name: t('owner-invite.create') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(t('owner-invite.failed'));
    await expect(dialog.getByRole('textbox', { name: t('owner-invite.note') })).toHaveValue(NOTE);
    await dialog.getByRole('button', { name: t('owner-confirm.cancel') }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: t('owner-home.invites.withdraw-label', { code }) }).click();
    const withdraw = owner.dialog(t('owner-confirm.withdraw.title'));
    await withdraw.getByRole('button', { name: t('owner-confirm.withdraw.btn') }).click();
    await expect(withdraw.getByRole('alert')).toBeVisible();
    await withdraw.getByRole('button', { name: t('owner-confirm.cancel') }).click();
    await expect(withdraw).toHaveCount(0);

    await page.getByRole('button', { name: t('owner-home.bikes.refresh-label') }).click();
    await expect(page.getByText(t('owner-home.bikes.stale'))).toBeVisible();

    // Back online, nothing was sent meanwhile: the invite is still open.
    await context.setOffline(false);
    await page.getByRole('button', { name: t('owner-home.bikes.refresh-label') }).click();
    await expect(page.getByRole('button', { name: t('owner-home.invites.withdraw-label', { code }) })).toBeVisible();
    await expect(page.getByText(t('owner-home.bikes.stale'))).toHaveCount(0);
  },
);
