import { act, render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { QrCode } from './qr-code.tsx';

/** Paints the SVG as a browser would (its dark path on its light square) and reads it with a QR decoder. */
function decode(svg: Element, pixelsPerModule = 4): string | undefined {
  const [, , modules] = svg.getAttribute('viewBox')!.split(' ').map(Number) as [number, number, number];
  const side = modules * pixelsPerModule;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  const d = svg.querySelector('path')!.getAttribute('d')!;
  for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let row = +y! * pixelsPerModule; row < (+y! + 1) * pixelsPerModule; row++) {
      const start = (row * side + +x! * pixelsPerModule) * 4;
      for (let i = start; i < start + +run! * pixelsPerModule * 4; i += 4) rgba.fill(0, i, i + 3);
    }
  }
  return jsQR(rgba, side, side)?.data;
}

async function show(value: string, label = 'QR code of the app download address'): Promise<void> {
  await act(async () => {
    render(
      <Suspense fallback={null}>
        <QrCode value={value} label={label} />
      </Suspense>,
    );
  });
}

// The QR library is a lazy chunk; load it once before the timed tests.
beforeAll(() => import('./qr-drawing.ts'));

describe('QrCode', () => {
  const address = 'https://invite.sparta.example/my-account/app-download';

  it('is an image named by its label that holds the address, dark on a light square', async () => {
    await show(address);
    const svg = await screen.findByRole('img', { name: 'QR code of the app download address' });
    expect(decode(svg)).toBe(address);
    const [x, y, width, height] = svg.getAttribute('viewBox')!.split(' ').map(Number);
    const background = svg.querySelector('rect')!;
    expect([x, y, width]).toEqual([0, 0, height]);
    expect([background.getAttribute('width'), background.getAttribute('height')]).toEqual([`${width}`, `${height}`]);
    expect(background.getAttribute('fill')).toBe('#fff');
    expect(svg.querySelector('path')!.getAttribute('fill')).toBe('#000');
  });

  it('is drawn at a whole number of pixels per module, at most 192 px wide', async () => {
    await show(address);
    const svg = await screen.findByRole('img');
    const modules = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
    const pixels = Number(svg.getAttribute('width'));
    expect(pixels % modules).toBe(0);
    expect(pixels).toBeGreaterThan(150);
    expect(pixels).toBeLessThanOrEqual(192);
  });

  it('holds a long address too', async () => {
    const long = `https://a-very-long-brand-host-name.example.com/my-account/app-download?${'x'.repeat(120)}`;
    await show(long);
    expect(decode(await screen.findByRole('img'))).toBe(long);
  });
});
