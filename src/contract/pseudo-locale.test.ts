import { describe, expect, it } from 'vitest';
import { pseudoText, pseudoTexts } from './pseudo-locale.ts';

describe('the pseudo-language', () => {
  it('accents every letter, keeps the placeholders, and marks both ends', () => {
    const text = pseudoText('Hello, {{name}}!');
    expect(text).toMatch(/^\[Ĥéļļö, {{name}}! .+\]$/);
  });

  it('is about 30 % longer, in words that wrap', () => {
    const english = 'The bike has been added to your account. Open the app to start riding.';
    const pseudo = pseudoText(english);
    expect(pseudo.length / english.length).toBeGreaterThanOrEqual(1.3);
    expect(pseudo.length / english.length).toBeLessThan(1.5);
    expect(pseudo).not.toMatch(/[a-z]{2}/i); // no plain English word left
  });

  it('maps a whole file, keeping its keys', () => {
    expect(pseudoTexts({ a: { b: 'Log in' }, n: 1 })).toEqual({ a: { b: pseudoText('Log in') }, n: 1 });
  });
});
