import { existsSync, readFileSync } from 'node:fs';

/** The colours the login pages use, for one colour scheme. */
export type Palette = {
  primary: string;
  onPrimary: string;
  accent: string;
  text: string;
  mutedText: string;
  link: string;
  background: string;
  cardBackground: string;
};

/** The light palette at the top level, the dark one (picked by the system setting) under `dark`. */
export type Theme = Palette & {
  name: string;
  dark: Palette;
  radius: number;
  buttonRadius: number;
};

const neutral: Theme = {
  name: 'Bike invite',
  primary: '#2B4C7E',
  onPrimary: '#FFFFFF',
  accent: '#5B8DEF',
  text: '#1F2328',
  mutedText: '#57606A',
  link: '#2B4C7E',
  background: '#F4F5F7',
  cardBackground: '#FFFFFF',
  dark: {
    primary: '#7BA3E6',
    onPrimary: '#0A121E',
    accent: '#5B8DEF',
    text: '#EAECF1',
    mutedText: '#A5ACB6',
    link: '#8DB0E6',
    background: '#0F1217',
    cardBackground: '#1A1F26',
  },
  radius: 8,
  buttonRadius: 6,
};

const colour = /^#[0-9A-Fa-f]{3,8}$/;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function palette(raw: Record<string, unknown>, fallback: Palette): Palette {
  const pick = (key: keyof Palette): string => {
    const value = raw[key];
    return typeof value === 'string' && colour.test(value) ? value : fallback[key];
  };
  return {
    primary: pick('primary'),
    onPrimary: pick('onPrimary'),
    accent: pick('accent'),
    text: pick('text'),
    mutedText: pick('mutedText'),
    link: pick('link'),
    background: pick('background'),
    cardBackground: pick('cardBackground'),
  };
}

function sanitize(raw: Record<string, unknown>, fallback: Theme): Theme {
  const size = (key: 'radius' | 'buttonRadius'): number =>
    typeof raw[key] === 'number' && raw[key] >= 0 && raw[key] <= 64 ? raw[key] : fallback[key];
  return {
    ...palette(raw, fallback),
    name: typeof raw.name === 'string' ? raw.name : fallback.name,
    dark: palette(isRecord(raw.dark) ? raw.dark : {}, fallback.dark),
    radius: size('radius'),
    buttonRadius: size('buttonRadius'),
  };
}

/** The brand's colours from the app's theme data; an unknown brand gets the neutral look. */
export function loadTheme(themesPath: string, brand: string): Theme {
  if (!existsSync(themesPath)) return neutral;
  const themes = JSON.parse(readFileSync(themesPath, 'utf8')) as Record<string, Record<string, unknown>>;
  const base = themes.default ? sanitize(themes.default, neutral) : neutral;
  const own = Object.hasOwn(themes, brand) ? themes[brand] : undefined;
  return own ? sanitize(own, base) : base;
}
