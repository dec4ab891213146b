import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startReferenceServer, type RunningServer } from '../scripts/reference-server.ts';
import { APP_STORE } from '../app-server/test/app-store.ts';
import { expect, onlyOn, test as base, texts } from './fixtures.ts';
import { InviteFlow } from './support/invite-page.ts';
import { PORTS } from './support/ports.ts';

const OWNER = 'Sofie de Vries';
const BIKE = 'Family cargo bike'; // DEMO-PENDING-2's; opening an invite changes nothing on the server

// A reference server of its own whose config.json has `appStore` (through --config-override), one per worker.
const withApps = base.extend<{ baseURL: string }, { appsServer: RunningServer }>({
  appsServer: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const dir = mkdtempSync(join(tmpdir(), 'bike-invite-app-links-'));
      const override = join(dir, 'override.json');
      writeFileSync(override, JSON.stringify({ appStore: APP_STORE }));
      const port = PORTS.appLinks(workerInfo.parallelIndex);
      const server = await startReferenceServer(port, ['--config-override', override]);
      await use(server);
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  // `provide`, not `use`: the hooks lint rule reads a call to `use` here as React's hook.
  baseURL: async ({ appsServer }, provide) => {
    await provide(appsServer.url);
  },
});

const banner = (page: Page) => page.locator('head meta[name="apple-itunes-app"]');

async function openInvite(page: Page, code: string): Promise<InviteFlow> {
  const invite = new InviteFlow(page, await texts(page, 'en'));
  await invite.open(code);
  await invite.expectInvite(OWNER, BIKE);
  return invite;
}

// The banner is Safari on iOS's; the tag is the same on every device, so it is checked on the iPhone.
const iphone = onlyOn('iphone');
base.use({ locale: 'en' });

withApps(
  'with appStore, the invite page carries the Smart App Banner for its own link',
  iphone,
  async ({ page, baseURL }) => {
    const invite = await openInvite(page, 'DEMO-PENDING-2');
    await expect(banner(page)).toHaveCount(1);
    await expect(banner(page)).toHaveAttribute(
      'content',
      `app-id=${APP_STORE.ios.appStoreId}, app-argument=${baseURL}/my-account/invite/DEMO-PENDING-2`,
    );

    // Leaving the invite page takes the banner away; coming back brings it again, once.
    await invite.button('invite-page.btn.decline').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(invite.t('invite-decline-page.title'));
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole('link', { name: invite.t('invite-decline-page.btn.back') }).click();
    await invite.expectInvite(OWNER, BIKE, { axe: false }); // checked when first opened
    await expect(banner(page)).toHaveCount(1);
  },
);

withApps('with appStore, no other page carries the banner', iphone, async ({ page, pageErrors }) => {
  pageErrors.allow(/^HTTP 404 GET .*\/api\/v1\/bike\/invite-code\/NO-SUCH-INVITE$/);
  const t = await texts(page, 'en');
  const pages: [string, string][] = [
    ['/my-account/', 'login-page.title'],
    ['/my-account/invite/DEMO-PENDING-2/decline', 'invite-decline-page.title'],
    ['/my-account/invite/DEMO-ACCEPTED/accepted', 'invite-accepted-page.title'],
    ['/my-account/nothing-here', 'not-found-page.title'],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(t(title));
    await expect(banner(page), path).toHaveCount(0);
  }
  // An unknown invite sends the invitee on to the invalid page, without a banner.
  await page.goto('/my-account/invite/NO-SUCH-INVITE');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('invite-invalid-page.title'));
  await expect(banner(page)).toHaveCount(0);
});

withApps('with appStore, the server serves the app-link files of the same config', iphone, async ({ request }) => {
  const aasa = await request.get('/.well-known/apple-app-site-association', { maxRedirects: 0 });
  expect(aasa.status()).toBe(200);
  expect(aasa.headers()['content-type']).toMatch(/^application\/json/);
  expect((await aasa.json()).applinks.details[0].appIDs).toEqual([`${APP_STORE.ios.teamId}.${APP_STORE.ios.bundleId}`]);
  const assetLinks = await request.get('/.well-known/assetlinks.json', { maxRedirects: 0 });
  expect((await assetLinks.json())[0].target.package_name).toBe(APP_STORE.android.packageName);
});

base(
  'without appStore, the invite page has no banner and no app-link files are served',
  iphone,
  async ({ page, request }) => {
    await openInvite(page, 'DEMO-PENDING-2');
    await expect(banner(page)).toHaveCount(0);
    for (const path of ['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      expect(response.headers()['content-type'], path).toMatch(/^application\/problem\+json/);
    }
  },
);
