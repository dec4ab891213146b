import { expect as baseExpect, type Page } from '@playwright/test';
import { atRest, expectNoAxeViolations, type Text } from '../fixtures.ts';
import { IdentityLoginPage } from './sign-in.ts';

/** A step's check runs axe unless `{ axe: false }`: once per state, language and device, in the test
 * whose subject it is (decision 0024). Either way the step ends with the page at rest. */
export type StepCheck = { axe?: boolean };

export class InviteFlow {
  readonly page: Page;
  readonly t: Text;
  /** What its checks wait with: `expectOnPhone` (support/phone.ts) on a throttled page. */
  private readonly expect: typeof baseExpect;

  constructor(page: Page, t: Text, expect = baseExpect) {
    this.page = page;
    this.t = t;
    this.expect = expect;
  }

  heading(name: string) {
    return this.page.getByRole('heading', { level: 2, name });
  }

  button(key: string) {
    return this.page.getByRole('button', { name: this.t(key), exact: true });
  }

  async open(code: string): Promise<void> {
    await this.page.goto(`/my-account/invite/${code}`);
    await this.expect(this.page.getByRole('heading', { level: 1 })).toHaveText(this.t('invite-page.title'));
  }

  async expectInvite(owner: string, bike: string, { axe = true }: StepCheck = {}): Promise<void> {
    await this.expect(this.heading(owner)).toBeVisible();
    await this.expect(this.page.getByText(bike, { exact: true })).toBeVisible();
    await (axe ? expectNoAxeViolations(this.page) : atRest(this.page));
  }

  async accept(): Promise<void> {
    await this.button('invite-page.btn.accept').click();
  }

  async expectLoginPrompt({ axe = true }: StepCheck = {}): Promise<void> {
    await this.expect(this.heading(this.t('invite-page.login.title'))).toBeVisible();
    await this.expect(this.heading(this.t('invite-page.login.title'))).toBeFocused();
    await (axe ? expectNoAxeViolations(this.page) : atRest(this.page));
  }

  async expectConfirm(name: string, { axe = true }: StepCheck = {}): Promise<void> {
    await this.expect(this.heading(this.t('invite-page.confirm.title'))).toBeVisible();
    await this.expect(this.page.getByText(name, { exact: true }).last()).toBeVisible();
    await (axe ? expectNoAxeViolations(this.page) : atRest(this.page));
  }

  /** From the login prompt through the identity service, back to this invite. */
  async signInFromPrompt(email: string): Promise<void> {
    await this.button('invite-page.login.btn').click();
    const ids = new IdentityLoginPage(this.page, this.expect);
    await ids.waitUntilShown();
    await ids.submit(email);
  }

  async confirm(): Promise<void> {
    await this.button('invite-page.btn.confirm').click();
  }

  async expectAccepted(code: string): Promise<void> {
    await this.expect(this.page).toHaveURL(new RegExp(`/my-account/invite/${code}/accepted$`));
    await this.expect(this.page.getByRole('heading', { level: 1 })).toHaveText(this.t('invite-accepted-page.title'));
  }

  async expectPreviouslyAccepted(code: string): Promise<void> {
    await this.expect(this.page).toHaveURL(new RegExp(`/my-account/invite/${code}/previously-accepted$`));
    await this.expect(this.page.getByRole('heading', { level: 1 })).toHaveText(
      this.t('invite-prev-accepted-page.title'),
    );
  }
}
