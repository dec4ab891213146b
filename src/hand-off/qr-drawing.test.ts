import { describe, expect, it } from 'vitest';
import { drawQr, qrPath, QUIET_ZONE } from './qr-drawing.ts';

describe('qrPath', () => {
  it('draws each run of dark modules in a row as one rectangle', () => {
    const modules = [
      [true, true, false, true],
      [false, false, false, false],
      [false, true, true, true],
    ];
    expect(qrPath(modules)).toBe('M0 0h2v1h-2zM3 0h1v1h-1zM1 2h3v1h-3z');
    expect(qrPath(modules, 4)).toBe('M4 4h2v1h-2zM7 4h1v1h-1zM5 6h3v1h-3z');
  });
});

describe('drawQr', () => {
  it('keeps four light modules on every side of the code', () => {
    const { side, path } = drawQr('https://invite.sparta.example/my-account/app-download');
    const rects = [...path.matchAll(/M(\d+) (\d+)h(\d+)/g)].map(([, x, y, run]) => [+x!, +y!, +run!] as const);
    expect(Math.min(...rects.map(([x]) => x))).toBe(QUIET_ZONE);
    expect(Math.min(...rects.map(([, y]) => y))).toBe(QUIET_ZONE);
    expect(Math.max(...rects.map(([x, , run]) => x + run))).toBe(side - QUIET_ZONE);
    expect(Math.max(...rects.map(([, y]) => y + 1))).toBe(side - QUIET_ZONE);
  });
});
