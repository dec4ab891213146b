import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../http-kit/escape-html.ts';
import { languageOf, languageRow } from '../src/contract/languages.ts';
import { PAGE_META, pageMeta, SERVER_DATA_ID } from '../src/contract/page-protocol.ts';

// The built index.html is every page's template, so hashed names, icon and viewport are the build's.

const CHARSET = '<meta charset="UTF-8" />';
const APP_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/;
// The files index.html preloads beside the app's script (React DOM's client, vite.config.ts).
const MODULE_PRELOADS = /<link rel="modulepreload" crossorigin(?:="")? href="(\/assets\/[^"]+\.js)">/g;

export type PageParts = {
  language: string;
  /** The theme's card style, for a page painted before the app applies the theme; '' for none. */
  cardStyle: string;
  /** Tags for <head>: title, preview tags, the theme's style element, preloads. */
  head: string;
  /** The routed area's HTML; empty for a page the browser renders alone. */
  root: string;
  /** The inert JSON the browser hydrates from (already made safe for a <script> element). */
  data?: string;
};

export type PageTemplate = (parts: PageParts) => string;

/** The files (their paths, `/assets/…`) the built index.html preloads beside the app's script. */
export const modulePreloadsOf = (indexHtml: string): string[] =>
  [...indexHtml.matchAll(MODULE_PRELOADS)].map((match) => match[1]!);

const MARKERS = [CHARSET, '<html lang="en">', '<title>My account</title>', '<div id="root"></div>'];

export type PageTemplateOptions = {
  /** The page script's text (src/early/page-script.ts), inline in a rendered page. */
  pageScript: string;
  /** The app's style sheet (readStyleSheet), inline in a rendered page; undefined: linked. */
  styleSheet?: string;
};

/** Prepares the template once; undefined for an index.html without the places the server fills in. */
export function pageTemplate(indexHtml: string, options: PageTemplateOptions): PageTemplate | undefined {
  if (!MARKERS.every((marker) => indexHtml.includes(marker)) || !APP_SCRIPT.test(indexHtml)) return undefined;
  const { pageScript, styleSheet } = options;
  // The page script first, to run before the first paint; the app's script and preloads as names
  // for it to start once the page is painted (decision 0025).
  const rendered = indexHtml
    .replace(CHARSET, () => `${CHARSET}\n    <script>${pageScript}</script>`)
    .replace(STYLESHEET, (tag) => (styleSheet === undefined ? tag : `<style>${styleSheet}</style>`))
    .replace(APP_SCRIPT, (_tag, src: string) => pageMeta(PAGE_META.entry, src))
    .replace(MODULE_PRELOADS, (_tag, src: string) => pageMeta(PAGE_META.preload, src));
  return ({ language, cardStyle, head, root, data }) => {
    const html = data === undefined ? indexHtml : rendered;
    const body = data === undefined ? '' : `<script type="application/json" id="${SERVER_DATA_ID}">${data}</script>`;
    const dir = languageRow(languageOf(language) ?? 'en').dir;
    return html
      .replace(
        '<html lang="en">',
        () =>
          `<html lang="${escapeHtml(language)}" dir="${dir}"${cardStyle ? ` data-card-style="${escapeHtml(cardStyle)}"` : ''}>`,
      )
      .replace('<title>My account</title>', () => head)
      .replace('<div id="root"></div>', () => `<div id="root">${root}</div>${body}`);
  };
}

/** The style sheet index.html links, for rendered pages to carry inline; undefined if it could end the <style> early. */
export function readStyleSheet(distDir: string, indexHtml: string): string | undefined {
  const path = STYLESHEET.exec(indexHtml)?.[1];
  const file = path && join(distDir, path);
  if (!file || !existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8').trim();
  return /<\/style/i.test(text) ? undefined : text;
}
