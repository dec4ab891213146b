// How a language's texts address the reader, the brand's choice (config `register`; decision 0043).
// The first register of a language is its file's own, public/i18n/{code}.json; each other one is a file
// of only the texts it words differently, public/i18n/registers/{code}-{register}.json, laid over it.
import type { Language } from './languages.ts';

export const REGISTERS: Partial<Record<Language, readonly [string, ...string[]]>> = {
  nl: ['je', 'u'],
  de: ['du', 'sie'],
  sv: ['du'],
  da: ['du'],
  fr: ['vous', 'tu'],
};

/** A brand's choice of register per language; a language it leaves out speaks its file's own. */
export type RegisterChoice = Partial<Record<Language, string>>;

/** The register a language speaks in for a brand: its choice when the language has it, else the file's own. */
export function registerOf(language: Language, choice: RegisterChoice | undefined): string | undefined {
  const registers = REGISTERS[language];
  const chosen = choice?.[language];
  return chosen && registers?.includes(chosen) ? chosen : registers?.[0];
}

/** The name of the texts' file for a language in a brand's register: `de`, or `de-sie` for a register laid over it. */
export function textFileName(language: Language, choice: RegisterChoice | undefined): string {
  const register = registerOf(language, choice);
  return register && register !== REGISTERS[language]?.[0] ? `${language}-${register}` : language;
}

type Tree = { [key: string]: unknown };
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `base` with every text `over` holds in its place (nested sections merged, not replaced). */
export function layOver<T extends Tree>(base: T, over: Tree): T {
  const merged: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    merged[key] = isTree(current) && isTree(value) ? layOver(current, value) : value;
  }
  return merged as T;
}
