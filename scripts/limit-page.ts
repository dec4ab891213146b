// The benchmarks' limits, written into the served build (docs/performance.md):
// - `limit.html`: a static, script-free invite page, Accept a plain link: `npm run bench:journey`'s;
// - `limit-{name}.html`: a rendered page with its scripts taken out: `npm run bench`'s.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml as escape } from '../http-kit/escape-html.ts';

export type LimitInvite = { owner_display_name: string; bike_name: string; bike_image_url: string };

/** Where Accept leads: a page of the app, so that following it is a real navigation. */
export const LIMIT_ACCEPT_HREF = '/my-account/login';

const STYLES =
  'body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f4}header{background:#1d1d1b;color:#fff;padding:16px}main{max-width:560px;margin:0 auto;padding:16px}section{background:#fff;border-radius:4px;padding:20px;margin-bottom:16px}img{width:100%;height:auto}.accept{display:inline-block;padding:12px 24px;border-radius:4px;background:#c8102e;color:#fff;font-weight:600;text-decoration:none}';

/** Writes `{distDir}/bench/limit.html` and its style sheet, in the build's English; returns the page's path. */
export function writeLimitPage(distDir: string, invite: LimitInvite): string {
  const en = JSON.parse(readFileSync(join(distDir, 'i18n/en.json'), 'utf8')) as {
    'invite-page': { title: string; invite: { text: string }; btn: { accept: string } };
    type: { bike: string };
  };
  const page = en['invite-page'];
  const owner = escape(invite.owner_display_name);
  const text = escape(
    page.invite.text
      .replace('{{owner}}', invite.owner_display_name)
      .replace('{{type}}', en.type.bike)
      .replace('{{bike}}', invite.bike_name),
  );
  mkdirSync(join(distDir, 'bench'), { recursive: true });
  writeFileSync(join(distDir, 'bench/limit.css'), STYLES);
  writeFileSync(
    join(distDir, 'bench/limit.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(page.title)}</title><link rel="stylesheet" href="/bench/limit.css"></head>
<body><header><h1>${escape(page.title)}</h1></header><main><section><img src="${escape(invite.bike_image_url)}" alt="" width="800" height="600"><h2>${owner}</h2></section>
<section><h2>${owner}</h2><p>${text}</p><a class="accept" href="${LIMIT_ACCEPT_HREF}">${escape(page.btn.accept)}</a></section></main></body></html>`,
  );
  return '/bench/limit.html';
}

/** A rendered page's HTML without its scripts: the page script, the hydration data, the app's address. */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<meta name="app-entry"[^>]*>/g, '');
}

/** Writes `{distDir}/bench/limit-{name}.html` for each rendered page; returns their paths by name. */
export function writeStaticCopies(distDir: string, pages: Record<string, string>): Record<string, string> {
  mkdirSync(join(distDir, 'bench'), { recursive: true });
  return Object.fromEntries(
    Object.entries(pages).map(([name, html]) => {
      writeFileSync(join(distDir, 'bench', `limit-${name}.html`), withoutScripts(html));
      return [name, `/bench/limit-${name}.html`];
    }),
  );
}
