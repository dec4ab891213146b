import { describe, expect, it } from 'vitest';
import { countComments, isTest } from './comment-share.ts';

const count = (path: string, ...lines: string[]) => countComments(path, lines.join('\n'));

describe('countComments', () => {
  it('counts the non-blank lines and those holding only comment', () => {
    const counted = count('a.ts', '// why', '', 'const a = 1; // trailing', '/**', ' * more', ' */', 'const b = 2;');
    expect(counted).toMatchObject({ lines: 6, comments: 4 });
  });

  it('does not take comment markers inside strings, templates or regular expressions for comments', () => {
    const counted = count(
      'a.ts',
      "const url = 'http://example.com/*';",
      'const t = `a ${"//"} b /* c`;',
      'const r = /\\/\\/[/*]/g;',
      'const d = 4 / 2; // half',
    );
    expect(counted).toMatchObject({ lines: 4, comments: 0 });
  });

  it("counts JSX's comment lines, and CSS's block comments only", () => {
    expect(count('a.tsx', '<div>', '  {/* why */}', '</div>')).toMatchObject({ lines: 3, comments: 1 });
    expect(count('a.css', '/* why */', "a::after { content: '//'; }")).toMatchObject({ lines: 2, comments: 1 });
  });

  it('finds a millisecond figure in a comment, not in code', () => {
    const counted = count(
      'a.ts',
      '// waits 50 ms at most',
      'const wait = 50; // ms',
      'setTimeout(go, 10); // 10ms',
      "log('took 5 ms');",
    );
    expect(counted.milliseconds).toEqual([1, 3]);
  });
});

describe('isTest', () => {
  it('leaves tests and specs out of the share', () => {
    expect(['a.test.ts', 'b.spec.ts', 'c.test.tsx'].map(isTest)).toEqual([true, true, true]);
    expect(['testing.ts', 'e2e/support/phone.ts'].map(isTest)).toEqual([false, false]);
  });
});
