// The languages the app has texts for, and the one rule that picks among them, for the app and the
// servers alike; like all of src/contract/, it imports nothing.
//
// A language is data: a row here and its text file, public/i18n/{code}.json (the app's texts and the
// identity service's sign-in texts). Everything else — the config's schema, the switcher, <html lang
// dir>, og:locale, the servers' choice, the bike service's account languages, the checks — is derived
// from these two (docs/configuration.md, "Adding a language").

/** One row per language: its code (the file's name), its name in itself, its og:locale and its direction. */
export const LANGUAGE_TABLE = [
  { code: 'nl', name: 'Nederlands', ogLocale: 'nl_NL', dir: 'ltr' },
  { code: 'en', name: 'English', ogLocale: 'en_GB', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', ogLocale: 'de_DE', dir: 'ltr' },
  { code: 'sv', name: 'Svenska', ogLocale: 'sv_SE', dir: 'ltr' },
  { code: 'da', name: 'Dansk', ogLocale: 'da_DK', dir: 'ltr' },
  { code: 'fr', name: 'Français', ogLocale: 'fr_FR', dir: 'ltr' },
] as const satisfies readonly LanguageRow[];

export type LanguageRow = {
  /** ISO 639-1, lower case: the name of its text file and the value of `lang`. */
  code: string;
  /** What the language switcher shows, whatever the page's language (decision 0014). */
  name: string;
  /** The Open Graph locale of a link preview in this language. */
  ogLocale: string;
  dir: 'ltr' | 'rtl';
};

export type Language = (typeof LANGUAGE_TABLE)[number]['code'];

/** Every language's code, in the table's order. */
export const SUPPORTED_LANGUAGES: readonly Language[] = LANGUAGE_TABLE.map((row) => row.code);

/** The app's texts of some languages, each as its translation file holds them. */
export type Texts = Partial<Record<Language, Record<string, unknown>>>;

/** The query parameter an invite link may carry to choose the language of a first visit (decision 0014). */
export const LANGUAGE_PARAM = 'lang';

/** The language when neither the invitee, the browser nor the brand names a supported one. */
export const FALLBACK_LANGUAGE: Language = 'en';

/** A language's row in the table. */
export function languageRow(language: Language): LanguageRow {
  return LANGUAGE_TABLE.find((row) => row.code === language) ?? LANGUAGE_TABLE[1];
}

/** A supported language from a tag (`de-AT` and `DE` are `de`); undefined for anything else. */
export function languageOf(tag: unknown): Language | undefined {
  if (typeof tag !== 'string') return undefined;
  const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  return SUPPORTED_LANGUAGES.find((code) => code === primary);
}

/**
 * The first candidate among the offered languages, otherwise the brand's default, otherwise English,
 * otherwise the first offered one. Candidates come in order of preference (the invitee's remembered
 * choice, the link's `lang`, the browser's languages); values that are no supported language are skipped.
 */
export function chooseLanguage(
  candidates: readonly unknown[],
  offered: readonly Language[],
  brandDefault?: Language,
): Language {
  for (const candidate of [...candidates, brandDefault, FALLBACK_LANGUAGE]) {
    const language = languageOf(candidate);
    if (language && offered.includes(language)) return language;
  }
  return offered[0] ?? FALLBACK_LANGUAGE;
}

/** Why a page is in its language, strongest first (the switcher's cookie, `lang`, Accept-Language, the brand's default). */
export const LANGUAGE_REASONS = ['choice', 'link', 'browser', 'default'] as const;
export type LanguageReason = (typeof LANGUAGE_REASONS)[number];

export type LanguageChoice = { language: Language; reason: LanguageReason };

/** The cookie the switcher writes, so that the app server chooses as the invitee did. */
export const LANGUAGE_COOKIE = 'bike-invite-language';

/** The one rule (chooseLanguage), telling which input decided. */
export function chooseLanguageWhy(
  inputs: { choice?: unknown; link?: unknown; browser: readonly unknown[] },
  offered: readonly Language[],
  brandDefault?: Language,
): LanguageChoice {
  const language = chooseLanguage([inputs.choice, inputs.link, ...inputs.browser], offered, brandDefault);
  const decided = (value: unknown) => languageOf(value) === language && offered.includes(language);
  const reason: LanguageReason = decided(inputs.choice)
    ? 'choice'
    : decided(inputs.link)
      ? 'link'
      : inputs.browser.some(decided)
        ? 'browser'
        : 'default';
  return { language, reason };
}
