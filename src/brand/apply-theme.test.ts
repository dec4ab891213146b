import { describe, expect, it } from 'vitest';
import { applyTheme } from './apply-theme.ts';
import { themeFor } from '../contract/themes.ts';

describe('applyTheme', () => {
  it('sets the brand as custom properties on the root element', () => {
    const root = document.createElement('html');
    applyTheme(themeFor('qwic'), root);
    expect(root.style.getPropertyValue('--bike-image-width')).toBe('20%');
    expect(root.style.getPropertyValue('--radius-card')).toBe('12px');
    expect(root.dataset.cardStyle).toBe('shadow');
  });

  it('sets both palettes, for the style sheet to choose by colour scheme', () => {
    const root = document.createElement('html');
    const qwic = themeFor('qwic');
    applyTheme(qwic, root);
    expect(root.style.getPropertyValue('--light-primary')).toBe('#E63A2A');
    expect(root.style.getPropertyValue('--light-background')).toBe(qwic.background);
    expect(root.style.getPropertyValue('--dark-background')).toBe(qwic.dark.background);
    expect(root.style.getPropertyValue('--dark-card')).toBe(qwic.dark.cardBackground);
    expect(root.style.getPropertyValue('--dark-muted')).toBe(qwic.dark.mutedText);
    expect(root.style.getPropertyValue('--dark-on-primary')).toBe(qwic.dark.onPrimary);
    expect(qwic.dark.background).not.toBe(qwic.background);
  });

  it('leaves the colours in use to the style sheet: an inline value would beat its media query', () => {
    const root = document.createElement('html');
    applyTheme(themeFor('sparta'), root);
    const inline = Array.from({ length: root.style.length }, (_, i) => root.style.item(i));
    expect(inline.filter((name) => name.startsWith('--color-'))).toEqual([]);
    expect(inline.filter((name) => name.startsWith('--light-'))).toHaveLength(9);
    expect(inline.filter((name) => name.startsWith('--dark-'))).toHaveLength(9);
  });
});
