import { expect, type Page } from '@playwright/test';
import type { Language } from '../fixtures.ts';

const LABELS = /^(Language|Taal|Sprache)$/;
const NAMES: Record<Language, string> = { nl: 'Nederlands', en: 'English', de: 'Deutsch' };

/** The header's language select, labelled in whatever language the page is in. */
export class LanguageSwitcher {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get select() {
    return this.page.getByRole('combobox', { name: LABELS });
  }

  async choose(language: Language): Promise<void> {
    await this.select.selectOption({ label: NAMES[language] });
    await expect(this.page.locator('html')).toHaveAttribute('lang', language);
  }

  async expectShowing(language: Language): Promise<void> {
    await expect(this.select).toHaveValue(language);
    await expect(this.page.locator('html')).toHaveAttribute('lang', language);
  }
}
