import { devices, type Page } from '@playwright/test';
import { alsoOnIphone, expect, expectNoAxeViolations, onlyOn, test, texts } from './fixtures.ts';
import { InviteFlow } from './support/invite-page.ts';
import { createInvite, newInvitee } from './support/owner.ts';
import { decodeQr, pixel, QR_CHUNK, QrHandOff } from './support/qr-code.ts';

// On a computer, the accepted, previously-accepted and decline pages show a QR code of the
// app-download page, so the invitee can carry on on their phone; a phone shows none and never
// loads the QR library. The code is read back from the screen's pixels with a QR decoder.

const appDownload = (baseURL: string | undefined) => `${baseURL}/my-account/app-download`;

/** The three pages, each reached the way an invitee reaches it. */
const PAGES = {
  /** A fresh invite, redeemed by a new invitee; the first redeem creates their bike-service account. */
  accepted: async (_page: Page, baseURL: string, invite: InviteFlow) => {
    const code = await createInvite(baseURL);
    const person = await newInvitee(baseURL);
    await invite.open(code);
    await invite.accept();
    await invite.signInFromPrompt(person.email);
    await invite.confirm();
    await invite.expectAccepted(code);
  },
  /** An invite someone has already accepted. */
  previouslyAccepted: async (page: Page, _baseURL: string, invite: InviteFlow) => {
    await page.goto('/my-account/invite/DEMO-ACCEPTED');
    await invite.expectPreviouslyAccepted('DEMO-ACCEPTED');
  },
  /** A fresh invite, declined. */
  decline: async (page: Page, baseURL: string, invite: InviteFlow) => {
    const code = await createInvite(baseURL);
    await invite.open(code);
    await invite.button('invite-page.btn.decline').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(invite.t('invite-decline-page.title'));
  },
};

async function storeLinks(page: Page): Promise<{ ios: string; android: string; fallback: string }> {
  const config = (await (await page.request.get('/assets/config.json')).json()) as {
    appLink: { ios: string; android: string; fallback: string };
  };
  return config.appLink;
}

// The QR code is for computers.
test.describe('on a computer', onlyOn('desktop'), () => {
  test.use({ locale: 'en' });

  for (const [name, reach] of Object.entries(PAGES)) {
    test(`${name} page: a QR code that reads as the app-download address`, async ({ page, baseURL }) => {
      const t = await texts(page, 'en');
      const chunks: string[] = [];
      page.on('request', (request) => QR_CHUNK.test(request.url()) && chunks.push(request.url()));

      await reach(page, baseURL!, new InviteFlow(page, t));
      const qr = new QrHandOff(page, t);
      await qr.expectShown(appDownload(baseURL));
      expect(chunks).toHaveLength(1); // loaded once, on this page; the invite page before it did not
      await expectNoAxeViolations(page);
    });
  }

  test('the invite page does not load the QR library', async ({ page }) => {
    const t = await texts(page, 'en');
    const chunks: string[] = [];
    page.on('request', (request) => QR_CHUNK.test(request.url()) && chunks.push(request.url()));
    await new InviteFlow(page, t).open('DEMO-PENDING-5');
    await expect(page.getByRole('button', { name: t('invite-page.btn.accept') })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);
  });

  test('the code stays dark on white in a dark colour scheme and in forced colours', async ({ page, baseURL }) => {
    const qr = new QrHandOff(page, await texts(page, 'en'));
    await page.emulateMedia({ colorScheme: 'dark', forcedColors: 'active' });
    await page.goto('/my-account/invite/DEMO-ACCEPTED/accepted');
    await expect(qr.code()).toBeVisible();
    const { width, side } = await qr.code().evaluate((svg) => ({
      width: svg.getBoundingClientRect().width,
      side: Number(svg.getAttribute('viewBox')!.split(' ')[2]),
    }));
    const module = width / side;
    expect(module).toBe(Math.round(module)); // whole pixels per module: sharp edges
    expect(await pixel(qr.code(), 1, 1)).toBe('#ffffff'); // the quiet zone
    expect(await pixel(qr.code(), 4 * module + 1, 4 * module + 1)).toBe('#000000'); // the finder pattern
    expect(await decodeQr(qr.code())).toBe(appDownload(baseURL));
  });

  test('a phone that scans the code lands in its own store', async ({ page, browser, baseURL }) => {
    const qr = new QrHandOff(page, await texts(page, 'en'));
    const links = await storeLinks(page);
    await page.goto('/my-account/invite/DEMO-ACCEPTED/accepted');
    await expect(qr.code()).toBeVisible();
    const scanned = await decodeQr(qr.code());
    expect(scanned).toBe(appDownload(baseURL));

    for (const [phone, store] of [
      ['Pixel 7', links.android],
      ['iPhone 14', links.ios],
    ] as const) {
      const context = await browser.newContext({ ...devices[phone] });
      const onPhone = await context.newPage();
      // The stores are outside this machine's network: answer for them so the arrival can be seen.
      await onPhone.route(/^https:\/\//, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>store</title>' }),
      );
      await onPhone.goto(scanned!);
      await expect(onPhone).toHaveURL(store);
      await context.close();
    }
  });

  test('the QR code is named and explained in the page language', async ({ page }) => {
    const t = await texts(page, 'en');
    await page.goto('/my-account/invite/DEMO-ACCEPTED/previously-accepted');
    const qr = new QrHandOff(page, t);
    await expect(qr.code()).toBeVisible();
    await expect(page.getByText(t('qr-hand-off.title'), { exact: true })).toBeVisible();
    await expect(page.getByText(t('qr-hand-off.text'), { exact: true })).toBeVisible();
  });
});

// Phones get a store button instead.
test.describe('on a phone', { tag: ['@not-desktop', alsoOnIphone.tag] }, () => {
  test.use({ locale: 'en' });

  for (const [name, reach] of Object.entries(PAGES)) {
    test(`${name} page: no QR code, and the QR library is never loaded`, async ({ page, baseURL }) => {
      const t = await texts(page, 'en');
      const chunks: string[] = [];
      page.on('request', (request) => QR_CHUNK.test(request.url()) && chunks.push(request.url()));

      await reach(page, baseURL!, new InviteFlow(page, t));
      // The store link renders with the device, as the code would: once it is there, the code is not.
      const storeLink =
        name === 'decline'
          ? page.getByRole('link', { name: t('invite-decline-page.app-link') })
          : page.locator('a.fab');
      await expect(storeLink).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(new QrHandOff(page, t).code()).toHaveCount(0);
      await expect(page.getByText(t('qr-hand-off.title'))).toHaveCount(0);
      expect(chunks).toEqual([]);
      await expectNoAxeViolations(page);
    });
  }
});
