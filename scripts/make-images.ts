// `npm run images` (`-- --sheet` for /tmp/contact-sheet.png): every image the app and the reference
// server ship, from SVG written here, rasterised with the system Chromium (deterministically).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  avatar,
  brandPaint,
  darkPaint,
  defaultProfile,
  favicon,
  FONT,
  inviteGraphic,
  logo,
  photo,
  storeIcon,
  type Face,
  type Mark,
} from './images/pictures.ts';
import type { Kind, Paint } from './images/vehicles.ts';
import { contactSheet } from './images/contact-sheet.ts';
import { CHROMIUM } from '../playwright.config.ts';
import { brandLogoPath, DEFAULT_PROFILE_PATH, FAVICON_PATH, inviteGraphicPath } from '../src/contract/brand-assets.ts';
import { isBrand, themeFor } from '../src/contract/themes.ts';

const root = join(import.meta.dirname, '..');
const PUBLIC = join(root, 'public');
const IMG = join(PUBLIC, 'assets/img');
const MEDIA = join(root, 'server/media');

/** What each brand's pictures show; colours come from src/contract/themes.json. */
const BRANDS: Record<string, { kind: Kind; mark: Mark; frame?: 'primary' | 'accent' }> = {
  default: { kind: 'city', mark: 'spokes' },
  axa: { kind: 'city', mark: 'hub' },
  batavus: { kind: 'city', mark: 'spokes' },
  crescent: { kind: 'sport', mark: 'split' },
  monark: { kind: 'city', mark: 'hub' },
  eysing: { kind: 'moped', mark: 'split' },
  qwic: { kind: 'city', mark: 'hub' },
  sparta: { kind: 'city', mark: 'spokes' },
  ua: { kind: 'cargo', mark: 'hub', frame: 'primary' },
  zemo: { kind: 'city', mark: 'split' },
  dutchid: { kind: 'city', mark: 'spokes' },
  stella: { kind: 'city', mark: 'hub' },
  brekr: { kind: 'moped', mark: 'spokes' },
  kildemoes: { kind: 'city', mark: 'split' },
  decathlon: { kind: 'sport', mark: 'hub' },
  lovens: { kind: 'cargo', mark: 'spokes' },
  timyo: { kind: 'city', mark: 'split' },
};

const demoPaint = (frame: string, detail: string, fender = detail): Paint => ({
  frame,
  detail,
  fender,
  tyre: '#26292E',
  rim: '#A9AEB5',
  light: '#FFE9A8',
});
const PHOTOS: Record<string, { kind: Kind; paint: Paint; bg: [string, string] }> = {
  'city-bike': { kind: 'city', paint: demoPaint('#3C7D9B', '#E3A857'), bg: ['#F6F3EE', '#E4DDD2'] },
  'cargo-bike': { kind: 'cargo', paint: demoPaint('#2F5D50', '#C99B66'), bg: ['#F1F5F1', '#D9E3DB'] },
  'e-moped': { kind: 'moped', paint: demoPaint('#7DB8A3', '#2F3A40'), bg: ['#F5F1EC', '#E2D9CF'] },
  'sport-bike': { kind: 'sport', paint: demoPaint('#D1453B', '#2B2B2B'), bg: ['#F0F3F7', '#D9DFE9'] },
};

const AVATARS: Record<string, Face> = {
  anna: { bg: '#F4B6A6', skin: '#F3C9A8', hair: '#7A4A2A', shirt: '#2F6F8F', style: 'long' },
  bram: { bg: '#9FD3C7', skin: '#D9A47E', hair: '#2E2A27', shirt: '#E3A857', style: 'short', glasses: true },
  sofie: { bg: '#C9B8E8', skin: '#FBD9BF', hair: '#E2B659', shirt: '#D1453B', style: 'bun' },
};

