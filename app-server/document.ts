import { escapeHtml } from './html.ts';

// The built index.html is the template of every document, so the hashed script and style names,
// the icon and the viewport stay exactly what the build wrote.

const BOOT_SCRIPT = /<script type="module" async src="\/assets\/early-requests-[^"]*\.js"><\/script>\s*/;

export type DocumentParts = {
  language: string;
  /** The theme's card style, for a page painted before the app applies the theme; '' for none. */
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
 * places the server fills in). A rendered page drops the boot script that starts the first requests
 * early (src/early-requests.ts): everything it would fetch is already in the page.
 */
export function documentTemplate(indexHtml: string, dataElementId: string): DocumentTemplate | undefined {
  if (!MARKERS.every((marker) => indexHtml.includes(marker))) return undefined;
  const withoutBoot = indexHtml.replace(BOOT_SCRIPT, '');
  return ({ language, cardStyle, head, root, data }) => {
    const html = data === undefined ? indexHtml : withoutBoot;
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
