import { SUPPORTED_LANGUAGES, type Language } from '../config/languages.ts';

function isSupported(value: string): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of the browser's languages the app offers (by primary subtag: `de-AT` is `de`),
 * otherwise English, otherwise the first configured language.
 */
export function chooseLanguage(preferred: readonly string[], offered: readonly Language[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    if (isSupported(primary) && offered.includes(primary)) return primary;
  }
  if (offered.includes('en')) return 'en';
  return offered[0] ?? 'en';
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}
