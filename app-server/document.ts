import { escapeHtml } from './html.ts';

// The built index.html is the template of every document, so the hashed script and style names,
// the icon and the viewport stay exactly what the build wrote.

const BOOT_SCRIPT = /<script type="module" async src="\/assets\/early-requests-[^"]*\.js"><\/script>\s*/;
const APP_SCRIPT = /<script type="module" crossorigin src="(\/assets\/index-[^"]*\.js)"><\/script>/;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]*\.css)">/;

/** The address of the app's style sheet in the built index.html, if it links one. */
export const stylesheetPath = (indexHtml: string): string | undefined => STYLESHEET.exec(indexHtml)?.[1];

/** Where the app server serves app-server/browser/start-app.js. */
export const START_APP_PATH = '/app-server/start-app.js';

export type DocumentParts = {
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

export type DocumentTemplate = (parts: DocumentParts) => string;

const MARKERS = ['<html lang="en">', '<title>My account</title>', '<div id="root"></div>'];

/**
 * Prepares the template once; undefined for an index.html that is not the app's (it lacks the
 * places the server fills in, or the app's script tag). With `inlineStyles` (the text of the
 * style sheet at stylesheetPath), a rendered page carries it in a <style> element instead of
 * linking it: the page paints with its first answer, one round trip sooner on a phone.
 */
export function documentTemplate(
  indexHtml: string,
  dataElementId: string,
  inlineStyles?: string,
): DocumentTemplate | undefined {
  if (!MARKERS.every((marker) => indexHtml.includes(marker)) || !APP_SCRIPT.test(indexHtml)) return undefined;
  // A rendered page: no boot script (everything it would fetch is in the page), and the app's
  // script is started by start-app.js once the page has loaded, its photo first.
  const rendered = indexHtml
    .replace(BOOT_SCRIPT, '')
    .replace(STYLESHEET, (tag) => (inlineStyles === undefined ? tag : `<style>${inlineStyles}</style>`))
    .replace(
      APP_SCRIPT,
      (_tag, src: string) =>
        `<meta name="app-entry" content="${src}" />\n    <script type="module" async src="${START_APP_PATH}"></script>`,
    );
  return ({ language, cardStyle, head, root, data }) => {
    const html = data === undefined ? indexHtml : rendered;
    const body = data === undefined ? '' : `<script type="application/json" id="${dataElementId}">${data}</script>`;
    return html
      .replace(
        '<html lang="en">',
        () => `<html lang="${escapeHtml(language)}"${cardStyle ? ` data-card-style="${escapeHtml(cardStyle)}"` : ''}>`,
      )
      .replace('<title>My account</title>', () => head)
      .replace('<div id="root"></div>', () => `<div id="root">${root}</div>${body}`);
  };
}
