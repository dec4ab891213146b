import type { Palette, Theme } from '../contract/themes.ts';

/** Each palette colour's CSS name: set as `--light-{name}` and `--dark-{name}`, read as `--color-{name}`. */
export const CSS_NAMES: Record<keyof Palette, string> = {
  primary: 'primary',
  onPrimary: 'on-primary',
  accent: 'accent',
  onAccent: 'on-accent',
  link: 'link',
  text: 'text',
  mutedText: 'muted',
  background: 'background',
  cardBackground: 'card',
};

/** Sets both palettes on the root (docs/behaviour/brand-and-theme.md#themes); never `--color-*`,
 * whose inline value would beat ui.css's colour-scheme choice. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeProperties(theme))) root.style.setProperty(name, value);
  root.dataset.cardStyle = theme.cardStyle;
}

/** The custom properties of a theme: set by applyTheme, and written into server-rendered pages. */
export function themeProperties(theme: Theme): Record<string, string> {
  const properties: Record<string, string> = {
    '--radius-card': `${theme.radius}px`,
    '--radius-button': `${theme.buttonRadius}px`,
    '--bike-image-width': theme.bikeImageWidth,
  };
  for (const [key, name] of Object.entries(CSS_NAMES) as [keyof Palette, string][]) {
    properties[`--light-${name}`] = theme[key];
    properties[`--dark-${name}`] = theme.dark[key];
  }
  return properties;
}

/** The same as a style sheet, for a page the server renders (the card style goes on <html data-card-style>). */
export function themeStyleSheet(theme: Theme): string {
  const declarations = Object.entries(themeProperties(theme)).map(([name, value]) => `${name}:${value}`);
  // `html:root` outranks ui.css's `:root` defaults, whichever of the two comes first in the page.
  return `html:root{${declarations.join(';')}}`;
}
