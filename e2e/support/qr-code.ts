import { expect, type Locator, type Page } from '@playwright/test';
import jsqr from 'jsqr';
import sharp from 'sharp';
import type { Text } from '../fixtures.ts';

// jsqr is a CommonJS bundle with its function on `default`: Node's default import is the whole module.
const jsQR = jsqr.default;

/** The QR code's chunk (src/hand-off/qr-drawing.ts): only a computer's outcome pages may load it. */
export const QR_CHUNK = /\/assets\/qr-drawing-[\w-]+\.js$/;

/** Reads a QR code the way a phone's camera would: from the pixels on screen. */
export async function decodeQr(element: Locator): Promise<string | undefined> {
  const png = await element.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

/** The colour of one pixel of an element's screenshot, as #rrggbb. */
export async function pixel(element: Locator, x: number, y: number): Promise<string> {
  const png = await element.screenshot();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return `#${[...data.subarray(at, at + 3)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The QR hand-off block of the accepted, previously-accepted and decline pages. */
export class QrHandOff {
  readonly page: Page;
  readonly t: Text;

  constructor(page: Page, t: Text) {
    this.page = page;
    this.t = t;
  }

  /** The code itself, found by its text alternative. */
  code(): Locator {
    return this.page.getByRole('img', { name: this.t('qr-hand-off.alt') });
  }

  /** The address the code holds, as a link the invitee can read or type, named for what it opens. */
  link(address: string): Locator {
    return this.page.getByRole('link', { name: this.t('qr-hand-off.link', { address }), exact: true });
  }

  /** Shown, readable, holding `address` with it as a link beside it, named by its short title. */
  async expectShown(address: string): Promise<void> {
    await expect(this.page.getByRole('figure', { name: this.t('qr-hand-off.title'), exact: true })).toBeVisible();
    await expect(this.code()).toBeVisible();
    await expect(this.page.getByText(this.t('qr-hand-off.title'), { exact: true })).toBeVisible();
    await expect(this.page.getByText(this.t('qr-hand-off.text'), { exact: true })).toBeVisible();
    await expect(this.link(address)).toHaveAttribute('href', address);
    await expect(this.link(address)).toHaveText(address);
    expect(await decodeQr(this.code())).toBe(address);
  }
}
