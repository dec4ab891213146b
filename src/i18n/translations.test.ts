import { readdirSync, readFileSync } from 'node:fs';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGE_TABLE, type Language } from '../contract/languages.ts';
import { layOver, REGISTERS } from '../contract/registers.ts';
import { ENGLISH_WORDS, FORBIDDEN_ADDRESS, OWN_LETTERS, SAME_AS_ENGLISH, WRONG_WORDS } from './translation-rules.ts';

// Every check runs over the files public/i18n holds: a new language's file is checked with no edit
// here (docs/configuration.md, "Adding a language"). A failure names the language and the keys.
const DIR = 'public/i18n';
const codes = readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length))
  .toSorted();

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...flat, [name]: value } : { ...flat, ...flatten(value, name) };
  }, {});
}

const read = (file: string) => JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8')) as Tree;
// A register's file (public/i18n/registers/{code}-{register}.json) holds only the texts it words differently.
const variants = readdirSync(`${DIR}/registers`)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length))
  .toSorted();
const languageOfSet = (name: string) => name.split('-')[0]!;
const registerOfSet = (name: string) =>
  name.split('-')[1] ?? REGISTERS[name as Language]?.[0] ?? Object.keys(FORBIDDEN_ADDRESS[name] ?? {})[0];

const texts: Record<string, Record<string, string>> = Object.fromEntries([
  ...codes.map((code) => [code, flatten(read(`${code}.json`))]),
  ...variants.map((name) => [
    name,
    flatten(layOver(read(`${languageOfSet(name)}.json`), read(`registers/${name}.json`))),
  ]),
]);
const english = texts[FALLBACK_LANGUAGE] ?? {};

const PLURAL = /_(zero|one|two|few|many|other)$/;
const withoutPlural = (key: string) => key.replace(PLURAL, '');
/** The plural forms a language needs, as CLDR (Intl.PluralRules, which i18next uses) names them. */
const pluralForms = (code: string) => new Intl.PluralRules(code).resolvedOptions().pluralCategories;

/** The keys a language must have: English's, each plural in the forms the language's rules name. */
function expectedKeys(code: string): string[] {
  const plurals = new Set(
    Object.keys(english)
      .filter((key) => PLURAL.test(key))
      .map(withoutPlural),
  );
  return [
    ...Object.keys(english).filter((key) => !PLURAL.test(key)),
    ...[...plurals].flatMap((key) => pluralForms(code).map((form) => `${key}_${form}`)),
  ].toSorted();
}

