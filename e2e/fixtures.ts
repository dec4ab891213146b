import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import axe from 'axe-core';
import { readFileSync } from 'node:fs';
import { FALLBACK_LANGUAGE, type Language } from '../src/contract/languages.ts';
import { layOver, REGISTERS, textFileName } from '../src/contract/registers.ts';
import { NO_ACCOUNT_YET } from './support/owner.ts';

export type { Language };

type Fixtures = {
  /** Console errors, hydration warnings and uncaught exceptions fail the test, unless a test expects them. */
  pageErrors: { allow: (pattern: RegExp) => void };
};

export const test = base.extend<Fixtures>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [NO_ACCOUNT_YET];
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        // The browser's own "Failed to load resource" line has no address; the response below has.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(`console.error: ${message.text()}`);
        }
        // A page the server rendered must hydrate cleanly: a warning about it fails too.
        if (message.type() === 'warning' && /hydrat/i.test(message.text())) {
          errors.push(`console.warn: ${message.text()}`);
        }
      });
      page.on('response', (response) => {
        if (response.status() >= 400)
          errors.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
      });
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(errors.filter((error) => !allowed.some((pattern) => pattern.test(error)))).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export type Device = 'android' | 'iphone' | 'desktop';

/** Tags that keep a test or group off some devices: playwright.config.ts leaves it out of the other projects (decision 0024). */
export const onlyOn = (device: Device) => ({ tag: `@only-${device}` });
export const notOn = (device: Device) => ({ tag: `@not-${device}` });

/** Tags a test for the iPhone profile too: its outcome depends on the device being an iPhone (decision 0024). */
export const alsoOnIphone = { tag: '@iphone' };

/** axe's WCAG 2.1 A and AA rules, on the page at rest (a card fading in would have its contrast measured half-way). */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await test.step('no axe violations (WCAG 2.1 A, AA)', () => axeCheck(page), { box: true });
}

/** Waits until the page's animations that end have ended (a card fading or sliding in): the page at rest. */
export async function atRest(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity) // not the spinner
        .map((animation) => animation.finished.catch(() => undefined)), // a cancelled one is over too
    ),
  );
}

/** axe's source, injected once a page: AxeBuilder injects it twice a check, and it is costly to compile. */
const AXE_ONCE = `if (!window.axe) { ${axe.source} }`;

async function axeCheck(page: Page): Promise<void> {
  await atRest(page);
  // Legacy mode runs axe in the page alone, without a second page to merge iframes' results (there are none).
  const results = await new AxeBuilder({ page, axeSource: AXE_ONCE })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.any[0]?.message ?? n.failureSummary ?? ''})`).join('; ')}`,
  );
  expect(summary).toEqual([]);
}

/** Every journey on every device in English (decision 0024); other languages: e2e/languages.spec.ts. */
export function inEnglish(define: (language: typeof FALLBACK_LANGUAGE) => void): void {
  test.describe(`in ${FALLBACK_LANGUAGE}`, () => {
    test.use({ locale: FALLBACK_LANGUAGE });
    define(FALLBACK_LANGUAGE);
  });
}

export type Text = (key: string, values?: Record<string, string | number>) => string;

function textsOf(tree: Record<string, unknown>, language: Language): Text {
  const rules = new Intl.PluralRules(language);
  const at = (path: string) =>
    path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
  return (key, values = {}) => {
    // A plural picks its form as i18next does: the key's `_{category}` for the count.
    const plural = typeof values.count === 'number' ? at(`${key}_${rules.select(values.count)}`) : undefined;
    const found = plural ?? at(key);
    if (typeof found !== 'string') throw new Error(`no text ${key} in ${language}`);
    return found.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
  };
}

export async function texts(page: Page, language: Language): Promise<Text> {
  const response = await page.request.get(`/i18n/${language}.json`);
  return textsOf((await response.json()) as Record<string, unknown>, language);
}

/**
 * The translations the build serves (dist/i18n), in a register when one is named, without a request:
 * for pages at a brand's own host name, which Node cannot resolve.
 */
export function builtTexts(language: Language, register?: string): Text {
  const file = `dist/i18n/${textFileName(language, register ? { [language]: register } : undefined)}.json`;
  return textsOf(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, language);
}

const readSource = (name: string) =>
  JSON.parse(readFileSync(`public/i18n/${name}.json`, 'utf8')) as Record<string, unknown>;

/** The identity service's sign-in texts (the `ids` section of public/i18n/{language}.json, which the app is not served), in a register when one is named. */
export function signInTexts(language: Language, register?: string): Text {
  const own = readSource(language);
  const file =
    register && register !== REGISTERS[language]?.[0]
      ? layOver(own, readSource(`registers/${language}-${register}`))
      : own;
  return textsOf(file.ids as Record<string, unknown>, language);
}
