import { describe, expect, it } from 'vitest';
import { trackViewportHeight } from './viewport-height.ts';

describe('trackViewportHeight', () => {
  it('sets --vh to 1% of the window height and follows resizes', () => {
    window.innerHeight = 800;
    const stop = trackViewportHeight(window);
    expect(document.documentElement.style.getPropertyValue('--vh')).toBe('8px');
    window.innerHeight = 500;
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.getPropertyValue('--vh')).toBe('5px');
    stop();
    window.innerHeight = 900;
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.getPropertyValue('--vh')).toBe('5px');
  });
});
