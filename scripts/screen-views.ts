// The screenshot scripts' two views, and signing in as one of the demo's people.
import type { Page } from '@playwright/test';
import { PHONE } from '../playwright.config.ts';

/** A phone (a Pixel 7, `phoneWidth` wide) and a desktop. */
export function screenViews(phoneWidth = 390) {
  return {
    phone: { ...PHONE, viewport: { width: phoneWidth, height: 844 } },
    desktop: { viewport: { width: 1280, height: 800 } },
  };
}

/** Signs in at the demo's identity service as `email` (password demo-password), back on the app. */
export async function signInAsDemo(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/my-account/login`);
  await page.locator('main button').click();
  await page.locator('#email').fill(email);
  await page.locator('#password').fill('demo-password');
  await page.locator('button[value="login"]').click();
  await page.waitForURL((url) => url.pathname.startsWith('/my-account') && !url.searchParams.has('state'));
}
