import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './choose-language.ts';

describe('chooseLanguage', () => {
  const all = ['nl', 'en', 'de'] as const;

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
});
