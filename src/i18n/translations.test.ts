import { readFileSync } from 'node:fs';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const load = (language: string) => JSON.parse(readFileSync(`public/i18n/${language}.json`, 'utf8')) as Tree;
const languages = { nl: load('nl'), en: load('en'), de: load('de') };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...flat, [name]: value } : { ...flat, ...flatten(value, name) };
  }, {});
}

// The keys every language must have: those the app was first specified with, plus the keys this
// project added in the same style (docs/behaviour/language.md#the-texts).
const REQUIRED_KEYS = `
type.bike type.e-moped type.default
common.loading common.retry common.error.network common.error.unknown
app-header.logo-alt app-header.language.label app-header.language.failed user-card.avatar-alt
invite-page.title invite-page.invite.title invite-page.invite.text
invite-page.btn.decline invite-page.btn.accept
invite-page.login.title invite-page.login.text invite-page.login.btn
invite-page.confirm.title invite-page.confirm.text invite-page.btn.logout invite-page.btn.confirm
invite-decline-page.title invite-decline-page.content.text invite-decline-page.btn.back invite-decline-page.app-link
invite-accepted-page.title invite-accepted-page.content.title
invite-accepted-page.content.text.mobile invite-accepted-page.content.text.non-mobile invite-accepted-page.btn.right
invite-prev-accepted-page.title invite-prev-accepted-page.content.title
invite-prev-accepted-page.content.text.mobile invite-prev-accepted-page.content.text.non-mobile invite-prev-accepted-page.btn.right
invite-invalid-page.title invite-invalid-page.content.text
login-page.title login-page.btn.login login-page.greeting login-page.btn.logout
app-download-page.title app-download-page.text app-download-page.link
not-found-page.title not-found-page.text not-found-page.link
store.google-play store.app-store
qr-hand-off.title qr-hand-off.text qr-hand-off.alt qr-hand-off.link invite-page.bike-alt
login.failed
config-error.title config-error.text
`
  .split(/\s+/)
  .filter(Boolean);

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).toSorted();

describe('translations', () => {
  const flat = Object.fromEntries(Object.entries(languages).map(([lang, tree]) => [lang, flatten(tree)]));

  it.each(Object.keys(languages))('%s has every required key, none empty', (lang) => {
    for (const key of REQUIRED_KEYS) expect(flat[lang]![key]?.trim(), `${lang}: ${key}`).toBeTruthy();
  });

  it('all three languages have exactly the same keys', () => {
    expect(Object.keys(flat.nl!).toSorted()).toEqual(Object.keys(flat.en!).toSorted());
    expect(Object.keys(flat.de!).toSorted()).toEqual(Object.keys(flat.en!).toSorted());
  });

  // German may say "das Fahrzeug" instead of naming the type: its articles differ per type.
  const optional = new Set(['type']);
  it('every translation uses the placeholders English uses, and no others', () => {
    for (const [key, english] of Object.entries(flat.en!)) {
      const required = placeholders(english).filter((name) => !optional.has(name!));
      for (const lang of ['nl', 'de']) {
        const used = placeholders(flat[lang]![key]!);
        expect(
          used.filter((name) => !optional.has(name!)),
          `${lang}: ${key}`,
        ).toEqual(required);
        for (const name of used) expect(placeholders(english), `${lang}: ${key}`).toContain(name);
      }
    }
  });

  it('no placeholder is malformed (a brace short)', () => {
    for (const [lang, texts] of Object.entries(flat))
      for (const [key, text] of Object.entries(texts))
        expect(text.replace(/{{\s*\w+\s*}}/g, ''), `${lang}: ${key}`).not.toMatch(/[{}]/);
  });

  it('Dutch and German texts are translated, not copied from English', () => {
    const sameEverywhere = new Set(['invite-page.invite.title']); // only a name
    for (const [key, english] of Object.entries(flat.en!)) {
      if (sameEverywhere.has(key)) continue;
      expect(flat.nl![key], `nl: ${key}`).not.toBe(english);
      expect(flat.de![key], `de: ${key}`).not.toBe(english);
    }
  });
});

// Checked by `npm run typecheck` (tsc -b), not at run time: src/i18n/i18next.d.ts types t() with
// the English file's keys. Without it, the @ts-expect-error below is unused, which tsc reports.
const someTexts = (t: TFunction) => [
  t('invite-page.title'),
  t('invite-accepted-page.content.text.mobile', { type: 'bike' }),
  // @ts-expect-error: a typo is not a key
  t('invite-page.titel'),
];

describe('typed text keys', () => {
  it('t() takes only keys of public/i18n/en.json', () => {
    const echo = ((key: string) => key) as unknown as TFunction;
    expect(someTexts(echo)).toEqual([
      'invite-page.title',
      'invite-accepted-page.content.text.mobile',
      'invite-page.titel',
    ]);
  });
});
