// The app server's rendered pages against the real reference services (a listening server with a
// SQLite file), read as a link-preview robot or a browser's HTML parser reads them, from the test
// run's build (app-server/test/build-setup.ts).
import { cleanName } from '../src/contract/clean-name.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBike } from '../server/bike/bikes.ts';
import { createInvite, revokeInvite } from '../server/bike/invites.ts';
import { openDatabase } from '../server/db/database.ts';
import { insertUser } from '../server/ids/users.ts';
import { testBuild } from '../app-server/test/build.ts';
import { createDemoServer } from './server.ts';
import { PAGE_META, SERVER_DATA_ID } from '../src/contract/page-protocol.ts';
import { LANGUAGE_COOKIE } from '../src/contract/languages.ts';

const { distDir, ssrDir } = testBuild();

const dir = mkdtempSync(join(tmpdir(), 'bike-invite-rendered-pages-'));
const dbPath = join(dir, 'app.db');
let app: FastifyInstance;
let base: string;
const bikeServiceCalls: string[] = [];

beforeAll(async () => {
  // A generous wait for the invite: these tests are about what a page says, not how fast the
  // machine is (app-server/slow-service.test.ts holds the time-out).
  app = createDemoServer({ dbPath, logLevel: 'silent', distDir, ssrDir, inviteTimeoutMs: 30_000 });
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) bikeServiceCalls.push(`${request.method} ${request.url}`);
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

/** An owner and bike with these names, and a pending invite for it, written as another process would. */
function inviteFor(owner: string, bike: string, state: 'pending' | 'revoked' | 'expired' = 'pending'): string {
  const db = openDatabase(dbPath);
  try {
    const now = Date.now();
    const email = `owner-${Math.random().toString(36).slice(2)}@example.com`;
    const user = insertUser(db, { email, displayName: owner, passwordHash: 'unused' }, now);
    if (!user) throw new Error('owner not created');
    const created = createBike(
      db,
      { owner_id: user.id, name: bike, type: 'bike', image_url: '/media/bikes/city-bike-400.jpg' },
      now,
    );
    const invite = createInvite(db, created.id, state === 'expired' ? -1 : 7, now);
    if (state === 'revoked') revokeInvite(db, invite.code, now);
    return invite.code;
  } finally {
    db.close();
  }
}

/** A page as a browser set to English asks for it, unless `headers` say otherwise. */
async function open(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, { headers: { 'accept-language': 'en', ...headers } });
  const html = await response.text();
  const { document } = new JSDOM(html).window; // parsed, never run
  const meta = (key: string) =>
    document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? undefined;
  return {
    response,
    html,
    document,
    meta,
    data: () => JSON.parse(document.getElementById(SERVER_DATA_ID)?.textContent ?? 'null'),
    /** The page's invite, as the router's state hands it to the browser. */
    invite: () =>
      JSON.parse(document.getElementById(SERVER_DATA_ID)?.textContent ?? 'null')?.router.loaderData.invite.invite
        .invite,
  };
}

/** The page script every rendered page carries inline (src/early/page-script.ts, built into the renderer). */
const { PAGE_SCRIPT } = (await import(join(ssrDir, 'render-page.js'))) as { PAGE_SCRIPT: string };

