import type { Theme } from './themes.ts';

/** Applies a theme as CSS custom properties on the root element (DESIGN.md §9). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  const properties: Record<string, string> = {
    '--color-primary': theme.primary,
    '--color-on-primary': theme.onPrimary,
    '--color-accent': theme.accent,
    '--color-on-accent': theme.onAccent,
    '--color-link': theme.link,
    '--color-text': theme.text,
    '--color-muted': theme.mutedText,
    '--color-background': theme.background,
    '--color-card': theme.cardBackground,
    '--radius-card': `${theme.radius}px`,
    '--radius-button': `${theme.buttonRadius}px`,
    '--bike-image-width': theme.bikeImageWidth,
  };
  for (const [name, value] of Object.entries(properties)) root.style.setProperty(name, value);
  root.dataset.cardStyle = theme.cardStyle;
}
