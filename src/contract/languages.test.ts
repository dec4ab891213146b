import { describe, expect, it } from 'vitest';
import { chooseLanguage, LANGUAGE_TABLE, languageOf, languageRow, SUPPORTED_LANGUAGES } from './languages.ts';

const all = SUPPORTED_LANGUAGES;

describe('chooseLanguage', () => {
  it('takes the browser language when the app offers it', () => {
    expect(chooseLanguage(['nl-NL', 'en'], all)).toBe('nl');
    expect(chooseLanguage(['de-AT'], all)).toBe('de');
    expect(chooseLanguage(['sv-SE', 'en'], all)).toBe('sv');
  });

  it('goes down the browser’s list to the first offered language', () => {
    expect(chooseLanguage(['fr-FR', 'de'], ['nl', 'en', 'de'])).toBe('de');
    expect(chooseLanguage(['zz', 'da-DK', 'en'], all)).toBe('da');
  });

  it('then the brand’s default, before English', () => {
    expect(chooseLanguage(['de-DE'], ['sv', 'en'], 'sv')).toBe('sv');
    expect(chooseLanguage(['en-GB'], ['sv', 'en'], 'sv')).toBe('en');
    expect(chooseLanguage([], ['fr', 'en', 'nl', 'de'], 'fr')).toBe('fr');
  });

  it('falls back to English', () => {
    expect(chooseLanguage(['zz', 'xx-YY'], all)).toBe('en');
    expect(chooseLanguage([], all)).toBe('en');
  });

  it('respects the languages a brand configured', () => {
    expect(chooseLanguage(['de'], ['nl', 'en'])).toBe('en');
    expect(chooseLanguage(['fr'], ['nl'])).toBe('nl');
    expect(chooseLanguage(['fr'], ['nl', 'de'], 'sv')).toBe('nl'); // a default it does not offer is no default
  });

  it('skips values that are no language tag at all', () => {
    expect(chooseLanguage([undefined, null, 42, { lang: 'de' }, '', 'nl'], all)).toBe('nl');
  });
});

describe('languageOf', () => {
  it('reads the primary subtag of a tag, in any case, with - or _', () => {
    expect(languageOf('de-AT')).toBe('de');
    expect(languageOf('NL_be')).toBe('nl');
    expect(languageOf('fr-CA')).toBe('fr');
  });

  it('is undefined for a language the app has no texts for, or no tag', () => {
    for (const tag of ['zz', 'deutsch', '*', '', 42, null]) expect(languageOf(tag)).toBeUndefined();
  });
});

/** The script direction CLDR gives a language (Intl.Locale#getTextInfo, not yet in TypeScript's lib). */
const textDirection = (code: string) =>
  (new Intl.Locale(code) as unknown as { getTextInfo(): { direction: string } }).getTextInfo().direction;

describe('the language table', () => {
  it('has one row per code, each a lower-case ISO 639-1 code, named in itself, with its og:locale', () => {
    expect(new Set(SUPPORTED_LANGUAGES).size).toBe(LANGUAGE_TABLE.length);
    for (const row of LANGUAGE_TABLE) {
      expect(row.code, row.code).toMatch(/^[a-z]{2}$/);
      expect(row.ogLocale, row.code).toMatch(new RegExp(`^${row.code}_[A-Z]{2}$`));
      // Its own name as the language itself writes it (Intl's display names, in that language).
      const own = new Intl.DisplayNames([row.code], { type: 'language' }).of(row.code)!;
      expect(row.name.toLocaleLowerCase(row.code), row.code).toBe(own.toLocaleLowerCase(row.code));
      expect(row.dir, row.code).toBe(textDirection(row.code));
    }
  });

  it('gives a language’s row', () => {
    expect(languageRow('sv')).toEqual({ code: 'sv', name: 'Svenska', ogLocale: 'sv_SE', dir: 'ltr' });
    expect(languageRow('fr').ogLocale).toBe('fr_FR');
  });
});
