import { describe, expect, it } from 'vitest';
import { cleanName } from './clean-name.ts';

describe('cleanName', () => {
  it.each([
    ['Anna\u202Egnp.exe\u202C', 'Annagnp.exe'],
    ['Sofie\nde Vries', 'Sofie de Vries'],
    ['Bram\r\n\u2028Jansen\t', 'Bram Jansen'],
    ['\u2067Ali\u2069', 'Ali'],
  ])('%j → %j', (raw, clean) => {
    expect(cleanName(raw)).toBe(clean);
  });

  it('keeps what a name may hold: accents, scripts, emoji sequences with their joiners', () => {
    for (const name of ['Zoë Ørsted', 'مریم', '李小龙', 'Kim 👨‍👩‍👧']) expect(cleanName(name)).toBe(name);
  });
});
