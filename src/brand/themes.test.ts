import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';
import { BRAND_NAMES, NEUTRAL_THEME, themeFor, type Theme } from './themes.ts';

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
const SURFACES: [keyof Theme, keyof Theme][] = [
  ['text', 'background'],
  ['text', 'cardBackground'],
  ['mutedText', 'background'],
  ['mutedText', 'cardBackground'],
  ['link', 'background'],
  ['link', 'cardBackground'],
  ['onPrimary', 'primary'],
  ['onAccent', 'accent'],
];

const SPEC_BRANDS =
  'axa batavus crescent monark eysing qwic sparta ua zemo dutchid stella brekr kildemoes decathlon lovens timyo';

describe('brand themes', () => {
  it('has the sixteen brands of the spec', () => {
    expect([...BRAND_NAMES].toSorted()).toEqual(SPEC_BRANDS.split(' ').toSorted());
  });

  it.each([...BRAND_NAMES, 'default'])('%s is complete', (brand) => {
    const theme = themeFor(brand);
    for (const colour of COLOURS) expect(theme[colour], `${brand}.${colour}`).toMatch(/^#[0-9A-F]{6}$/i);
    expect(theme.name.length).toBeGreaterThan(0);
    expect(theme.radius).toBeGreaterThanOrEqual(0);
    expect(theme.buttonRadius).toBeGreaterThanOrEqual(0);
    expect(['shadow', 'outline', 'flat']).toContain(theme.cardStyle);
    expect(theme.bikeImageWidth).toBe(brand === 'qwic' ? '20%' : '35%');
  });

  it.each([...BRAND_NAMES, 'default'])('%s keeps text contrast of at least 4.5:1 on every surface', (brand) => {
    const theme = themeFor(brand);
    for (const [fg, bg] of SURFACES) {
      const ratio = contrastRatio(theme[fg] as string, theme[bg] as string);
      expect(ratio, `${brand}: ${fg} on ${bg} is ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each([...BRAND_NAMES, 'default'])('%s has a logo and an invite graphic', (brand) => {
    expect(existsSync(`public/assets/img/${brand}_logo.svg`)).toBe(true);
    expect(existsSync(`public/assets/img/${brand}_invite_graphic.png`)).toBe(true);
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

describe('contrastRatio', () => {
  it('matches known WCAG values', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBeCloseTo(1, 5);
    expect(contrastRatio('#E2001A', '#FFFFFF')).toBeCloseTo(4.9, 1);
  });
});
