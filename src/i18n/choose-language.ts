// The browser's candidates for the language rule (src/contract/languages.ts: chooseLanguage), and
// what the browser keeps of a choice.
import {
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  languageOf,
  type Language,
  type LanguageChoice,
} from '../contract/languages.ts';
import { readStored, writeCookie, writeStored } from '../storage/web-storage.ts';

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}

/** In order: the switcher's remembered choice, this tab's invite-link `lang`, the browser's languages (decision 0014). */
export function languageCandidates(): unknown[] {
  return [readStored('language'), readStored('link_language'), ...browserLanguages()];
}

/** Returns the address without `lang`, keeping a supported one for this tab (through the sign-in round trip). */
export function takeLinkLanguage(href: string): string {
  const url = new URL(href);
  if (!url.searchParams.has(LANGUAGE_PARAM)) return href;
  const language = languageOf(url.searchParams.get(LANGUAGE_PARAM));
  if (language) writeStored('link_language', language);
  url.searchParams.delete(LANGUAGE_PARAM);
  return url.toString();
}

/** Remembers the person's own choice, here and in the cookie the app server reads (decision 0044). */
export function rememberLanguage(language: Language): void {
  writeStored('language', language);
  writeCookie(LANGUAGE_COOKIE, language);
}

/** A rendered page's language: the server's, unless this tab's link `lang` or a choice from before the cookie outranks its reason. */
export function keptLanguage({ language, reason }: LanguageChoice, offered: readonly Language[]): Language {
  const stored = (name: 'language' | 'link_language') => offered.find((code) => code === languageOf(readStored(name)));
  const choice = reason !== 'choice' && stored('language');
  if (choice) rememberLanguage(choice);
  return choice || ((reason === 'browser' || reason === 'default') && stored('link_language')) || language;
}
