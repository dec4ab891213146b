import type { Page, TestInfo } from '@playwright/test';
import { expect, expectNoAxeViolations, forEachLanguage, test, texts } from './fixtures.ts';

const TITLES = {
  accepted: { en: 'Invite accepted', nl: 'Uitnodiging geaccepteerd', de: 'Einladung angenommen' },
  previouslyAccepted: { en: 'Invite already used', nl: 'Uitnodiging al gebruikt', de: 'Einladung bereits verwendet' },
  invalid: { en: 'Invite not found', nl: 'Uitnodiging niet gevonden', de: 'Einladung nicht gefunden' },
  notFound: { en: 'Page not found', nl: 'Pagina niet gevonden', de: 'Seite nicht gefunden' },
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

forEachLanguage((language) => {
  for (const outcome of OUTCOMES) {
    test(`${outcome.page} page: title, text and store links for this device`, async ({ page }, info) => {
      const t = await texts(page, language);
      const links = await appLink(page);
      await page.goto(outcome.path);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES[outcome.page][language]);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(t(`${outcome.keys}.content.title`));

      const platform = platformOf(info);
      const type = t('type.bike');
      const text = t(`${outcome.keys}.content.text.${platform ? 'mobile' : 'non-mobile'}`, { type });
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
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES.invalid[language]);
    await expect(page.getByText(code, { exact: false })).toBeVisible();
    await expect(page.locator('main b')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('an unknown address shows the translated not-found page with a link home', async ({ page }) => {
    const t = await texts(page, language);
    await page.goto('/my-account/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES.notFound[language]);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: t('not-found-page.link') }).click();
    await expect(page).toHaveURL(/\/my-account\/?$/);
  });

  test('app-download page sends the device to its store at once', async ({ page }, info) => {
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

test('the app-download page keeps a visible link when the redirect is blocked', async ({ page }) => {
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

// One user agent per operating system the app recognises (SPEC.md §3).
const AGENTS: [string, string, 'android' | 'ios' | 'fallback'][] = [
  [
    'Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    'fallback',
  ],
  [
    'Mac',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    'fallback',
  ],
  [
    'iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'ios',
  ],
  [
    'Android',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
    'android',
  ],
  ['Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0', 'fallback'],
  ['Unix', 'Mozilla/5.0 (X11; FreeBSD amd64; rv:128.0) Gecko/20100101 Firefox/128.0', 'fallback'],
  ['Firefox-OS', 'Mozilla/5.0 (Mobile; rv:48.0) Gecko/48.0 Firefox/48.0', 'fallback'],
  [
    'Chrome-OS',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    'fallback',
  ],
  [
    'Windows-Phone',
    'Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537',
    'fallback',
  ],
  ['Unknown', 'curl/8.5.0', 'fallback'],
];

test.describe('app-download redirect for each operating system', () => {
  test.skip(({ isMobile }) => isMobile, 'the user agent is set per case');
  for (const [os, userAgent, target] of AGENTS) {
    test(`${os} goes to the ${target} link`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ userAgent, baseURL });
      const page = await context.newPage();
      const links = await appLink(page);
      await page.route(/^https:\/\//, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>store</title>' }),
      );
      await page.goto('/my-account/app-download');
      await expect(page).toHaveURL(links[target]);
      await context.close();
    });
  }
});
