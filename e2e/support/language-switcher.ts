import { expect, type Page } from '@playwright/test';
import { languageRow } from '../../src/contract/languages.ts';
import type { Language } from '../fixtures.ts';

/** The header's language select, labelled in whatever language the page is in. */
export class LanguageSwitcher {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get select() {
    return this.page.locator('header').getByRole('combobox');
  }

  async choose(language: Language): Promise<void> {
    await this.select.selectOption({ label: languageRow(language).name });
    await expect(this.page.locator('html')).toHaveAttribute('lang', language);
  }

  async expectShowing(language: Language): Promise<void> {
    await expect(this.select).toHaveValue(language);
    await expect(this.page.locator('html')).toHaveAttribute('lang', language);
  }
}
