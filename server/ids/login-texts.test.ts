import { describe, expect, it } from 'vitest';
import { loginLanguage, loginTexts } from './login-texts.ts';

describe('loginLanguage', () => {
  it.each([
    ['de', undefined, 'de'],
    ['fr nl', 'de', 'nl'],
    [undefined, 'nl-NL,nl;q=0.9,en;q=0.8', 'nl'],
    [undefined, 'fr;q=1, en;q=0.5, de;q=0.7', 'de'],
    [undefined, 'de;q=0, en', 'en'],
    [undefined, undefined, 'en'],
    ['', 'garbage;;;q=x', 'en'],
    [undefined, 'fr-CH, de-CH;q=0.9, nl;q=0.8', 'de'],
  ])('ui_locales %s, Accept-Language %s → %s', (ui, accept, expected) => {
    expect(loginLanguage(ui, accept)).toBe(expected);
  });

  it('has every text in every language', () => {
    const keys = Object.keys(loginTexts.en).toSorted();
    for (const texts of Object.values(loginTexts)) expect(Object.keys(texts).toSorted()).toEqual(keys);
  });
});
