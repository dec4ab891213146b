import type { Page, TestInfo } from '@playwright/test';
import { SAMPLE_USER_AGENTS } from '../src/device/sample-user-agents.ts';
import { alsoOnIphone, expect, expectNoAxeViolations, inEnglish, onlyOn, test, texts } from './fixtures.ts';
import { stored } from './support/sign-in.ts';

const TITLES = {
  accepted: 'Invite accepted',
  previouslyAccepted: 'Invite already used',
  invalid: 'Invite not found',
  notFound: 'Page not found',
};

async function appLink(page: Page): Promise<{ ios: string; android: string; fallback: string }> {
  const config = (await (await page.request.get('/assets/config.json')).json()) as {
    appLink: { ios: string; android: string; fallback: string };
  };
  return config.appLink;
}

const platformOf = (info: TestInfo) =>
  info.project.name === 'android' ? 'android' : info.project.name === 'iphone' ? 'ios' : null;

const OUTCOMES = [
  { page: 'accepted', keys: 'invite-accepted-page', path: '/my-account/invite/DEMO-ACCEPTED/accepted' },
  {
    page: 'previouslyAccepted',
    keys: 'invite-prev-accepted-page',
    path: '/my-account/invite/DEMO-ACCEPTED/previously-accepted',
  },
] as const;

inEnglish((language) => {
  for (const outcome of OUTCOMES) {
    test(`${outcome.page} page: title, text and store links for this device`, alsoOnIphone, async ({ page }, info) => {
      const t = await texts(page, language);
      const links = await appLink(page);
      await page.goto(outcome.path);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES[outcome.page]);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(t(`${outcome.keys}.content.title`));

      const platform = platformOf(info);
      const text = t(`${outcome.keys}.content.text.${platform ? 'mobile' : 'non-mobile'}_bike`);
      await expect(page.getByText(text)).toBeVisible();

      const graphic = page.locator('img.graphic');
      await expect(graphic).toHaveAttribute('src', '/assets/img/sparta_invite_graphic.png');
      await expect
        .poll(() => graphic.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);

      if (platform) {
        const fab = page.getByRole('link', { name: t(`${outcome.keys}.btn.right`) });
        await expect(fab).toHaveAttribute('href', links[platform]);
        await expect(fab).toHaveCSS('position', 'fixed');
        await expect(page.getByRole('link', { name: t('store.google-play') })).toHaveCount(0);
      } else {
        await expect(page.getByRole('link', { name: t('store.google-play') })).toHaveAttribute('href', links.android);
        await expect(page.getByRole('link', { name: t('store.app-store') })).toHaveAttribute('href', links.ios);
        await expect(page.getByRole('link', { name: t(`${outcome.keys}.btn.right`) })).toHaveCount(0);
      }
      await expectNoAxeViolations(page);
    });
  }

  test('invalid page shows the code as text', async ({ page }) => {
    const code = '<b>not-bold</b>';
    await page.goto(`/my-account/invite/${encodeURIComponent(code)}/invalid`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES.invalid);
    await expect(page.getByText(code, { exact: false })).toBeVisible();
    await expect(page.locator('main b')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('an unknown address shows the translated not-found page with a link home', async ({ page }) => {
    const t = await texts(page, language);
    await page.goto('/my-account/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES.notFound);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: t('not-found-page.link') }).click();
    await expect(page).toHaveURL(/\/my-account\/?$/);
  });

  test('app-download page sends the device to its store at once', alsoOnIphone, async ({ page }, info) => {
    const links = await appLink(page);
    const platform = platformOf(info);
    const expected = platform ? links[platform] : links.fallback;
    // The stores are outside this machine's network: answer for them so the arrival can be seen.
    await page.route(/^https:\/\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>store</title>' }),
    );
    await page.goto('/my-account/app-download');
    await expect(page).toHaveURL(expected);
  });
});

test('the app-download page keeps a visible link when the redirect is blocked', alsoOnIphone, async ({ page }) => {
  const t = await texts(page, 'en');
  const links = await appLink(page);
  // A 204 answer cancels a navigation: the browser stays on the page, as when a redirect is blocked.
  await page.route(/^https:\/\//, (route) => route.fulfill({ status: 204 }));
  await page.goto('/my-account/app-download');
  const link = page.getByRole('link', { name: t('app-download-page.link') });
  await expect(link).toBeVisible();
  expect([links.android, links.ios, links.fallback]).toContain(await link.getAttribute('href'));
  await expectNoAxeViolations(page);
});

test('/ goes to /my-account/', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/my-account\/$/);
});

// One user agent per operating system the app recognises, and where it should land
// (docs/behaviour/app-download-page.md).
const AGENTS = Object.entries(SAMPLE_USER_AGENTS).map(
  ([os, userAgent]) => [os, userAgent, os === 'Android' ? 'android' : os === 'iOS' ? 'ios' : 'fallback'] as const,
);

// On the desktop profile: the user agent is set per case.
test.describe('app-download redirect for each operating system', onlyOn('desktop'), () => {
  for (const [os, userAgent, target] of AGENTS) {
    test(`${os} goes to the ${target} link`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ userAgent, baseURL });
      const page = await context.newPage();
      const links = await appLink(page);
      await page.route(/^https:\/\//, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>store</title>' }),
      );
      // The page's navigation request is the app's part; whether Chromium then commits a navigation
      // that starts while the first document is still loading is not, and under load it sometimes
      // does not, so the test waits for the request rather than the new address.
      const storeRequest = page.waitForRequest(
        (request) => request.isNavigationRequest() && request.url() === links[target],
      );
      await page.goto('/my-account/app-download', { waitUntil: 'commit' });
      await storeRequest;
      await page.unrouteAll({ behavior: 'ignoreErrors' }); // else closing waits ~5 s on the store route
      await context.close();
    });
  }
});

