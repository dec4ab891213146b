import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, type Text } from '../fixtures.ts';
import { IdentityLoginPage } from './sign-in.ts';

/** The invite landing page, step by step, as an invitee uses it. */
export class InviteFlow {
  readonly page: Page;
  readonly t: Text;

  constructor(page: Page, t: Text) {
    this.page = page;
    this.t = t;
  }

  heading(name: string) {
    return this.page.getByRole('heading', { level: 2, name });
  }

  button(key: string) {
    return this.page.getByRole('button', { name: this.t(key), exact: true });
  }

  async open(code: string): Promise<void> {
    await this.page.goto(`/my-account/invite/${code}`);
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(this.t('invite-page.title'));
  }

  async expectInvite(owner: string, bike: string): Promise<void> {
    await expect(this.heading(owner)).toBeVisible();
    await expect(this.page.getByText(bike, { exact: true })).toBeVisible();
    await expectNoAxeViolations(this.page);
  }

  async accept(): Promise<void> {
    await this.button('invite-page.btn.accept').click();
  }

  async expectLoginPrompt(): Promise<void> {
    await expect(this.heading(this.t('invite-page.login.title'))).toBeVisible();
    await expect(this.heading(this.t('invite-page.login.title'))).toBeFocused();
    await expectNoAxeViolations(this.page);
  }

  async expectConfirm(name: string): Promise<void> {
    await expect(this.heading(this.t('invite-page.confirm.title'))).toBeVisible();
    await expect(this.page.getByText(name, { exact: true }).last()).toBeVisible();
    await expectNoAxeViolations(this.page);
  }

  /** From the login prompt through the identity service, back to this invite. */
  async signInFromPrompt(email: string): Promise<void> {
    await this.button('invite-page.login.btn').click();
    const ids = new IdentityLoginPage(this.page);
    await ids.waitUntilShown();
    await ids.submit(email);
  }

  async confirm(): Promise<void> {
    await this.button('invite-page.btn.confirm').click();
  }

  async expectAccepted(code: string): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`/my-account/invite/${code}/accepted$`));
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(this.t('invite-accepted-page.title'));
  }

  async expectPreviouslyAccepted(code: string): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`/my-account/invite/${code}/previously-accepted$`));
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(this.t('invite-prev-accepted-page.title'));
  }
}
