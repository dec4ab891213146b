import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../src/config/defaults.ts';
import { brandLogoPath, DEFAULT_LOGO_PATH } from '../src/contract/brand-assets.ts';
import type { Language } from '../src/contract/languages.ts';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepMerge(base: Json, override: Json): Json {
  const result: Json = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = result[key];
    result[key] = isObject(current) && isObject(value) ? deepMerge(current, value) : value;
  }
  return result;
}

function readJson(path: string): Json {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!isObject(parsed)) throw new Error(`${path} must hold a JSON object`);
  return parsed;
}

/** The brand's logo; a brand the build has no logo for gets the neutral one instead of a broken image. */
export function brandLogo(distDir: string, brand: string): string {
  const own = brandLogoPath(brand);
  const hasBuild = existsSync(join(distDir, 'index.html'));
  return !hasBuild || existsSync(join(distDir, own)) ? own : DEFAULT_LOGO_PATH;
}

type Offer = { languages: Language[]; defaultLanguage: Language };

// Each brand's languages in its home market, the first its default (docs/configuration.md); Decathlon
// sells across Europe, so it offers Dutch and German besides French and English.
const NETHERLANDS: Offer = { languages: ['nl', 'en', 'de'], defaultLanguage: 'nl' };
const SWEDEN: Offer = { languages: ['sv', 'en'], defaultLanguage: 'sv' };
const DENMARK: Offer = { languages: ['da', 'en'], defaultLanguage: 'da' };
const EUROPE_FROM_FRANCE: Offer = { languages: ['fr', 'en', 'nl', 'de'], defaultLanguage: 'fr' };
const BRAND_LANGUAGES: Record<string, Offer> = {
  crescent: SWEDEN,
  monark: SWEDEN,
  kildemoes: DENMARK,
  decathlon: EUROPE_FROM_FRANCE,
};

/** The languages a brand offers and its default: its market's (the Dutch market's when not named above). */
export const brandLanguages = (brand: string): Offer => BRAND_LANGUAGES[brand] ?? NETHERLANDS;

// Two brands show a brand's voice (docs/brand-voice.md): Batavus addresses its riders formally, Monark
// greets an invitee in its own words.
const BRAND_VOICES: Record<string, Json> = {
  batavus: { register: { nl: 'u', de: 'sie' } },
  monark: {
    texts: {
      sv: {
        'invite-page.title': 'Välkommen – en cykel väntar på dig',
        'meta.invite.title': '{{owner}} vill dela ”{{bike}}” med dig',
      },
    },
  },
};

/** The config.json the demo serves for a brand: the build's, with the brand's own and `override` merged over it. */
export function buildAppConfig(
  distDir: string,
  brand: string,
  overridePath: string | undefined,
  override: Json | undefined = undefined,
): Json {
  const shipped = join(distDir, 'assets', 'config.json');
  // Without a config.json in the build (e.g. no built app), the app's own defaults.
  const base = existsSync(shipped) ? readJson(shipped) : DEFAULT_CONFIG;
  const branded = {
    ...base,
    app: brand,
    logo: brandLogo(distDir, brand),
    ...brandLanguages(brand),
    ...BRAND_VOICES[brand],
  };
  const fromFile = overridePath ? deepMerge(branded, readJson(overridePath)) : branded;
  return override ? deepMerge(fromFile, override) : fromFile;
}
