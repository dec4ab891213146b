import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAVICON_PATH } from './brand-assets.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('the icon', () => {
  // Chromium draws an SVG icon as a document on the page's main thread, again at every change of
  // the address in place (decision 0033): the icon is a raster picture.
  it('is the PNG the build ships, and the one index.html links', () => {
    expect(readFileSync(`public${FAVICON_PATH}`).subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(readFileSync('index.html', 'utf8')).toContain(`<link rel="icon" type="image/png" href="${FAVICON_PATH}" />`);
  });
});