describe('an invite page', () => {
  it('names the owner and the bike in the first HTML answer, within the first 32 kB of the head', async () => {
    const code = inviteFor('Sofie de Vries', 'Blue city bike');
    const page = await open(`/my-account/invite/${code}`);
    expect(page.response.status).toBe(200);
    const head = page.html.slice(0, page.html.indexOf('</head>'));
    expect(head.length).toBeLessThan(32 * 1024);
    expect(page.document.title).toBe('Sofie de Vries invites you to use “Blue city bike”');
    expect(page.meta('og:title')).toBe(page.document.title);
    expect(page.meta('og:description')).toContain('Blue city bike');
    expect(page.meta('og:image')).toBe(`${base}/media/bikes/city-bike-400.jpg`);
    expect(page.meta('og:url')).toBe(`${base}/my-account/invite/${code}`);
    expect(page.meta('og:site_name')).toBe('Sparta');
    expect(page.meta('og:locale')).toBe('en_GB');
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    // The screen itself, ready to hydrate, with what the browser needs to do so.
    expect(page.document.querySelector('#root .user-card__name')?.textContent).toBe('Sofie de Vries');
    expect(page.document.querySelector('#root .bike-card__name')?.textContent).toBe('Blue city bike');
    expect(page.document.querySelector('#root h1')?.textContent).toBe("You've been invited");
    expect(page.invite().owner_display_name).toBe('Sofie de Vries');
    expect(page.data().language).toBe('en');
    // Nothing holds up the first paint: the style sheet is in the page, and nothing is fetched
    // before it but the pictures. The page script, first in the head, fetches the app's code once
    // the page is painted and starts it (its address in the page protocol's entry).
    const first = page.document.head.querySelector('script, style, link[rel=stylesheet]');
    expect(first?.textContent).toBe(PAGE_SCRIPT);
    expect(page.document.querySelectorAll('script[src], link[rel=stylesheet], link[rel=modulepreload]')).toHaveLength(
      0,
    );
    const styles = [...page.document.querySelectorAll('style')].map((style) => style.textContent ?? '');
    expect(styles.some((style) => style.includes('.step-card'))).toBe(true);
    const entry = page.document.querySelector(`meta[name="${PAGE_META.entry}"]`)?.getAttribute('content');
    expect(entry).toMatch(/^\/assets\/app-[\w-]+\.js$/);
    expect((await fetch(base + entry!)).status).toBe(200);
  });

  it.each([
    ['the link’s lang', '?lang=de', {}, 'de', 'link', 'Du wurdest eingeladen'],
    ['Accept-Language', '', { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.5' }, 'nl', 'browser', 'Je bent uitgenodigd'],
    [
      'the link’s lang before Accept-Language',
      '?lang=nl',
      { 'accept-language': 'de' },
      'nl',
      'link',
      'Je bent uitgenodigd',
    ],
    [
      'the invitee’s choice (the switcher’s cookie) before the link’s lang',
      '?lang=nl',
      { cookie: `other=1; ${LANGUAGE_COOKIE}=de` },
      'de',
      'choice',
      'Du wurdest eingeladen',
    ],
    [
      'the brand’s default for a language not offered',
      '?lang=fr',
      { 'accept-language': 'fr-FR' },
      'nl',
      'default',
      'Je bent uitgenodigd',
    ],
    [
      'the brand’s default for a robot that names none',
      '',
      { 'accept-language': '' },
      'nl',
      'default',
      'Je bent uitgenodigd',
    ],
  ])('is in the language the browser would choose: %s', async (_name, query, headers, language, reason, heading) => {
    const code = inviteFor('Anna', 'Red bike');
    const page = await open(`/my-account/invite/${code}${query}`, headers);
    expect(page.document.documentElement.lang).toBe(language);
    expect(page.response.headers.get('content-language')).toBe(language);
    expect(page.response.headers.get('vary')).toMatch(/\bAccept-Language\b/);
    expect(page.document.querySelector('#root h1')?.textContent).toBe(heading);
    expect([page.data().language, page.data().languageReason]).toEqual([language, reason]);
    expect(page.response.headers.get('vary')).toMatch(/\bCookie\b/);
    expect(Object.keys(page.data().texts)).toEqual([language]); // the page's language only
  });

  // Each brand in its market's language (demo/app-config.ts), on its own host name, from the first HTML.
  it.each([
    ['crescent', 'sv-SE,sv;q=0.9,en;q=0.5', 'sv', 'sv_SE', 'Du har fått en inbjudan', 'cykeln'],
    ['kildemoes', 'da-DK,da;q=0.9', 'da', 'da_DK', 'Du er blevet inviteret', 'cyklen'],
    ['decathlon', 'fr-FR,fr;q=0.9', 'fr', 'fr_FR', 'Vous avez reçu une invitation', 'le vélo'],
    ['crescent', 'de-DE', 'sv', 'sv_SE', 'Du har fått en inbjudan', 'cykeln'], // not offered: the brand's default
    ['monark', 'en-GB,en', 'en', 'en_GB', "You've been invited", 'the bike'],
    // A brand's voice (demo/app-config.ts): Batavus's register, Monark's own words.
    ['batavus', 'de-DE', 'de', 'de_DE', 'Sie wurden eingeladen', 'mit Ihnen teilen'],
    ['batavus', 'nl-NL', 'nl', 'nl_NL', 'U bent uitgenodigd', 'met u delen'],
    ['monark', 'sv-SE', 'sv', 'sv_SE', 'Välkommen – en cykel väntar på dig', 'cykeln'],
  ])('%s with Accept-Language %s is in %s, og:locale %s', async (brand, accept, language, locale, heading, bike) => {
    const code = inviteFor('Sofie', 'Rood');
    const response = await app.inject({
      url: `/my-account/invite/${code}`,
      headers: { host: `${brand}.localhost`, 'accept-language': accept },
    });
    const { document } = new JSDOM(response.body).window;
    expect(document.documentElement.lang).toBe(language);
    expect(document.documentElement.dir).toBe('ltr');
    expect(response.headers['content-language']).toBe(language);
    expect(document.querySelector('meta[property="og:locale"]')?.getAttribute('content')).toBe(locale);
    expect(document.querySelector('#root h1')?.textContent).toBe(heading);
    expect(document.querySelector('meta[property="og:description"]')?.getAttribute('content')).toContain(bike);
  });

  it.each(['expired', 'revoked'] as const)('of an %s invite shows no owner and no photo', async (state) => {
    const code = inviteFor('Hidden Owner', 'Hidden bike', state);
    const page = await open(`/my-account/invite/${code}`);
    expect(page.response.status).toBe(200);
    expect(page.html).not.toContain('Hidden Owner');
    expect(page.html).not.toContain('Hidden bike');
    expect(page.meta('og:image')).toBe(`${base}/assets/img/sparta_invite_graphic.png`);
    expect(page.meta('og:title')).toBe('My account – Sparta');
    expect(page.document.getElementById(SERVER_DATA_ID)).toBeNull(); // the browser renders it
  });

  it('of an unknown invite shows no owner and no photo', async () => {
    const page = await open('/my-account/invite/NO-SUCH-INVITE');
    expect(page.meta('og:title')).toBe('My account – Sparta');
    expect(page.meta('og:image')).toBe(`${base}/assets/img/sparta_invite_graphic.png`);
    expect(page.document.querySelector('#root')?.innerHTML).toBe('');
  });

  it('is never changed by rendering: 50 link-preview robots leave it pending, and only GETs reach the bike service', async () => {
    const code = inviteFor('Robot Test', 'Crawled bike');
    const robots = [
      'WhatsApp/2.23.20.0 A',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Twitterbot/1.0',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0', // iMessage
    ];
    bikeServiceCalls.length = 0;
    for (let round = 0; round < 5; round++) {
      const pages = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          open(`/my-account/invite/${code}`, { 'user-agent': robots[(round * 10 + i) % robots.length]! }),
        ),
      );
      for (const page of pages) expect(page.meta('og:title')).toBe('Robot Test invites you to use “Crawled bike”');
    }
    expect(new Set(bikeServiceCalls)).toEqual(new Set([`GET /api/v1/bike/invite-code/${code}`]));
    const invite = (await (await fetch(`${base}/api/v1/bike/invite-code/${code}`)).json()) as { status: string };
    expect(invite.status).toBe('pending');
  });
});

