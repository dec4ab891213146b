import type { Palette, Theme } from './themes.ts';

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

/**
 * Applies a theme as CSS custom properties on the root element (DESIGN.md §9). Both palettes are
 * set; ui.css chooses one with `prefers-color-scheme`, so the page follows the system setting live.
 * The chosen `--color-*` are never set inline: an inline value would beat the media query.
 */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  const properties: Record<string, string> = {
    '--radius-card': `${theme.radius}px`,
    '--radius-button': `${theme.buttonRadius}px`,
    '--bike-image-width': theme.bikeImageWidth,
  };
  for (const [key, name] of Object.entries(CSS_NAMES) as [keyof Palette, string][]) {
    properties[`--light-${name}`] = theme[key];
    properties[`--dark-${name}`] = theme.dark[key];
  }
  for (const [name, value] of Object.entries(properties)) root.style.setProperty(name, value);
  root.dataset.cardStyle = theme.cardStyle;
}
