import { expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';

it('writes every character that could end or add markup as an entity, and leaves the rest', () => {
  expect(escapeHtml(`"><img src=x onerror='a&b'> Ærø 🚲`)).toBe(
    '&quot;&gt;&lt;img src=x onerror=&#39;a&amp;b&#39;&gt; Ærø 🚲',
  );
});
