// A brand's own words (config `texts`): put in place of the texts', and checked against them, by the
// app server, the app and the identity service alike (docs/decisions/0043-brand-voice.md).
import type { Language } from '../contract/languages.ts';

/** Per language, a text's key (`invite-page.title`, `ids.login.title`) and the brand's sentence for it. */
export type BrandTexts = Partial<Record<Language, Record<string, string>>>;

type Tree = { [key: string]: unknown };

/** The sign-in pages' texts: the `ids` section, which the identity service reads and checks. */
export const SIGN_IN_SECTION = 'ids.';

/**
 * `texts` (one language's, as its file holds them) with the brand's words for `language` in place.
 * `section`: only the keys under it, for a reader of that section alone (the identity service's
 * `ids.`); without, every key outside the sign-in section.
 */
export function withBrandTexts<T extends Tree>(
  texts: T,
  language: Language,
  own: BrandTexts | undefined,
  section?: string,
): T {
  const words = Object.entries(own?.[language] ?? {}).filter(([key]) =>
    section ? key.startsWith(section) : !key.startsWith(SIGN_IN_SECTION),
  );
  if (words.length === 0) return texts;
  const result = structuredClone(texts) as Tree;
  for (const [key, text] of words) {
    const path = (section ? key.slice(section.length) : key).split('.');
    let node = result;
    for (const name of path.slice(0, -1)) {
      const next = node[name];
      node = typeof next === 'object' && next !== null ? (next as Tree) : (node[name] = {});
    }
    node[path.at(-1)!] = text;
  }
  return result as T;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...text.matchAll(/{{\s*([^{}]*?)\s*}}/g)].map((m) => m[1]!).toSorted();
const listed = (names: string[]) => (names.length ? names.map((name) => `{{${name}}}`).join(' ') : 'none');

/** A text of a tree by its key (`a.b.c`), if it is one. */
function textAt(tree: Tree, key: string): string | undefined {
  let node: unknown = tree;
  for (const name of key.split('.'))
    node = typeof node === 'object' && node !== null ? (node as Tree)[name] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * What is wrong with the brand's words, each naming its key as the config does (`texts.sv.…: why`).
 * `english`: English's texts as the reader has them, the shape every language's file has (the
 * translation check holds it). A key another reader shows (`theirs`; by default the sign-in section's, which
 * the identity service checks) is checked here only for what needs no original.
 */
export function brandTextProblems(
  own: BrandTexts | undefined,
  english: Tree,
  theirs = (key: string) => key.startsWith(SIGN_IN_SECTION),
): string[] {
  const problems: string[] = [];
  for (const [language, words] of Object.entries(own ?? {})) {
    const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
    for (const [key, text] of Object.entries(words ?? {})) {
      const problem = (why: string) => problems.push(`texts.${language}.${key}: ${why}`);
      if (!text.trim()) problem('must not be empty');
      else if (/[<>]/.test(text) || /\$t\(/.test(text) || /{{(?![^{}]*}})|(?<!{{[^{}]*)}}/.test(text))
        problem('must be plain text, without markup (< > or $t()) or a brace short');
      const form = PLURAL.exec(key)?.[1];
      const original = form
        ? forms.includes(form)
          ? (textAt(english, key) ?? textAt(english, key.replace(PLURAL, '_other')))
          : undefined
        : textAt(english, key);
      if (original === undefined) {
        if (form && textAt(english, key.replace(PLURAL, '_other')) !== undefined)
          problem(`is no plural form of ${language} (its forms: ${forms.join(', ')})`);
        else if (!theirs(key)) problem('is no text there is');
        continue;
      }
      const wanted = placeholders(original);
      const used = placeholders(text);
      // A language may say "the vehicle" where English names {{type}} (decision 0031).
      if (wanted.some((name) => name !== 'type' && !used.includes(name)) || used.some((name) => !wanted.includes(name)))
        problem(`has the placeholders ${listed(used)}, the original ${listed(wanted)}`);
      if (text.length > 2 * original.length + 40)
        problem(`is ${text.length} characters long: at most ${2 * original.length + 40} (twice the original, and 40)`);
    }
  }
  return problems;
}