/** Stores an invite code as the invite page would, on a page of the app's origin. */
const storeInvite = async (page: Page, code: string) => {
  await page.goto('/my-account/no/such/page');
  await page.evaluate((value) => localStorage.setItem('ngx-webstorage|invite_code', value), JSON.stringify(code));
};

// A code the service no longer accepts must not be redeemed after a later sign-in on the login page
// (docs/behaviour/invite-journey.md#stored-progress), whichever page found it dead; another stored
// invite is kept.
test.describe('the decline page and a dead invite', onlyOn('desktop'), () => {
  // The service's 404 for the unknown code is the point of these tests, not a fault.
  test.beforeEach(({ pageErrors }) => pageErrors.allow(/^HTTP 404 GET .*\/invite-code\/NO-SUCH-INVITE$/));

  test('forgets the stored code when it is the dead one', async ({ page }) => {
    await storeInvite(page, 'NO-SUCH-INVITE');
    await page.goto('/my-account/invite/NO-SUCH-INVITE/decline');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES.invalid);
    await expect.poll(() => stored(page, 'invite_code')).toBeNull();
  });

  test('an invite already used goes to its page, and is forgotten', async ({ page }) => {
    await storeInvite(page, 'DEMO-ACCEPTED');
    await page.goto('/my-account/invite/DEMO-ACCEPTED/decline');
    await expect(page).toHaveURL(/\/invite\/DEMO-ACCEPTED\/previously-accepted$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES.previouslyAccepted);
    await expect.poll(() => stored(page, 'invite_code')).toBeNull();
  });

  test('an expired invite goes to the invalid page, which says so, and is forgotten', async ({ page, pageErrors }) => {
    pageErrors.allow(/^HTTP 410 GET .*\/invite-code\/DEMO-EXPIRED$/);
    await storeInvite(page, 'DEMO-EXPIRED');
    await page.goto('/my-account/invite/DEMO-EXPIRED/decline');
    await expect(page).toHaveURL(/\/invite\/DEMO-EXPIRED\/invalid\?reason=expired$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This invite has expired');
    await expect.poll(() => stored(page, 'invite_code')).toBeNull();
  });

  test('keeps another stored code', async ({ page }) => {
    await storeInvite(page, 'DEMO-PENDING-1');
    await page.goto('/my-account/invite/NO-SUCH-INVITE/decline');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES.invalid);
    expect(await stored(page, 'invite_code')).toBe('"DEMO-PENDING-1"');
  });
});
