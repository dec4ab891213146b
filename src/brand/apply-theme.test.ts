import { describe, expect, it } from 'vitest';
import { applyTheme } from './apply-theme.ts';
import { themeFor } from './themes.ts';

describe('applyTheme', () => {
  it('sets the brand as custom properties on the root element', () => {
    const root = document.createElement('html');
    applyTheme(themeFor('qwic'), root);
    expect(root.style.getPropertyValue('--color-primary')).toBe('#E63A2A');
    expect(root.style.getPropertyValue('--bike-image-width')).toBe('20%');
    expect(root.style.getPropertyValue('--radius-card')).toBe('12px');
    expect(root.dataset.cardStyle).toBe('shadow');
  });
});
