import { createInstance, type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { earlyResponseOr } from '../early/take-early-response.ts';
import type { Language } from '../config/schema.ts';

export const translationsPath = (language: Language) => `/i18n/${language}.json`;

const TIMEOUT_MS = 10_000;

/** Fetches one language's texts; `null` when they cannot be had (the caller falls back). */
export async function fetchTranslations(
  language: Language,
  fetchFn: typeof fetch = fetch,
): Promise<Resource[string] | null> {
  const request = () =>
    fetchFn(translationsPath(language), {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  try {
    const response = await earlyResponseOr(translationsPath(language), request);
    if (!response.ok) return null;
    return { translation: (await response.json()) as Resource[string]['translation'] };
  } catch {
    return null;
  }
}

/**
 * Starts i18next with the chosen language, its texts fetched from `/i18n/{lang}.json`. When they
 * cannot be loaded, English is tried as the fallback.
 */
export async function setupI18n(
  language: Language,
  offered: readonly Language[],
  fetchFn: typeof fetch = fetch,
): Promise<i18n> {
  const texts: Texts = {};
  const own = await fetchTranslations(language, fetchFn);
  if (own) texts[language] = own.translation as Translation;
  const fallback = fallbackFor(language, offered);
  if (fallback) {
    const fallbackTexts = await fetchTranslations(fallback, fetchFn);
    if (fallbackTexts) texts[fallback] = fallbackTexts.translation as Translation;
  }
  return startI18n(language, offered, texts);
}

type Translation = Record<string, unknown>;
export type Texts = Partial<Record<Language, Translation>>;

const fallbackFor = (language: Language, offered: readonly Language[]): Language | false =>
  language !== 'en' && offered.includes('en') ? 'en' : false;

/** Starts i18next with texts already at hand: a page the server rendered carries them. */
export async function startI18n(language: Language, offered: readonly Language[], texts: Texts): Promise<i18n> {
  const resources: Resource = {};
  for (const [lng, translation] of Object.entries(texts)) {
    if (translation) resources[lng] = { translation: translation as Resource[string]['translation'] };
  }
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: fallbackFor(language, offered),
    supportedLngs: [...offered],
    resources,
    interpolation: { escapeValue: false }, // React escapes what it renders
    returnNull: false,
    saveMissing: import.meta.env.DEV,
    missingKeyHandler: (_lngs, _ns, key) => {
      // A missing key is loud in development, so it never reaches a release silently.
      console.error(`Missing translation key: ${key}`);
    },
  });
  return instance;
}

/** Makes sure a language's texts are loaded (fetching them once); false when they cannot be had. */
export async function loadLanguage(
  instance: i18n,
  language: Language,
  fetchFn: typeof fetch = fetch,
): Promise<boolean> {
  if (instance.hasResourceBundle(language, 'translation')) return true;
  const texts = await fetchTranslations(language, fetchFn);
  if (!texts) return false;
  instance.addResourceBundle(language, 'translation', texts.translation);
  return true;
}

/** The app type's translated name: `type.{type}`, else `type.default`. */
export function typeName(i18n: Pick<i18n, 'exists' | 't'>, type: string): string {
  // The config may name any type, so its key is known only at run time: exists() checks the
  // texts have it, and the cast tells t() it is one of the type keys.
  const key = `type.${type}`;
  return i18n.exists(key) ? i18n.t(key as 'type.default') : i18n.t('type.default');
}
