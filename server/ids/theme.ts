import { existsSync, readFileSync } from 'node:fs';

export type Theme = {
  name: string;
  primary: string;
  onPrimary: string;
  text: string;
  mutedText: string;
  link: string;
  background: string;
  cardBackground: string;
  radius: number;
  buttonRadius: number;
};

const neutral: Theme = {
  name: 'Bike invite',
  primary: '#2B4C7E',
  onPrimary: '#FFFFFF',
  text: '#1F2328',
  mutedText: '#57606A',
  link: '#2B4C7E',
  background: '#F4F5F7',
  cardBackground: '#FFFFFF',
  radius: 8,
  buttonRadius: 6,
};

const colour = /^#[0-9A-Fa-f]{3,8}$/;

function sanitize(raw: Record<string, unknown>, fallback: Theme): Theme {
  const pick = (key: keyof Theme): string =>
    typeof raw[key] === 'string' && colour.test(raw[key]) ? raw[key] : String(fallback[key]);
  const size = (key: 'radius' | 'buttonRadius'): number =>
    typeof raw[key] === 'number' && raw[key] >= 0 && raw[key] <= 64 ? raw[key] : fallback[key];
  return {
    name: typeof raw.name === 'string' ? raw.name : fallback.name,
    primary: pick('primary'),
    onPrimary: pick('onPrimary'),
    text: pick('text'),
    mutedText: pick('mutedText'),
    link: pick('link'),
    background: pick('background'),
    cardBackground: pick('cardBackground'),
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
