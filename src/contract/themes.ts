// The brands and their colours, for the app, the renderer, the sign-in pages and the image script.
import themes from './themes.json' with { type: 'json' };

export type CardStyle = 'shadow' | 'outline' | 'flat';

/** The colours of one scheme; every text colour keeps 4.5:1 on the surface it is drawn on. */
export type Palette = {
  primary: string;
  onPrimary: string;
  accent: string;
  onAccent: string;
  link: string;
  text: string;
  mutedText: string;
  background: string;
  cardBackground: string;
};

/** A brand: its light palette at the top level, its dark one under `dark` (chosen by the system setting). */
export type Theme = Palette & {
  name: string;
  dark: Palette;
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
