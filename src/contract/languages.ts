// The languages the app has texts for, and the one rule that picks among them, for the app and the
// servers alike; like all of src/contract/, it imports nothing.
export const SUPPORTED_LANGUAGES = ['nl', 'en', 'de'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** The app's texts of some languages, each as its translation file holds them. */
export type Texts = Partial<Record<Language, Record<string, unknown>>>;

/** The query parameter an invite link may carry to choose the language of a first visit (decision 0014). */
export const LANGUAGE_PARAM = 'lang';

/** The language when neither the invitee nor the browser names a supported one. */
export const FALLBACK_LANGUAGE: Language = 'en';

/** A supported language from a tag (`de-AT` and `DE` are `de`); undefined for anything else. */
export function languageOf(tag: unknown): Language | undefined {
  if (typeof tag !== 'string') return undefined;
  const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : undefined;
}

/**
 * The first candidate among the offered languages, otherwise English, otherwise the first offered
 * one. Candidates come in order of preference; values that are no supported language are skipped.
 */
export function chooseLanguage(candidates: readonly unknown[], offered: readonly Language[]): Language {
  for (const candidate of candidates) {
    const language = languageOf(candidate);
    if (language && offered.includes(language)) return language;
  }
  if (offered.includes(FALLBACK_LANGUAGE)) return FALLBACK_LANGUAGE;
  return offered[0] ?? FALLBACK_LANGUAGE;
}
