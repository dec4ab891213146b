import { createInstance, type i18n, type Resource } from 'i18next';
import type { Language, Texts } from '../contract/languages.ts';
import { textFileName } from '../contract/registers.ts';
import type { AppConfig } from '../config/schema.ts';

/** How a brand's texts differ from the files': its register per language, its own words (decision 0043). */
export type Voice = Pick<AppConfig, 'register' | 'texts'>;

/** A language's texts file in the brand's register (the build lays a register's texts over the language's). */
export const translationsPath = (language: Language, voice?: Voice) =>
  `/i18n/${textFileName(language, voice?.register)}.json`;

const TIMEOUT_MS = 10_000;

type Translation = NonNullable<Texts[Language]>;

/** Fetches one language's texts in the brand's voice; `null` when they cannot be had (the caller falls back). */
export async function fetchTranslations(
  language: Language,
  fetchFn: typeof fetch = fetch,
  voice?: Voice,
): Promise<Translation | null> {
  // The brand's own words are laid over by code loaded beside the file, only where it has some.
  const overlay = voice?.texts?.[language] ? import('../config/brand-texts.ts') : undefined;
  overlay?.catch(() => undefined);
  try {
    const response = await fetchFn(translationsPath(language, voice), {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const texts = (await response.json()) as Translation;
    return overlay ? (await overlay).withBrandTexts(texts, language, voice?.texts) : texts;
  } catch {
    return null;
  }
}

const fallbackFor = (language: Language, offered: readonly Language[]): Language | false =>
  language !== 'en' && offered.includes('en') ? 'en' : false;

/** The texts of a language and of its English fallback, fetched at the same time. */
export async function fetchTexts(
  language: Language,
  offered: readonly Language[],
  fetchFn: typeof fetch = fetch,
  voice?: Voice,
): Promise<Texts> {
  const fallback = fallbackFor(language, offered);
  const [own, english] = await Promise.all([
    fetchTranslations(language, fetchFn, voice),
    fallback ? fetchTranslations(fallback, fetchFn, voice) : null,
  ]);
  return { ...(own ? { [language]: own } : {}), ...(fallback && english ? { [fallback]: english } : {}) };
}

/** The voice each instance loads another language in (loadLanguage). */
const voices = new WeakMap<i18n, Voice>();

/** An i18next instance with the texts at hand, ready at once: the one set-up, for the app in the browser, on the server and in tests, and for the config error page. */
export function createI18n(language: Language, offered: readonly Language[], texts: Texts, voice?: Voice): i18n {
  const resources: Resource = {};
  for (const [lng, translation] of Object.entries(texts)) {
    if (translation) resources[lng] = { translation: translation as Resource[string]['translation'] };
  }
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: fallbackFor(language, offered),
    supportedLngs: [...offered],
    resources,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes what it renders; the server escapes the head
    returnNull: false,
    saveMissing: import.meta.env.DEV,
    missingKeyHandler: (_lngs, _ns, key) => {
      // A missing key is loud in development, so it never reaches a release silently.
      console.error(`Missing translation key: ${key}`);
    },
  });
  if (voice) voices.set(instance, voice);
  return instance;
}

/** Makes sure a language's texts are loaded (fetching them once); false when they cannot be had. */
export async function loadLanguage(
  instance: i18n,
  language: Language,
  fetchFn: typeof fetch = fetch,
): Promise<boolean> {
  if (instance.hasResourceBundle(language, 'translation')) return true;
  const texts = await fetchTranslations(language, fetchFn, voices.get(instance));
  if (!texts) return false;
  instance.addResourceBundle(language, 'translation', texts);
  return true;
}

/** The app type's translated name: `type.{type}`, else `type.default`. */
export function typeName(i18n: Pick<i18n, 'exists' | 't'>, type: string): string {
  // The config may name any type: exists() checks the texts have its key, the cast tells t().
  const key = `type.${type}`;
  return i18n.exists(key) ? i18n.t(key as 'type.default') : i18n.t('type.default');
}

/** A type worked into a sentence: what `t()` takes for a text that names the vehicle. */
export type TypeText = { context: string; type: string };

/** Options for a text naming the vehicle: its context picks the type's own sentence, else the generic
 * `{{type}}` (docs/decisions/0031-languages-as-data.md). */
export function typeText(i18n: Pick<i18n, 'exists' | 't'>, type: string): TypeText {
  return { context: type, type: typeName(i18n, type) };
}

/** A first translation as the invite page makes it, as a start-up step of its own, so that i18next's
 * code is compiled before the first render, which React cannot cut (decision 0033). */
export function translateOnce(instance: i18n, type: string): void {
  instance.t('invite-page.login.text', typeText(instance, type));
}
