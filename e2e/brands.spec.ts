// One server process, many brands, each on its own host name: the reference server serves every
// brand on `{key}.localhost` (Chromium sends *.localhost to loopback), as the app server does from
// its brand map. Each host gets its own preview, theme and config, in a real browser; a host the
// server does not serve gets nothing.
import { themeFor } from '../src/contract/themes.ts';
import { expect, onlyOn, test } from './fixtures.ts';

const hostOf = (baseURL: string, brand: string) => {
  const url = new URL(baseURL);
  url.hostname = `${brand}.localhost`;
  return url.origin;
};

test.describe('brands by host name', onlyOn('desktop'), () => {
  for (const brand of ['stella', 'qwic'] as const) {
    test(`${brand}.localhost is ${themeFor(brand).name}: its preview, theme, logo and config`, async ({
      page,
      baseURL,
    }) => {
      const origin = hostOf(baseURL!, brand);
      await page.goto(`${origin}/my-account/invite/DEMO-PENDING-1`);
      await expect(page.getByRole('button', { name: 'Accept' })).toBeEnabled();
      // The link preview names the brand, at the brand's own origin.
      const meta = (property: string) => page.locator(`meta[property="${property}"]`);
      await expect(meta('og:site_name')).toHaveAttribute('content', themeFor(brand).name);
      await expect(meta('og:url')).toHaveAttribute('content', `${origin}/my-account/invite/DEMO-PENDING-1`);
      // Painted in the brand's colours, with its logo.
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--light-primary').trim(),
      );
      expect(primary.toUpperCase()).toBe(themeFor(brand).primary.toUpperCase());
      const logo = page.getByRole('img', { name: `${themeFor(brand).name} logo` });
      await expect(logo).toBeVisible();
      await expect(logo).toHaveAttribute('src', `/assets/img/${brand}_logo.svg`);
      // The bike card: 110 px high, the photo its theme's share of the card's width, the provider's logo loaded.
      const card = page.locator('.bike-card');
      const [cardBox, photoBox] = [await card.boundingBox(), await card.locator('.bike-card__image').boundingBox()];
      expect(cardBox?.height).toBe(110);
      expect((100 * photoBox!.width) / cardBox!.width).toBeCloseTo(brand === 'qwic' ? 20 : 35, 0);
      await expect
        .poll(() => card.locator('.bike-card__provider img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      const config = await page.evaluate(async () => (await (await fetch('/assets/config.json')).json()) as object);
      expect(config).toMatchObject({ app: brand });
    });
  }

  test('a host name the server does not serve gets 421, and no page', async ({ page, baseURL, pageErrors }) => {
    pageErrors.allow(/^HTTP 421 GET http:\/\/unknown-brand\.localhost/);
    const response = await page.goto(`${hostOf(baseURL!, 'unknown-brand')}/my-account/invite/DEMO-PENDING-1`);
    expect(response?.status()).toBe(421);
    expect(response?.headers()['content-type']).toMatch(/^application\/problem\+json/);
    await expect(page.locator('#root')).toHaveCount(0);
  });
});
