import { describe, expect, it } from 'vitest';
import { loadLoginTexts, loginLanguage, readLoginSection } from './login-texts.ts';

describe('loginLanguage', () => {
  it.each([
    ['de', undefined, 'de'],
    ['zz nl', 'de', 'nl'],
    ['sv', 'da', 'sv'],
    [undefined, 'nl-NL,nl;q=0.9,en;q=0.8', 'nl'],
    [undefined, 'zz;q=1, en;q=0.5, de;q=0.7', 'de'],
    [undefined, 'da-DK, en;q=0.5', 'da'],
    [undefined, 'fr-CA', 'fr'],
    [undefined, 'de;q=0, en', 'en'],
    [undefined, undefined, 'en'],
    ['', 'garbage;;;q=x', 'en'],
    [undefined, 'zz-ZZ, de-CH;q=0.9, nl;q=0.8', 'de'],
  ])('ui_locales %s, Accept-Language %s → %s', (ui, accept, expected) => {
    expect(loginLanguage(ui, accept)).toBe(expected);
  });

  it.each([
    ['sv', 'sv-SE', 'nl'],
    [undefined, 'fr-FR, sv;q=0.5', 'nl'],
    ['de', undefined, 'de'],
    [undefined, 'en-GB', 'en'],
  ])('a brand offering nl, en and de: ui_locales %s, Accept-Language %s → %s', (ui, accept, expected) => {
    expect(loginLanguage(ui, accept, { languages: ['nl', 'en', 'de'], defaultLanguage: 'nl' })).toBe(expected);
  });
});

describe('the sign-in texts', () => {
  const textsIn = loadLoginTexts({ pseudo: false });

  it('are the `ids` section of each language’s text file', () => {
    expect(textsIn('sv')('login.title')).toBe((readLoginSection('sv').login as Record<string, string>).title);
    expect(textsIn('fr')('field.password')).toBe('Mot de passe');
    expect(textsIn('de')('logo-alt', { brand: 'Sparta' })).toBe('Sparta-Logo');
  });

  it('put a number in the plural form the language’s rules ask for', () => {
    expect(textsIn('en')('field.password-hint', { count: 8 })).toBe('At least 8 characters.');
    expect(textsIn('en')('field.password-hint', { count: 1 })).toBe('At least 1 character.');
    expect(textsIn('fr')('field.password-hint', { count: 1 })).toBe('Au moins 1 caractère.');
    expect(textsIn('fr')('field.password-hint', { count: 8 })).toBe('Au moins 8 caractères.');
    expect(textsIn('fr')('field.password-hint', { count: 1_000_000 })).toBe('Au moins 1000000 de caractères.');
  });

  it('fall back to English for a text a language’s file lacks', () => {
    const partial = loadLoginTexts({ read: (language) => (language === 'en' ? readLoginSection('en') : {}) });
    expect(partial('da')('login.title')).toBe('Log in');
  });

  it('are all in the pseudo-language with the flag', () => {
    const pseudo = loadLoginTexts({ pseudo: true });
    expect(pseudo('sv')('login.title')).toMatch(/^\[Ļöĝ îñ .*\]$/);
  });
});

describe('the sign-in texts in a brand’s voice', () => {
  it('speak the brand’s register and its own words', () => {
    const textsIn = loadLoginTexts({
      pseudo: false,
      voice: { register: { de: 'sie', fr: 'tu' }, texts: { sv: { 'ids.login.title': 'Logga in hos oss' } } },
    });
    expect(textsIn('de')('login.intro')).toBe('Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.');
    expect(textsIn('de')('login.title')).toBe('Anmelden'); // a text both registers share, from de.json
    expect(textsIn('fr')('register.have-account')).toBe('Tu as déjà un compte\u202f?');
    expect(textsIn('nl')('field.name')).toBe('Je naam');
    expect(textsIn('sv')('login.title')).toBe('Logga in hos oss');
  });

  it('refuse, naming the key, words that do not fit the text they replace', () => {
    const voice = { texts: { de: { 'ids.field.password-hint_other': 'Mindestens {{anzahl}} Zeichen.' } } };
    expect(() => loadLoginTexts({ pseudo: false, voice })).toThrow(
      'texts.de.ids.field.password-hint_other: has the placeholders {{anzahl}}, the original {{count}}',
    );
  });
});
