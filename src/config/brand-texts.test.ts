import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brandTextProblems, SIGN_IN_SECTION, withBrandTexts } from './brand-texts.ts';
import { parseConfig } from './parse-config.ts';

const english = JSON.parse(readFileSync('public/i18n/en.json', 'utf8')) as Record<string, unknown>;

describe('a brand’s own words in its config', () => {
  it('are read with its register per language, and refused for a register the language has not', () => {
    const read = parseConfig(JSON.stringify({ register: { de: 'sie', fr: 'tu' }, texts: { sv: { 'a.b': 'c' } } }));
    expect(read.ok && read.config.register).toEqual({ de: 'sie', fr: 'tu' });
    const wrong = parseConfig(JSON.stringify({ register: { de: 'ihr' } }));
    expect(!wrong.ok && wrong.detail).toBe('register.de: must be one of du, sie');
    const unknown = parseConfig(JSON.stringify({ register: { en: 'thou' } }));
    expect(!unknown.ok && unknown.detail).toMatch(/^register\.en: /);
  });

  it('are refused in a language the brand does not offer, naming it', () => {
    const read = parseConfig(
      JSON.stringify({ languages: ['sv', 'en'], texts: { de: { 'invite-page.title': 'Hallo' } } }),
    );
    expect(!read.ok && read.detail).toBe('texts: must name only languages offered');
  });

  it('pass when they fit: a key there is, its placeholders, the language’s plural forms', () => {
    const own = {
      sv: { 'invite-page.title': 'Välkommen – någon vill dela sin cykel med dig' },
      fr: { 'owner-invite.days_many': '{{count}} de jours' },
      de: { 'owner-home.riders.since': 'Fährt seit dem {{date}} mit' },
    };
    expect(brandTextProblems(own, english)).toEqual([]);
  });

  it('are refused, each naming its key: a wrong placeholder, an unknown key, a plural form the language has not, markup, a blank, an overlong text', () => {
    const own = {
      sv: {
        'invite-page.invite.text_bike': '{{ägare}} bjuder in dig att använda {{bike}}.',
        'invite-page.titel': 'Hej',
        'owner-invite.days_many': '{{count}} dagar',
        'invite-page.title': 'Du är <b>inbjuden</b>',
        'invite-page.btn.accept': ' ',
        'invite-page.btn.decline': 'Nej'.repeat(40),
      },
    };
    expect(brandTextProblems(own, english)).toEqual([
      'texts.sv.invite-page.invite.text_bike: has the placeholders {{bike}} {{ägare}}, the original {{bike}} {{owner}}',
      'texts.sv.invite-page.titel: is no text there is',
      'texts.sv.owner-invite.days_many: is no plural form of sv (its forms: one, other)',
      'texts.sv.invite-page.title: must be plain text, without markup (< > or $t()) or a brace short',
      'texts.sv.invite-page.btn.accept: must not be empty',
      'texts.sv.invite-page.btn.decline: is 120 characters long: at most 54 (twice the original, and 40)',
    ]);
  });

  it('leave the sign-in pages’ keys to the identity service, and check those there against its section', () => {
    const own = { de: { 'ids.login.title': 'Einloggen', 'ids.login.titel': 'x', 'invite-page.title': 'Hallo' } };
    const app = { ...english, ids: undefined };
    expect(brandTextProblems(own, app)).toEqual([]);
    const signIn = { ids: english.ids };
    expect(brandTextProblems(own, signIn, (key) => !key.startsWith(SIGN_IN_SECTION))).toEqual([
      'texts.de.ids.login.titel: is no text there is',
    ]);
  });

  it('take the place of the texts they name, and of no other', () => {
    const texts = { 'invite-page': { title: 'Du har blivit inbjuden', btn: { accept: 'Acceptera' } } };
    const own = {
      sv: { 'invite-page.title': 'Välkommen', 'ids.login.title': 'Logga in här' },
      de: { 'invite-page.title': 'Hallo' },
    };
    expect(withBrandTexts(texts, 'sv', own)).toEqual({
      'invite-page': { title: 'Välkommen', btn: { accept: 'Acceptera' } },
    });
    expect(texts['invite-page'].title).toBe('Du har blivit inbjuden');
    expect(withBrandTexts({ login: { title: 'Logga in' } }, 'sv', own, SIGN_IN_SECTION)).toEqual({
      login: { title: 'Logga in här' },
    });
  });
});
