// The benchmarks' limits: static, script-free pages with a page's content, written into the served
// build so the same server serves them, and measured in the same run as the app.
// - `limit.html`: the invite (owner, bike name, photo at the same address, Accept as a plain link),
//   its style sheet linked as a static site's would be: the journey's limit (`npm run bench:journey`).
// - `limit-invite.html`, `limit-login.html`, `limit-accepted.html`: the invite page, the login page
//   and the accepted page with their brand logo, texts and picture, styles inline (one document and
//   its pictures, nothing render-blocking): Lighthouse's limits (`npm run bench`).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type LimitInvite = { owner_display_name: string; bike_name: string; bike_image_url: string };

/** What the pages show of the brand: its logo and its app key (the accepted page's graphic). */
export type LimitBrand = { logo: string; app: string };

/** Where Accept leads: a page of the app, so that following it is a real navigation. */
export const LIMIT_ACCEPT_HREF = '/my-account/login';

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const STYLES =
  'body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f4}header{background:#1d1d1b;color:#fff;padding:16px}header img{display:block;height:40px;width:auto}main{max-width:560px;margin:0 auto;padding:16px}section{background:#fff;border-radius:4px;padding:20px;margin-bottom:16px}main img{width:100%;height:auto}.button{display:inline-block;padding:12px 24px;border-radius:4px;background:#c8102e;color:#fff;font-weight:600;text-decoration:none}';

type Texts = Record<string, Record<string, unknown>>;

function reader(distDir: string) {
  const texts = JSON.parse(readFileSync(join(distDir, 'i18n/en.json'), 'utf8')) as Texts;
  return (key: string, values: Record<string, string> = {}): string => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Texts)[part], texts) as string;
    return escape(text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? ''));
  };
}

function page(title: string, head: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${head}</head>
<body>${body}</body></html>`;
}

/** Writes the limit pages into `{distDir}/bench/`, in the build's English; returns their paths. */
export function writeLimitPages(
  distDir: string,
  invite: LimitInvite,
  brand: LimitBrand,
): { journey: string; invite: string; login: string; accepted: string } {
  const t = reader(distDir);
  const type = t('type.bike');
  const values = { owner: invite.owner_display_name, bike: invite.bike_name, type };
  const header = (title: string) =>
    `<header><img src="${escape(brand.logo)}" alt="" width="160" height="40"><h1>${title}</h1></header>`;
  const inviteBody = (withLogo: boolean) =>
    `${withLogo ? header(t('invite-page.title')) : `<header><h1>${t('invite-page.title')}</h1></header>`}<main><section><img src="${escape(invite.bike_image_url)}" alt="" width="800" height="600"><h2>${t('invite-page.invite.title', values)}</h2></section>
<section><h2>${t('invite-page.invite.title', values)}</h2><p>${t('invite-page.invite.text', values)}</p><a class="button" href="${LIMIT_ACCEPT_HREF}">${t('invite-page.btn.accept')}</a></section></main>`;
  const inline = `<style>${STYLES}</style>`;
  const files = {
    'limit.css': STYLES,
    'limit.html': page(t('invite-page.title'), '<link rel="stylesheet" href="/bench/limit.css">', inviteBody(false)),
    'limit-invite.html': page(t('invite-page.title'), inline, inviteBody(true)),
    'limit-login.html': page(
      t('login-page.title'),
      inline,
      `${header(t('login-page.title'))}<main><section><a class="button" href="/ids/login">${t('login-page.btn.login')}</a></section></main>`,
    ),
    'limit-accepted.html': page(
      t('invite-accepted-page.title'),
      inline,
      `${header(t('invite-accepted-page.title'))}<main><section><img src="/assets/img/${escape(brand.app)}_invite_graphic.png" alt="" width="320" height="200"><h2>${t('invite-accepted-page.content.title')}</h2><p>${t('invite-accepted-page.content.text.mobile', values)}</p><a class="button" href="https://play.google.com/">${t('invite-accepted-page.btn.right')}</a></section></main>`,
    ),
  };
  mkdirSync(join(distDir, 'bench'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(distDir, 'bench', name), text);
  return {
    journey: '/bench/limit.html',
    invite: '/bench/limit-invite.html',
    login: '/bench/limit-login.html',
    accepted: '/bench/limit-accepted.html',
  };
}