describe('validators', () => {
  it('a page the browser renders carries a strong ETag: 304 while it is the same, a new one once it changes', async () => {
    // A rendered page holds the time its data was read (the query cache's), so each one is new;
    // the page of an invite that cannot be shown is the same until something changes.
    const code = inviteFor('Etag Owner', 'Etag bike', 'expired');
    const first = await fetch(`${base}/my-account/invite/${code}`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache'); // revalidated on every visit
    const again = await fetch(`${base}/my-account/invite/${code}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const german = await fetch(`${base}/my-account/invite/${code}?lang=de`, { headers: { 'if-none-match': etag } });
    expect(german.status).toBe(200);
  });
});

describe('names are text, wherever the page carries them', () => {
  it.each([
    ['a script end tag', '</script><script>alert(1)</script>'],
    ['an attribute break', '"><img src=x onerror=alert(1)>'],
    ['a comment opener', '<!--'],
    ['line and paragraph separators', 'Anna\u2028Bakker\u2029Jr'],
    ['emoji', 'Anna 🚲👩‍🔧'],
  ])('%s in the owner’s and the bike’s names', async (_case, name) => {
    const code = inviteFor(name, `${name} bike`);
    const page = await open(`/my-account/invite/${code}`);
    const { document } = page;
    // Nothing was added to the page: the build's one module script, the data element, and no image but ours.
    expect([...document.querySelectorAll('script')].map((s) => s.src || s.type || 'inline')).toEqual([
      'inline', // the page script
      'application/json',
    ]);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.body.innerHTML).not.toContain('<!--');
    // Each place shows the name as text; the title and the preview without line breaks (cleanName).
    const clean = cleanName(name);
    const title = `${clean} invites you to use “${clean} bike”`;
    expect(document.title).toBe(title);
    expect(page.meta('og:title')).toBe(title);
    expect(page.meta('og:description')).toContain(`${clean} bike`);
    expect(document.querySelector('#root .user-card__name')?.textContent).toBe(name);
    expect(document.querySelector('#root .bike-card__name')?.textContent).toBe(`${name} bike`);
    expect(document.querySelector('#root .bike-card__image')?.getAttribute('alt')).toBe(`Photo of ${name} bike`);
    expect(page.invite().owner_display_name).toBe(name);
    expect(page.invite().bike_name).toBe(`${name} bike`);
  });
});

/** A page's inline scripts' texts (not its JSON data). */
const inlineScripts = (document: Document) =>
  [...document.querySelectorAll('script:not([src]):not([type="application/json"])')].map(
    (script) => script.textContent ?? '',
  );

describe('other pages', () => {
  it('renders the decline page, with the brand’s preview rather than the invite’s', async () => {
    const code = inviteFor('Decline Owner', 'Declined bike');
    const page = await open(`/my-account/invite/${code}/decline`);
    expect(page.document.querySelector('#root .user-card__name')?.textContent).toBe('Decline Owner');
    expect(page.document.querySelector('#root h1')?.textContent).toBe('Invite declined');
    expect(page.meta('og:title')).toBe('My account – Sparta');
  });

  it('renders the invalid page with the code as text', async () => {
    const page = await open(`/my-account/invite/${encodeURIComponent('<b>x</b>')}/invalid`);
    expect(page.document.querySelector('#root .card__text')?.textContent).toContain('“<b>x</b>”');
    expect(page.document.querySelector('#root b')).toBeNull();
  });

  it.each([
    ['/my-account/', 'Anmelden', 'Anmelden'],
    ['/my-account/login', 'Anmelden', 'Anmelden'],
    ['/my-account/invite/ANY-CODE/accepted', 'Einladung angenommen', 'Alles bereit!'],
    [
      '/my-account/invite/ANY-CODE/previously-accepted',
      'Einladung bereits verwendet',
      'Diese Einladung ist nicht mehr gültig',
    ],
  ])('renders %s as an anonymous visit, with the brand’s preview', async (path, heading, text) => {
    const page = await open(path, { 'accept-language': 'de' });
    expect(page.document.querySelector('#root h1')?.textContent).toBe(heading);
    expect(page.document.querySelector('#root')?.textContent).toContain(text);
    expect(page.data().language).toBe('de');
    expect(page.meta('og:site_name')).toBe('Sparta');
    expect(page.meta('og:locale')).toBe('de_DE');
    expect(page.meta('og:image')).toBe(`${base}/assets/img/sparta_invite_graphic.png`);
    expect(page.document.querySelector('head style')?.textContent).toContain('--light-primary'); // the theme, painted at once
  });

  it('names the module of a page loaded when its route matches, and on a sign-in return the sign-in code, for the page script to fetch with the app, and the files are served', async () => {
    const login = await open('/my-account/login');
    const modules = [...login.document.querySelectorAll(`meta[name="${PAGE_META.module}"]`)].map((meta) =>
      meta.getAttribute('content'),
    );
    expect(modules).toEqual([expect.stringMatching(/^\/assets\/login-page-[\w-]+\.js$/)]);
    expect(login.document.querySelector('link[rel="modulepreload"]')).toBeNull(); // not before the first paint
    expect((await fetch(base + modules[0]!)).status).toBe(200);
    // What the home page shows someone signed in: the owner's side, its scripts and style sheet (the
    // login page, someone's not signed in, names none).
    expect(login.document.querySelector(`meta[name="${PAGE_META.signedIn}"]`)).toBeNull();
    const home = await open('/my-account/');
    const signedIn = [...home.document.querySelectorAll(`meta[name="${PAGE_META.signedIn}"]`)].map((meta) =>
      meta.getAttribute('content')!,
    );
    expect(signedIn).toContainEqual(expect.stringMatching(/^\/assets\/owner-home-[\w-]+\.js$/));
    expect(signedIn).toContainEqual(expect.stringMatching(/^\/assets\/owner-home-[\w-]+\.css$/));
    for (const file of signedIn) expect((await fetch(base + file)).status).toBe(200);
    // And what it reads first: the user, the owner's lists (each refused without a token).
    const reads = [...home.document.querySelectorAll(`meta[name="${PAGE_META.sessionRead}"]`)].map((meta) =>
      meta.getAttribute('content')!,
    );
    expect(reads).toEqual(['/ids/user', '/api/v1/bike', '/api/v1/bike/shared']);
    for (const read of reads) expect((await fetch(base + read)).status).toBe(401);
    // The invite page is in the app's own code: nothing more to fetch.
    const code = inviteFor('Module Owner', 'Module bike');
    const invite = await open(`/my-account/invite/${code}`);
    expect(invite.document.querySelector(`meta[name="${PAGE_META.module}"]`)).toBeNull();
    expect(invite.document.querySelector(`meta[name="${PAGE_META.signedIn}"]`)).toBeNull();
    expect(invite.document.querySelector(`meta[name="${PAGE_META.sessionRead}"]`)).toBeNull();
    // Back from the identity service, Confirm waits for the code exchange: the sign-in code comes with the app.
    const signingIn = await open(`/my-account/invite/${code}?code=c1&state=s1`);
    const returned = [...signingIn.document.querySelectorAll(`meta[name="${PAGE_META.module}"]`)].map((meta) =>
      meta.getAttribute('content'),
    );
    expect(returned).toEqual([expect.stringMatching(/^\/assets\/oauth-flow-[\w-]+\.js$/)]);
    expect((await fetch(base + returned[0]!)).status).toBe(200);
  });

  it('renders the accepted page for the device the User-Agent names: a phone gets its store', async () => {
    const android = await open('/my-account/invite/ANY-CODE/accepted', {
      'user-agent':
        'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    });
    expect(android.document.querySelector('#root a.fab')?.getAttribute('data-platform')).toBe('android');
    const desktop = await open('/my-account/invite/ANY-CODE/accepted', {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    });
    expect(desktop.document.querySelectorAll('#root a.store-badge')).toHaveLength(2);
  });

  it('allows its own inline styles (its brand’s theme, the app’s style sheet) and its inline scripts by their hashes, and no other inline style or script', async () => {
    const code = inviteFor('Csp Owner', 'Csp bike');
    const page = await open(`/my-account/invite/${code}`);
    const csp = page.response.headers.get('content-security-policy') ?? '';
    const styles = [...page.document.querySelectorAll('head style')].map((style) => style.textContent ?? '');
    expect(styles).toHaveLength(2); // the theme, the app's style sheet
    const { createHash } = await import('node:crypto');
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(csp).toContain(`style-src 'self' ${styles.map(hash).join(' ')};`); // not the other brands' themes
    const [pageScript, ...others] = inlineScripts(page.document);
    expect(others).toEqual([]); // the page script alone
    // The home page's signed-in script (decision 0056), after the addresses it reads, is the other one allowed.
    const home = await open('/my-account/');
    const [homePageScript, signedInScript, ...more] = inlineScripts(home.document);
    expect([homePageScript, more]).toEqual([pageScript, []]);
    const script = [...home.document.scripts].find((each) => each.textContent === signedInScript)!;
    const metas = home.document.head.querySelectorAll('meta[name^="app-signed-in"], meta[name="app-session-read"]');
    expect(metas[metas.length - 1]!.compareDocumentPosition(script)).toBe(
      home.document.defaultView!.Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(csp).toContain(`script-src 'self' ${hash(pageScript!)};`);
    expect(home.response.headers.get('content-security-policy')).toContain(
      `script-src 'self' ${hash(pageScript!)} ${hash(signedInScript!)};`,
    );
    expect(csp).not.toContain('unsafe-inline');
    expect(page.document.documentElement.dataset.cardStyle).toBe('shadow');
  });
});