/** The English text a key translates; for a plural form, English's `other`. */
const englishFor = (key: string) => english[key] ?? english[`${withoutPlural(key)}_other`] ?? '';

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]!).toSorted();
/** The words of a text, its placeholders left out. */
const words = (text: string) => text.replace(/{{[^}]*}}/g, ' ').match(/[\p{L}']+/gu) ?? [];
const failures = (found: [string, string][]) => found.map(([key, why]) => `${key}: ${why}`);

describe('the language table (src/contract/languages.ts) and the files in public/i18n', () => {
  it('have a file for every row and a row for every file', () => {
    expect(codes).toEqual(LANGUAGE_TABLE.map((row) => row.code).toSorted());
  });

  it('have a file for every register but a language’s first (src/contract/registers.ts), and no other', () => {
    const registers = Object.entries(REGISTERS).flatMap(([code, [, ...others]]) => others.map((r) => `${code}-${r}`));
    expect(variants).toEqual(registers.toSorted());
  });

  it.each(variants)('%s holds only texts its language words otherwise, each once', (name) => {
    const base = texts[languageOfSet(name)]!;
    const own = flatten(read(`registers/${name}.json`));
    expect(Object.keys(own).filter((key) => !(key in base) || base[key] === own[key])).toEqual([]);
  });
});

describe.each([...codes, ...variants])('the texts in %s', (set) => {
  const own = texts[set]!;
  const code = languageOfSet(set);

  it('has every key of English, each plural in the forms its language needs, and no other key', () => {
    const keys = Object.keys(own);
    const expected = expectedKeys(code);
    expect({
      missing: expected.filter((key) => !keys.includes(key)),
      extra: keys.filter((key) => !expected.includes(key)),
    }).toEqual({ missing: [], extra: [] });
  });

  it('has no empty text', () => {
    expect(Object.keys(own).filter((key) => !own[key]!.trim())).toEqual([]);
  });

  // A language may say "the vehicle" where English names {{type}}: its articles may differ per type.
  it('uses the placeholders English uses, and no others ({{type}} may be left out)', () => {
    const found: [string, string][] = [];
    for (const [key, text] of Object.entries(own)) {
      const wanted = placeholders(englishFor(key));
      const used = placeholders(text);
      const required = wanted.filter((name) => name !== 'type');
      if (required.some((name) => !used.includes(name)) || used.some((name) => !wanted.includes(name)))
        found.push([key, `has {{${used.join('}} {{')}}}, English {{${wanted.join('}} {{')}}}`]);
    }
    expect(failures(found)).toEqual([]);
  });

  it('has no malformed placeholder (a brace short)', () => {
    const found = Object.entries(own).filter(([, text]) => /[{}]/.test(text.replace(/{{\s*\w+\s*}}/g, '')));
    expect(found.map(([key]) => key)).toEqual([]);
  });

  it.skipIf(code === FALLBACK_LANGUAGE)('is translated: no text as English has it, no English word', () => {
    const found: [string, string][] = [];
    for (const [key, text] of Object.entries(own)) {
      if (text === englishFor(key) && !SAME_AS_ENGLISH.has(key)) found.push([key, 'the same as English']);
      const left = words(text).filter((word) => ENGLISH_WORDS.includes(word.toLowerCase()));
      if (left.length > 0) found.push([key, `English word "${left.join('", "')}"`]);
    }
    expect(failures(found)).toEqual([]);
  });

  const letters = OWN_LETTERS[code];
  it.skipIf(!letters)(`uses its own letters somewhere in the file (${letters ?? 'no rule yet'})`, () => {
    const all = Object.values(own).join(' ');
    expect([...letters!].filter((letter) => !all.includes(letter))).toEqual([]);
  });

  const avoid = WRONG_WORDS[code];
  it.skipIf(!avoid)(`uses none of its wrong words (${avoid?.words.join(', ') ?? 'no rule yet'})`, () => {
    const found = Object.entries(own).filter(([, text]) =>
      words(text).some((word) => avoid!.words.some((bad) => word.toLowerCase().startsWith(bad))),
    );
    expect(found.map(([key]) => `${key}: ${avoid!.why}`)).toEqual([]);
  });

  // A command (a short text's first word) ends in the language's one spelling: Danish "Opdater" beside
  // "Opdatér" is one verb spelt two ways.
  it('spells its commands one way: a word ending with an accent or without, not both', () => {
    const endings = new Map<string, Set<string>>();
    for (const text of Object.values(own)) {
      const first = /^[\p{L}]{4,}/u.exec(text)?.[0];
      if (!first || /[.!?:]/.test(text) || text.split(/\s+/).length > 4) continue;
      const ending = first.slice(-2).toLowerCase();
      const folded = ending
        .normalize('NFD')
        .replace(/\u0301/g, '')
        .normalize('NFC');
      endings.set(folded, (endings.get(folded) ?? new Set()).add(ending));
    }
    expect([...endings.values()].filter((spellings) => spellings.size > 1).map((s) => [...s])).toEqual([]);
  });

  // One screen (a section of the file), two commands, one text: French
  // "Retirer" for removing a rider and for withdrawing an invite.
  it.skipIf(code === FALLBACK_LANGUAGE)('gives different texts of one screen different words', () => {
    const seen = new Map<string, string>();
    const found: string[] = [];
    for (const [key, text] of Object.entries(own)) {
      if (key.startsWith('ids.')) continue; // a page's title may be its button's text
      const base = withoutPlural(key);
      const screen = key.split('.')[0]!;
      const first = seen.get(`${screen} ${text}`);
      if (first && first !== base && englishFor(first) !== englishFor(base)) found.push(`${first}, ${base}: "${text}"`);
      else seen.set(`${screen} ${text}`, base);
    }
    expect(found).toEqual([]);
  });

  const register = registerOfSet(set);
  const address = register ? FORBIDDEN_ADDRESS[code]?.[register] : undefined;
  const fold = (word: string) => (address?.caseSensitive ? word : word.toLowerCase());
  it.skipIf(!address)(`keeps one register${address ? `: ${register}` : ' (no rule yet)'}`, () => {
    const found: [string, string][] = [];
    for (const [key, text] of Object.entries(own)) {
      const wrong = words(text).filter(
        (word) => address!.words.some((form) => fold(word) === fold(form)) || address!.pattern?.test(word),
      );
      if (wrong.length > 0) found.push([key, `"${wrong.join('", "')}"`]);
    }
    expect(failures(found)).toEqual([]);
  });
});

describe('English, which every language follows', () => {
  const types = Object.keys(english)
    .filter((key) => key.startsWith('type.') && key !== 'type.default')
    .map((key) => key.slice('type.'.length));

  it('has a sentence of its own for each type wherever a text names the vehicle (i18next context)', () => {
    const naming = Object.keys(english).filter(
      (key) => placeholders(english[key]!).includes('type') && !types.some((type) => key.endsWith(`_${type}`)),
    );
    expect(naming.length).toBeGreaterThan(0);
    const missing = naming.flatMap((key) => types.map((type) => `${key}_${type}`)).filter((key) => !english[key]);
    expect(missing).toEqual([]);
    // Each such sentence names its type in words, not through {{type}}.
    const pasted = naming
      .flatMap((key) => types.map((type) => `${key}_${type}`))
      .filter((key) => /{{\s*type/.test(english[key] ?? ''));
    expect(pasted).toEqual([]);
  });
});

// Checked by `npm run typecheck` (tsc -b), not at run time: src/i18n/i18next.d.ts types t() with
// the English file's keys. Without it, the @ts-expect-errors below are unused, which tsc reports.
const someTexts = (t: TFunction) => [
  t('invite-page.title'),
  t('invite-accepted-page.content.text.mobile', { type: 'bike' }),
  // @ts-expect-error: a typo is not a key
  t('invite-page.titel'),
  // @ts-expect-error: the identity service's texts are not the app's
  t('ids.login.title'),
];

describe('typed text keys', () => {
  it('t() takes only keys of public/i18n/en.json', () => {
    const echo = ((key: string) => key) as unknown as TFunction;
    expect(someTexts(echo)).toEqual([
      'invite-page.title',
      'invite-accepted-page.content.text.mobile',
      'invite-page.titel',
      'ids.login.title',
    ]);
  });
});
