// The benchmarks' strict limits (docs/performance.md), and the previous ones `--previous-limit`
// shows, written into the served build under bench/.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml as escape } from '../http-kit/escape-html.ts';
import { cspHash } from '../http-kit/security-headers.ts';
import { FAVICON_PATH } from '../src/contract/brand-assets.ts';

export type LimitInvite = { owner_display_name: string; bike_name: string; bike_image_url: string };

/** The brand's pictures the login and accepted pages show (the config's logo, the invite graphic). */
export type LimitBrand = { logo: string; graphic: string };

/** Where Accept leads: a page of the app, so that following it is a real navigation. */
export const LIMIT_ACCEPT_HREF = '/my-account/login';

const STYLES =
  'body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f4}header{background:#1d1d1b;color:#fff;padding:16px}main{max-width:560px;margin:0 auto;padding:16px}section{background:#fff;border-radius:4px;padding:20px;margin-bottom:16px}img{max-width:100%;height:auto}.photo{width:100%}.button{display:inline-block;padding:12px 24px;border-radius:4px;background:#c8102e;color:#fff;font-weight:600;text-decoration:none}';

/** The reference server's flags that let the limits' inline styles apply: its policy would block them. */
export const LIMIT_SERVER_ARGS = ['--allow-style', cspHash(STYLES)];

type Texts = Record<string, Record<string, unknown>>;

/** A text of the build's English file, by its dotted key, with `{{name}}` filled in. */
function textsOf(distDir: string): (key: string, values?: Record<string, string>) => string {
  const texts = JSON.parse(readFileSync(join(distDir, 'i18n/en.json'), 'utf8')) as Texts;
  return (key, values = {}) => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Texts)[part], texts) as string;
    return escape(text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? ''));
  };
}

function page(title: string, body: string, styles = `<style>${STYLES}</style>`): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="icon" type="image/png" href="${FAVICON_PATH}">${styles}</head>\n<body>${body}</body></html>`;
}

export function writeBenchPage(distDir: string, name: string, html: string): string {
  mkdirSync(join(distDir, 'bench'), { recursive: true });
  writeFileSync(join(distDir, 'bench', name), html);
  return `/bench/${name}`;
}

function inviteBody(t: ReturnType<typeof textsOf>, invite: LimitInvite): string {
  const owner = escape(invite.owner_display_name);
  const text = t('invite-page.invite.text', {
    owner: invite.owner_display_name,
    type: t('type.bike'),
    bike: invite.bike_name,
  });
  return `<header><h1>${t('invite-page.title')}</h1></header><main><section><img class="photo" src="${escape(invite.bike_image_url)}" alt="" width="800" height="600"><h2>${owner}</h2><p>${escape(invite.bike_name)}</p></section>
<section><h2>${owner}</h2><p>${text}</p><a class="button" href="${LIMIT_ACCEPT_HREF}">${t('invite-page.btn.accept')}</a></section></main>`;
}

export function writeLimitPage(distDir: string, invite: LimitInvite): string {
  const t = textsOf(distDir);
  return writeBenchPage(distDir, 'limit.html', page(t('invite-page.title'), inviteBody(t, invite)));
}

/** Writes the strict limits of the invite, login and accepted pages; returns their paths by name. */
export function writeLimitPages(
  distDir: string,
  invite: LimitInvite,
  brand: LimitBrand,
): Record<'invite' | 'login' | 'accepted', string> {
  const t = textsOf(distDir);
  const header = (title: string) =>
    `<header><img src="${escape(brand.logo)}" alt="" width="160" height="40"><h1>${title}</h1></header>`;
  const login = `${header(t('login-page.title'))}<main><section><a class="button" href="/ids/login">${t('login-page.btn.login')}</a></section></main>`;
  const accepted = `${header(t('invite-accepted-page.title'))}<main><section><h2>${t('invite-accepted-page.content.title')}</h2><img src="${escape(brand.graphic)}" alt="" width="320" height="200"><p>${t('invite-accepted-page.content.text.mobile', { type: t('type.bike') })}</p><a class="button" href="/my-account/app-download">${t('invite-accepted-page.btn.right')}</a></section></main>`;
  return {
    invite: writeLimitPage(distDir, invite),
    login: writeBenchPage(distDir, 'limit-login.html', page(t('login-page.title'), login)),
    accepted: writeBenchPage(distDir, 'limit-accepted.html', page(t('invite-accepted-page.title'), accepted)),
  };
}

/** The journey's previous limit: the same page with its style sheet linked (before issue 31). */
export function writePreviousLimitPage(distDir: string, invite: LimitInvite): string {
  const t = textsOf(distDir);
  writeBenchPage(distDir, 'limit.css', STYLES);
  const linked = '<link rel="stylesheet" href="/bench/limit.css">';
  return writeBenchPage(distDir, 'limit-linked.html', page(t('invite-page.title'), inviteBody(t, invite), linked));
}

/** A rendered page's HTML without its scripts: the page script, the hydration data, the app's address. */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<meta name="app-(?:entry|module)"[^>]*>/g, '');
}

/** Lighthouse's previous limits: each rendered page without its scripts (before issue 31); their paths by name. */
export function writeStaticCopies(distDir: string, pages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(pages).map(([name, html]) => [
      name,
      writeBenchPage(distDir, `stripped-${name}.html`, withoutScripts(html)),
    ]),
  );
}

/** A bike of the owner's home as its limit lists it. */
export type LimitOwnerBike = { name: string; image_url: string; riders: string[]; invites: string[] };

const items = (entries: string[]) => `<ul>${entries.map((entry) => `<li>${entry}</li>`).join('')}</ul>`;

/** The owner's home's strict limit: the same list of bikes, riders and open invites, its styles inline. */
export function writeOwnerLimitPage(distDir: string, bikes: LimitOwnerBike[]): string {
  const t = textsOf(distDir);
  const sections = bikes.map(
    (bike) =>
      `<section><img src="${escape(bike.image_url)}" alt="" width="120" height="80"><h3>${escape(bike.name)}</h3>` +
      `<h4>${t('owner-home.riders.title')}</h4>${items(bike.riders.map(escape))}` +
      `<h4>${t('owner-home.invites.title')}</h4>${items(bike.invites.map((code) => `${t('owner-home.invites.status.pending')} ${escape(code)}`))}` +
      `<button class="button">${t('owner-home.bike.invite')}</button></section>`,
  );
  const body = `<header><h1>${t('login-page.title-signed-in')}</h1></header><main>${sections.join('\n')}</main>`;
  return writeBenchPage(distDir, 'limit-owner.html', page(t('login-page.title-signed-in'), body));
}
