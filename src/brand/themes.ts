import themes from './themes.json';

export type CardStyle = 'shadow' | 'outline' | 'flat';

export type Theme = {
  name: string;
  primary: string;
  onPrimary: string;
  accent: string;
  onAccent: string;
  link: string;
  text: string;
  mutedText: string;
  background: string;
  cardBackground: string;
  radius: number;
  buttonRadius: number;
  cardStyle: CardStyle;
  bikeImageWidth: string;
};

export const BRAND_NAMES = [
  'axa',
  'batavus',
  'crescent',
  'monark',
  'eysing',
  'qwic',
  'sparta',
  'ua',
  'zemo',
  'dutchid',
  'stella',
  'brekr',
  'kildemoes',
  'decathlon',
  'lovens',
  'timyo',
] as const;

export type BrandName = (typeof BRAND_NAMES)[number];

const THEMES = themes as Record<BrandName | 'default', Theme>;

export const NEUTRAL_THEME: Theme = THEMES.default;

export function isBrand(app: string): app is BrandName {
  return (BRAND_NAMES as readonly string[]).includes(app);
}

/** The brand's theme; an unknown app gets the neutral look. */
export function themeFor(app: string): Theme {
  return isBrand(app) ? THEMES[app] : NEUTRAL_THEME;
}