async function raster(page: Page, svg: string, width: number, height: number, type: 'png' | 'jpeg') {
  await page.setViewportSize({ width, height });
  await page.setContent(
    `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:100vw;height:100vh}</style>${svg}`,
  );
  if (type === 'jpeg') return page.screenshot({ type: 'jpeg', quality: 80 });
  const png = await page.screenshot({ type: 'png', omitBackground: true });
  // Flat artwork: a quantised palette keeps each file small without visible loss.
  return sharp(png).png({ palette: true, colours: 128, dither: 0.5, effort: 10, compressionLevel: 9 }).toBuffer();
}

async function save(path: string, data: string | Uint8Array) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, data);
  process.stdout.write(`${path.slice(root.length + 1)}\t${data.length} B\n`);
}

// Fixed colour profile and font hinting keep the pictures byte-for-byte reproducible.
const browser = await chromium.launch({
  ...CHROMIUM,
  args: [...CHROMIUM.args, '--force-color-profile=srgb', '--font-render-hinting=none'],
});
try {
  const page = await browser.newPage();
  // Wordmark widths at font-size 1, measured with the same font stack the logos name.
  const names = Object.keys(BRANDS).map((b) => themeFor(b).name);
  const ems: number[] = await page.evaluate(
    ({ words, font }) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `700 100px ${font}`;
      return words.map((w) => ctx.measureText(w).width / 100);
    },
    { words: names, font: FONT },
  );

  for (const [i, [brand, spec]] of Object.entries(BRANDS).entries()) {
    if (brand !== 'default' && !isBrand(brand)) throw new Error(`src/contract/themes.ts has no ${brand}`);
    const theme = themeFor(brand);
    await save(join(PUBLIC, brandLogoPath(brand)), logo(theme, spec.mark, ems[i] ?? 1) + '\n');
    const paint = brandPaint(theme, spec.frame);
    const art = inviteGraphic(theme, spec.kind, paint);
    await save(join(PUBLIC, inviteGraphicPath(brand)), await raster(page, art, 640, 400, 'png'));
    // The same picture for the dark card, in the dark palette (the app picks it by colour scheme).
    const dark = { ...theme, ...theme.dark };
    const darkArt = inviteGraphic(dark, spec.kind, darkPaint(paint, dark));
    await save(join(PUBLIC, inviteGraphicPath(brand, 'dark')), await raster(page, darkArt, 640, 400, 'png'));
  }
  await save(join(PUBLIC, DEFAULT_PROFILE_PATH), defaultProfile() + '\n');
  await save(join(PUBLIC, FAVICON_PATH), await raster(page, favicon(themeFor('default')), 64, 64, 'png'));
  for (const store of ['google-play', 'app-store'] as const)
    await save(join(IMG, `icon-${store}.svg`), storeIcon(store) + '\n');

  for (const [name, p] of Object.entries(PHOTOS)) {
    const art = photo(p.kind, p.paint, p.bg);
    await save(join(MEDIA, 'bikes', `${name}.jpg`), await raster(page, art, 800, 600, 'jpeg'));
    await save(join(MEDIA, 'bikes', `${name}-400.jpg`), await raster(page, art, 400, 300, 'jpeg'));
  }
  for (const [name, face] of Object.entries(AVATARS))
    await save(join(MEDIA, 'avatars', `${name}.jpg`), await raster(page, avatar(face), 192, 192, 'jpeg'));

  if (process.argv.includes('--sheet')) {
    await writeFile(
      '/tmp/contact-sheet.html',
      contactSheet(PUBLIC, MEDIA, Object.keys(BRANDS), Object.keys(PHOTOS), Object.keys(AVATARS)),
    );
    await page.setViewportSize({ width: 1400, height: 800 });
    await page.goto('file:///tmp/contact-sheet.html');
    await page.screenshot({ path: '/tmp/contact-sheet.png', fullPage: true });
    process.stdout.write('/tmp/contact-sheet.png\n');
  }
} finally {
  await browser.close();
}
