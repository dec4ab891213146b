import { escapeHtml } from './html.ts';

// The built index.html is the template of every document, so the hashed script and style names,
// the icon and the viewport stay exactly what the build wrote.

const BOOT_SCRIPT = /<script type="module" async src="\/assets\/early-requests-[^"]*\.js"><\/script>\s*/;
const APP_SCRIPT = /<script type="module" crossorigin src="(\/assets\/index-[^"]*\.js)"><\/script>/;

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

export type TemplateOptions = {
  /** The id of the inert JSON element the browser hydrates from. */
  dataElementId: string;
  /** The starter's text (app-server/browser/start-app.js), inline in a rendered page. */
  starter: string;
};

/**
 * Prepares the template once; undefined for an index.html that is not the app's (it lacks the
 * places the server fills in, or the app's script tag).
 */
export function documentTemplate(indexHtml: string, options: TemplateOptions): DocumentTemplate | undefined {
  if (!MARKERS.every((marker) => indexHtml.includes(marker)) || !APP_SCRIPT.test(indexHtml)) return undefined;
  const { dataElementId, starter } = options;
  // A rendered page: no boot script (everything it would fetch is in the page), and the app's
  // script is started by the inline starter once the page has loaded and painted, its photo
  // first. Inline, because a request of its own before the first paint is one more a phone's
  // network waits for; the CSP allows exactly this text by its hash.
  const rendered = indexHtml
    .replace(BOOT_SCRIPT, '')
    .replace(
      APP_SCRIPT,
      (_tag, src: string) =>
        `<meta name="app-entry" content="${src}" />\n    <script type="module">${starter}</script>`,
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
