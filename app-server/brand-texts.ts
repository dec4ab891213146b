// Each brand's texts as its pages show them: its register's file of each language, its own words in
// place, checked against the build's English at start (docs/decisions/0043-brand-voice.md).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brandTextProblems, withBrandTexts } from '../src/config/brand-texts.ts';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from '../src/contract/languages.ts';
import { textFileName } from '../src/contract/registers.ts';
import type { Texts } from '../src/ssr/renderer-contract.ts';
import type { Brand } from './brands.ts';

type TextFile = Record<string, unknown>;

/** Reads the build's text files (`i18n/{name}.json`), each once. */
export function buildTexts(distDir: string): (name: string) => TextFile | undefined {
  const files = new Map<string, TextFile | undefined>();
  return (name) => {
    if (!files.has(name)) {
      const file = join(distDir, 'i18n', `${name}.json`);
      files.set(name, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as TextFile) : undefined);
    }
    return files.get(name);
  };
}

/** Throws, naming the brand's config and each key, when the brand's own words do not fit the texts they replace. */
export function checkBrandTexts(brand: Brand, read: ReturnType<typeof buildTexts>): void {
  const english = read(FALLBACK_LANGUAGE);
  if (!english || !brand.config.texts) return;
  const problems = brandTextProblems(brand.config.texts, english);
  if (problems.length > 0) throw new Error(`${brand.source}: refused by the app: ${problems.join('; ')}`);
}

/** A brand's texts of every language the build has, in its register and with its own words. */
export function brandTexts(brand: Brand, read: ReturnType<typeof buildTexts>): Texts {
  const { register, texts: own } = brand.config;
  const texts: Texts = {};
  for (const language of SUPPORTED_LANGUAGES) {
    const file = read(textFileName(language, register));
    if (file) texts[language] = withBrandTexts(file, language, own);
  }
  return texts;
}
