import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Language } from '../contract/languages.ts';
import { createI18n, fetchTexts, typeName, typeText } from './setup-i18n.ts';

const files: Record<string, string> = {
  '/i18n/en.json': readFileSync('public/i18n/en.json', 'utf8'),
  '/i18n/nl.json': readFileSync('public/i18n/nl.json', 'utf8'),
  '/i18n/de.json': readFileSync('public/i18n/de.json', 'utf8'),
};
const fakeFetch = (async (url: string) =>
  files[url] ? new Response(files[url]) : new Response('', { status: 404 })) as typeof fetch;

const OFFERED: Language[] = ['nl', 'en', 'de'];
const setUp = async (language: Language) =>
  createI18n(language, OFFERED, await fetchTexts(language, OFFERED, fakeFetch));

describe('the texts fetched and set up', () => {
  it('loads the chosen language from /i18n/{lang}.json', async () => {
    const i18n = await setUp('nl');
    expect(i18n.t('login-page.title')).toBe('Inloggen');
  });

  it('falls back to English when a language file is missing', async () => {
    const i18n = createI18n('sv', ['sv', 'en'], await fetchTexts('sv', ['sv', 'en'], fakeFetch));
    expect(i18n.t('login-page.title')).toBe('Log in');
  });

  it("lays a brand's own words over the language it has them for, and leaves the others", async () => {
    const voice = { texts: { nl: { 'login-page.title': 'Aanmelden' } } };
    const i18n = createI18n('nl', OFFERED, await fetchTexts('nl', OFFERED, fakeFetch, voice));
    expect(i18n.t('login-page.title')).toBe('Aanmelden');
    expect(i18n.t('login-page.title', { lng: 'en' })).toBe('Log in');
  });
});

describe('typeName', () => {
  it('uses type.{type} when it exists', async () => {
    const i18n = await setUp('nl');
    expect(typeName(i18n, 'e-moped')).toBe('e-scooter');
    expect(typeName(i18n, 'bike')).toBe('fiets');
  });

  it('falls back to type.default for a type without a translation', async () => {
    const i18n = await setUp('en');
    expect(typeName(i18n, 'hoverboard')).toBe('bike');
  });
});

describe('typeText', () => {
  const invite = { owner: 'Sofie', bike: 'Rood' };

  it('picks the sentence each language writes for the type (i18next context)', async () => {
    const i18n = await setUp('de');
    expect(i18n.t('invite-page.invite.text', { ...invite, ...typeText(i18n, 'bike') })).toBe(
      'Sofie lädt dich ein, das Fahrrad „Rood“ mitzunutzen.',
    );
    expect(i18n.t('invite-page.invite.text', { ...invite, ...typeText(i18n, 'e-moped') })).toBe(
      'Sofie lädt dich ein, den E-Roller „Rood“ mitzunutzen.',
    );
    expect(i18n.t('meta.site.description', { brand: 'Eysing', ...typeText(i18n, 'e-moped') })).toBe(
      'Nimm eine Einladung an, einen E-Roller von Eysing mitzunutzen, und melde dich bei deinem Konto an.',
    );
  });

  it('gives a type without a sentence of its own the plain text with the generic type', async () => {
    const i18n = await setUp('en');
    expect(i18n.t('invite-page.invite.text', { ...invite, ...typeText(i18n, 'hoverboard') })).toBe(
      'Sofie invites you to use the bike “Rood”.',
    );
  });
});
