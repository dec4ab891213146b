import { FALLBACK_LANGUAGE, LANGUAGE_PARAM, SUPPORTED_LANGUAGES, type Language } from '../rules/languages.ts';
import { readStored, writeStored } from '../storage/web-storage.ts';

/** A supported language from a tag (`de-AT` and `DE` are `de`); undefined for anything else. */
export function languageOf(tag: unknown): Language | undefined {
  if (typeof tag !== 'string') return undefined;
  const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : undefined;
}

/**
 * The first candidate the app offers, otherwise English, otherwise the first configured language.
 * Candidates come in order of weight (see `languageCandidates`); unknown values are skipped.
 */
export function chooseLanguage(candidates: readonly unknown[], offered: readonly Language[]): Language {
  for (const candidate of candidates) {
    const language = languageOf(candidate);
    if (language && offered.includes(language)) return language;
  }
  if (offered.includes(FALLBACK_LANGUAGE)) return FALLBACK_LANGUAGE;
  return offered[0] ?? FALLBACK_LANGUAGE;
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}

/**
 * In order: the language the person chose with the switcher (remembered across visits), the
 * `lang` of the invite link this tab came in on, the browser's languages (decision 0014).
 */
export function languageCandidates(): unknown[] {
  return [readStored('language'), readStored('link_language'), ...browserLanguages()];
}

/**
 * Takes `lang` off an address: a supported one is kept for this tab (it outlives the sign-in
 * round trip, but not the visit), and the address is returned without it.
 */
export function takeLinkLanguage(href: string): string {
  const url = new URL(href);
  if (!url.searchParams.has(LANGUAGE_PARAM)) return href;
  const language = languageOf(url.searchParams.get(LANGUAGE_PARAM));
  if (language) writeStored('link_language', language);
  url.searchParams.delete(LANGUAGE_PARAM);
  return url.toString();
}

/** Remembers the person's own choice; it outweighs any link's `lang` from now on. */
export function rememberLanguage(language: Language): void {
  writeStored('language', language);
}
