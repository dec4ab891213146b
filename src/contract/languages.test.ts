import { describe, expect, it } from 'vitest';
import { chooseLanguage, languageOf } from './languages.ts';

const all = ['nl', 'en', 'de'] as const;

describe('chooseLanguage', () => {
  it('takes the browser language when the app offers it', () => {
    expect(chooseLanguage(['nl-NL', 'en'], [...all])).toBe('nl');
    expect(chooseLanguage(['de-AT'], [...all])).toBe('de');
  });

  it('goes down the browser’s list to the first offered language', () => {
    expect(chooseLanguage(['fr-FR', 'de'], [...all])).toBe('de');
  });

  it('falls back to English', () => {
    expect(chooseLanguage(['fr', 'es'], [...all])).toBe('en');
    expect(chooseLanguage([], [...all])).toBe('en');
  });

  it('respects the languages a brand configured', () => {
    expect(chooseLanguage(['de'], ['nl', 'en'])).toBe('en');
    expect(chooseLanguage(['fr'], ['nl'])).toBe('nl');
  });

  it('skips values that are no language tag at all', () => {
    expect(chooseLanguage([undefined, null, 42, { lang: 'de' }, '', 'nl'], [...all])).toBe('nl');
  });
});

describe('languageOf', () => {
  it('reads the primary subtag of a tag, in any case, with - or _', () => {
    expect(languageOf('de-AT')).toBe('de');
    expect(languageOf('NL_be')).toBe('nl');
  });

  it('is undefined for a language the app has no texts for, or no tag', () => {
    for (const tag of ['fr', 'deutsch', '*', '', 42, null]) expect(languageOf(tag)).toBeUndefined();
  });
});
