import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CSS_NAMES } from './apply-theme.ts';
import { contrastRatio } from './contrast.ts';
import { brandLogoPath, inviteGraphicPath } from '../contract/brand-assets.ts';
import { BRAND_NAMES, NEUTRAL_THEME, themeFor, type Palette, type Theme } from '../contract/themes.ts';

const COLOURS = [
  'primary',
  'onPrimary',
  'accent',
  'onAccent',
  'link',
  'text',
  'mutedText',
  'background',
  'cardBackground',
] as const;

// Every pair of text and the surface it is drawn on.
const SURFACES: [keyof Palette, keyof Palette][] = [
  ['text', 'background'],
  ['text', 'cardBackground'],
  ['mutedText', 'background'],
  ['mutedText', 'cardBackground'],
  ['link', 'background'],
  ['link', 'cardBackground'],
  ['onPrimary', 'primary'],
  ['onAccent', 'accent'],
];

const SCHEMES = {
  light: (theme: Theme): Palette => theme,
  dark: (theme: Theme): Palette => theme.dark,
};
const EVERY_THEME = [...BRAND_NAMES, 'default'];
const EVERY_THEME_AND_SCHEME = EVERY_THEME.flatMap((brand) =>
  (['light', 'dark'] as const).map((scheme) => [brand, scheme] as const),
);

const SPEC_BRANDS =
  'axa batavus crescent monark eysing qwic sparta ua zemo dutchid stella brekr kildemoes decathlon lovens timyo';

describe('brand themes', () => {
  it('has the sixteen brands of the spec', () => {
    expect([...BRAND_NAMES].toSorted()).toEqual(SPEC_BRANDS.split(' ').toSorted());
  });

  it.each(EVERY_THEME)('%s is complete, with a dark palette of the same colours', (brand) => {
    const theme = themeFor(brand);
    for (const colour of COLOURS) expect(theme[colour], `${brand}.${colour}`).toMatch(/^#[0-9A-F]{6}$/i);
    expect(Object.keys(theme.dark).toSorted(), `${brand}.dark`).toEqual([...COLOURS].toSorted());
    for (const colour of COLOURS) expect(theme.dark[colour], `${brand}.dark.${colour}`).toMatch(/^#[0-9A-F]{6}$/i);
    expect(theme.name.length).toBeGreaterThan(0);
    expect(theme.radius).toBeGreaterThanOrEqual(0);
    expect(theme.buttonRadius).toBeGreaterThanOrEqual(0);
    expect(['shadow', 'outline', 'flat']).toContain(theme.cardStyle);
    expect(theme.bikeImageWidth).toBe(brand === 'qwic' ? '20%' : '35%');
  });

  it.each(EVERY_THEME_AND_SCHEME)('%s keeps text contrast of at least 4.5:1 on every %s surface', (brand, scheme) => {
    const palette = SCHEMES[scheme](themeFor(brand));
    for (const [fg, bg] of SURFACES) {
      const ratio = contrastRatio(palette[fg], palette[bg]);
      expect(ratio, `${brand} ${scheme}: ${fg} on ${bg} is ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(EVERY_THEME)('%s is dark in dark mode', (brand) => {
    const { dark } = themeFor(brand);
    // Light text on dark surfaces, and the primary colour (buttons, spinner) stands out from both.
    expect(contrastRatio(dark.background, '#000000'), `${brand}: dark background`).toBeLessThan(1.5);
    expect(contrastRatio(dark.cardBackground, '#000000'), `${brand}: dark card`).toBeLessThan(2);
    expect(contrastRatio(dark.text, '#000000'), `${brand}: dark text`).toBeGreaterThan(12);
    for (const surface of ['background', 'cardBackground'] as const) {
      const ratio = contrastRatio(dark.primary, dark[surface]);
      expect(ratio, `${brand}: dark primary on ${surface} is ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(EVERY_THEME)('%s has a logo that keeps 4.5:1 on its header bar, and invite graphics', (brand) => {
    const theme = themeFor(brand);
    // The header keeps the light primary in both schemes (ui.css), the colour the logo is drawn for.
    const logo = readFileSync(`public${brandLogoPath(brand)}`, 'utf8');
    const wordmark = /<text[^>]* fill="(#[0-9A-F]{6})"/i.exec(logo)?.[1] ?? '';
    expect(contrastRatio(wordmark, theme.primary), `${brand}: logo text on the header`).toBeGreaterThanOrEqual(4.5);
    expect(existsSync(`public${inviteGraphicPath(brand)}`)).toBe(true);
    expect(existsSync(`public${inviteGraphicPath(brand, 'dark')}`)).toBe(true);
  });

  it('gives an unknown app the neutral look', () => {
    expect(themeFor('unknown-brand')).toBe(NEUTRAL_THEME);
    expect(themeFor('')).toBe(NEUTRAL_THEME);
  });

  it('no two brands look the same', () => {
    const looks = BRAND_NAMES.map((brand) => {
      const t = themeFor(brand);
      return [t.primary, t.accent, t.background, t.radius, t.cardStyle].join();
    });
    expect(new Set(looks).size).toBe(BRAND_NAMES.length);
  });
});

describe('ui.css', () => {
  const css = readFileSync('src/ui/ui.css', 'utf8');
  const values = (name: string) =>
    [...css.matchAll(new RegExp(`${name}:\\s*(#[0-9a-f]{3,6});`, 'gi'))].map(([, hex = '']) =>
      (hex.length === 4 ? `#${hex.slice(1).replace(/./g, (c) => c + c)}` : hex).toUpperCase(),
    );

  it.each(['light', 'dark'] as const)('falls back on the neutral %s palette of themes.json', (scheme) => {
    const palette = SCHEMES[scheme](NEUTRAL_THEME);
    for (const [key, name] of Object.entries(CSS_NAMES) as [keyof Palette, string][])
      expect(values(`--${scheme}-${name}`), `--${scheme}-${name}`).toEqual([palette[key]]);
  });

  it('keeps the error alert at 4.5:1 in light and dark', () => {
    const [backgrounds, texts] = [values('--color-danger-bg'), values('--color-danger-text')];
    expect(backgrounds).toHaveLength(2);
    for (const [i, background] of backgrounds.entries())
      expect(contrastRatio(texts[i] ?? '', background)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('contrastRatio', () => {
  it('matches known WCAG values', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBeCloseTo(1, 5);
    expect(contrastRatio('#E2001A', '#FFFFFF')).toBeCloseTo(4.9, 1);
  });
});
