import { expect as baseExpect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password';
export const ANNA = { email: 'anna@example.com', name: 'Anna Bakker' };

export const stored = (page: Page, name: string) =>
  page.evaluate((key) => localStorage.getItem(key), `ngx-webstorage|${name}`);

/** The identity service's login form (server-rendered, any language). */
export class IdentityLoginPage {
  private readonly page: Page;
  private readonly expect: typeof baseExpect;

  /** `expect`: what it waits with (`expectOnPhone` from support/phone.ts on a throttled page). */
  constructor(page: Page, expect = baseExpect) {
    this.page = page;
    this.expect = expect;
  }

  async waitUntilShown(): Promise<void> {
    await this.expect(this.page).toHaveURL(/\/ids\/login\?/);
  }

  async setHidden(name: string, value: string): Promise<void> {
    await this.page
      .locator(`form input[name="${name}"]`)
      .evaluate((input: HTMLInputElement, v) => (input.value = v), value);
  }

  async submit(email: string, password = DEMO_PASSWORD): Promise<void> {
    await this.page.locator('#email').fill(email);
    await this.page.locator('#password').fill(password);
    await this.page.locator('button[value="login"]').click();
  }
}

/** Clicks the app's login button on the page shown and signs in at the identity service. */
export async function signIn(page: Page, loginButton: RegExp, email = ANNA.email): Promise<void> {
  await page.getByRole('button', { name: loginButton }).click();
  const ids = new IdentityLoginPage(page);
  await ids.waitUntilShown();
  await ids.submit(email);
  // Back with code and state, the app exchanges them and reloads on the clean address.
  await page.waitForURL((url) => url.pathname.startsWith('/my-account') && !url.searchParams.has('state'));
  await page.waitForLoadState('load');
}
