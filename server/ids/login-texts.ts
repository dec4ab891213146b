// The sign-in pages' texts: the `ids` section of the app's text files, through i18next (decision 0031).
import { readFileSync } from 'node:fs';
import { createInstance } from 'i18next';
import Negotiator from 'negotiator';
import type en from '../../public/i18n/en.json';
import { brandTextProblems, withBrandTexts, SIGN_IN_SECTION } from '../../src/config/brand-texts.ts';
import type { AppConfig } from '../../src/config/schema.ts';
import { chooseLanguage, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '../../src/contract/languages.ts';
import { pseudoTexts } from '../../src/contract/pseudo-locale.ts';
import { layOver, REGISTERS, registerOf } from '../../src/contract/registers.ts';

export type { Language };

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type WithoutPlural<K> = K extends `${infer Key}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Key : K;

/** A key of the `ids` section of public/i18n/en.json (a plural's key without its `_one`/`_other`). */
export type LoginTextKey = WithoutPlural<Leaves<(typeof en)['ids']>>;
/** The texts of one language: `count` picks a plural form by the language's rules. */
export type LoginT = (key: LoginTextKey, values?: Record<string, string | number>) => string;

const TEXTS_DIR = new URL('../../public/i18n/', import.meta.url);

/** How a brand's sign-in pages speak: its register per language, its own words (decision 0043). */
export type Voice = Pick<AppConfig, 'register' | 'texts'>;

const readSection = (name: string): Record<string, unknown> => {
  const file = JSON.parse(readFileSync(new URL(name, TEXTS_DIR), 'utf8')) as { ids?: object };
  return { ...file.ids };
};

/** A language's sign-in texts as its file holds them; in a register, with the register's file laid over them. */
export function readLoginSection(language: Language, register?: string): Record<string, unknown> {
  const own = readSection(`${language}.json`);
  return register && register !== REGISTERS[language]?.[0]
    ? layOver(own, readSection(`registers/${language}-${register}.json`))
    : own;
}

export type LoginTextOptions = {
  read?: (language: Language, register?: string) => Record<string, unknown>;
  /** Every language's texts as the pseudo-language (docs/configuration.md, "The pseudo-language"). */
  pseudo?: boolean;
  /** The brand's voice; throws, naming the key, when its own words do not fit the sign-in texts. */
  voice?: Voice;
};

/** Reads every language's sign-in texts once, in the brand's voice; returns each language's `t`. */
export function loadLoginTexts({
  read = readLoginSection,
  pseudo = process.env.PSEUDO_LOCALE === '1',
  voice,
}: LoginTextOptions = {}): (language: Language) => LoginT {
  const english = read(FALLBACK_LANGUAGE);
  const problems = brandTextProblems(voice?.texts, { ids: english }, (key) => !key.startsWith(SIGN_IN_SECTION));
  if (problems.length > 0) throw new Error(`the sign-in pages' texts: ${problems.join('; ')}`);
  const i18n = createInstance();
  void i18n.init({
    initAsync: false,
    resources: Object.fromEntries(
      SUPPORTED_LANGUAGES.map((language) => [
        language,
        {
          translation: pseudo
            ? pseudoTexts(english)
            : withBrandTexts(
                read(language, registerOf(language, voice?.register)),
                language,
                voice?.texts,
                SIGN_IN_SECTION,
              ),
        },
      ]),
    ),
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: { escapeValue: false }, // the pages escape what they write
    returnNull: false,
  });
  return (language) => {
    const t = i18n.getFixedT(language);
    return (key, values = {}) => String(t(key, values));
  };
}

/** A brand's languages and its default. */
export type LanguageOffer = { languages: readonly Language[]; defaultLanguage?: Language | undefined };

/**
 * The login page's language by the app's rule (src/contract/languages.ts), among the brand's
 * languages: `ui_locales`, Accept-Language, the brand's default.
 */
export function loginLanguage(
  uiLocales: string | undefined,
  acceptLanguage: string | undefined,
  offer: LanguageOffer = { languages: SUPPORTED_LANGUAGES },
): Language {
  const accepted = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages();
  return chooseLanguage([...(uiLocales ?? '').split(' '), ...accepted], offer.languages, offer.defaultLanguage);
}
