import { describe, expect, it } from 'vitest';
import { recentPages } from './recent-pages.ts';

describe('recent pages', () => {
  it('keeps the most recently used ones, up to its limit', () => {
    const pages = recentPages<string>(2);
    pages.set('a', 'A');
    pages.set('b', 'B');
    expect(pages.get('a')).toBe('A'); // now the most recent
    pages.set('c', 'C'); // b, the least recent, goes
    expect(pages.get('b')).toBeUndefined();
    expect(pages.get('a')).toBe('A');
    expect(pages.get('c')).toBe('C');
  });
});
