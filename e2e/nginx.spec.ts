import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { wellKnownFiles } from '../app-server/app-link-files.ts';
import { APP_STORE } from '../app-server/test/app-store.ts';
import { expect, test } from './fixtures.ts';
import { BROTLI_MODULE } from './nginx/nginx-config.ts';
import { acceptInvite, accessToken, createInvite, newInvitee } from './support/owner.ts';
import { startNginx, type RunningNginx } from './nginx/run-nginx.ts';

// deploy/nginx.conf in Debian's nginx, serving the built dist/ on a loopback port; the services
// (/api, /ids, /media) are proxied to the reference server that Playwright starts.
const REPO_DIR = fileURLToPath(new URL('..', import.meta.url));

// One nginx per worker: keep this file's tests together in one worker, in order.
test.describe.configure({ mode: 'default' });
test.use({ locale: 'en' });

let nginx: RunningNginx | undefined;
// The brand's folder for `npm run well-known --out` (the block's marked .well-known root points here).
let wellKnownOut: string | undefined;

// oxlint-disable-next-line no-empty-pattern -- Playwright needs the fixtures argument destructured.
test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== 'desktop', 'one server config for every device: checked once, on desktop');
  wellKnownOut = mkdtempSync(join(tmpdir(), 'bike-invite-well-known-'));
  // .ci/run installs Debian's brotli module; where it is missing, the block runs as shipped (line commented).
  const brotli = existsSync(BROTLI_MODULE) ? BROTLI_MODULE : undefined;
  nginx = await startNginx(REPO_DIR, String(info.project.use.baseURL), wellKnownOut, brotli);
});

test.afterAll(async () => {
  await nginx?.stop();
  if (wellKnownOut) rmSync(wellKnownOut, { recursive: true, force: true });
});

function at(path: string): string {
  if (!nginx) throw new Error('nginx is not running');
  return `${nginx.origin}${path}`;
}

async function get(request: APIRequestContext, path: string, gzip = false): Promise<APIResponse> {
  return request.get(at(path), { maxRedirects: 0, headers: { 'accept-encoding': gzip ? 'gzip' : 'identity' } });
}

/** `default-src 'self'; …` as { 'default-src': "'self'", … }, whitespace normalized. */
function directives(csp: string | undefined): Record<string, string> {
  const entries = (csp ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter((words) => words[0])
    .map(([name, ...values]) => [name, values.join(' ')]);
  return Object.fromEntries(entries);
}

function expectSecurityHeaders(response: APIResponse): void {
  const headers = response.headers();
  const csp = directives(headers['content-security-policy']);
  expect(csp['script-src'], `script-src of ${response.url()}`).toBe("'self'");
  expect(csp['default-src']).toBe("'self'");
  expect(csp['frame-ancestors']).toBe("'none'");
  expect(csp['object-src']).toBe("'none'");
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(headers['content-security-policy']).not.toContain('unsafe-eval');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
}

// Headers that describe the answer rather than the site's security policy.
const ANSWER_HEADERS =
  /^(date|server|connection|keep-alive|content-(length|type|encoding|language)|transfer-encoding|cache-control|etag|last-modified|accept-ranges|vary|set-cookie|location|x-request-id)$/;

/** The security headers of an answer, CSP directives normalized. */
function securityHeaders(response: APIResponse): Record<string, unknown> {
  const entries = Object.entries(response.headers())
    .filter(([name]) => !ANSWER_HEADERS.test(name))
    .map(([name, value]) => [name, name === 'content-security-policy' ? directives(value) : value]);
  return Object.fromEntries(entries);
}

test('sends the same security headers as the reference server', async ({ request }) => {
  const ours = await get(request, '/my-account/');
  expectSecurityHeaders(ours);
  // HSTS only in the deployment: the reference server speaks plain http, where it does not belong.
  const { 'strict-transport-security': hsts, ...rest } = securityHeaders(ours);
  expect(hsts).toBe('max-age=31536000');
  // The app server's pages carry inline styles and scripts (the page script; on the home page the
  // signed-in script too), allowed by their hashes; the static build has none, so its style-src and
  // script-src are 'self' alone. Everything else is the same.
  const reference = securityHeaders(await request.get('/my-account/'));
  const referenceCsp = reference['content-security-policy'] as Record<string, string>;
  expect(referenceCsp['style-src']).toMatch(/^'self'( 'sha256-[\w+/=]+')+$/);
  expect(referenceCsp['script-src']).toMatch(/^'self' 'sha256-[\w+/=]+' 'sha256-[\w+/=]+'$/);
  reference['content-security-policy'] = { ...referenceCsp, 'style-src': "'self'", 'script-src': "'self'" };
  expect(rest).toEqual(reference);
});

test('redirects / to the app, answers its routes with index.html, and 404 elsewhere', async ({ request }) => {
  const root = await get(request, '/');
  expect(root.status()).toBe(302);
  expect(root.headers().location).toBe('/my-account/');
  expectSecurityHeaders(root);

  const index = await get(request, '/index.html');
  expect(index.status()).toBe(200);
  expect(index.headers()['cache-control']).toBe('no-cache');
  const html = await index.text();
  expect(html).toContain('<div id="root">');

  for (const route of ['/my-account', '/my-account/', '/my-account/invite/DEMO-PENDING-1/accepted']) {
    const page = await get(request, route);
    expect(page.status(), route).toBe(200);
    expect(page.headers()['content-type'], route).toMatch(/^text\/html/);
    expect(page.headers()['cache-control'], route).toBe('no-cache');
    expect(await page.text(), route).toBe(html);
    expectSecurityHeaders(page);
  }

  for (const unknown of ['/nope', '/index.htm', '/i18n/xx.json', '/.well-known/assetlinks.json']) {
    const missing = await get(request, unknown);
    expect(missing.status(), unknown).toBe(404);
    expectSecurityHeaders(missing);
  }
});

/** The deploy step, as an operator runs it: `npm run well-known -- --config … --out …`. */
function deployWellKnown(config: Record<string, unknown>): void {
  if (!wellKnownOut) throw new Error('no --out folder');
  const configPath = join(wellKnownOut, 'config.json');
  writeFileSync(configPath, JSON.stringify(config));
  execFileSync(process.execPath, ['scripts/well-known.ts', '--config', configPath, '--out', wellKnownOut], {
    cwd: REPO_DIR,
    stdio: 'pipe',
  });
}

test('serves the app-link files the deploy step wrote as JSON, and 404 once it wrote none', async ({ request }) => {
  deployWellKnown({ app: 'sparta', appStore: APP_STORE });
  const files = wellKnownFiles(APP_STORE);
  expect(files).toHaveLength(2);
  for (const file of files) {
    const path = `/.well-known/${file.name}`;
    const response = await get(request, path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toBe('application/json; charset=utf-8');
    expect(response.headers()['cache-control'], path).toBe('public, max-age=600');
    expect(await response.text(), path).toBe(file.body);
    expectSecurityHeaders(response);
  }
  // Only those two names; the rest of the folder is not served, and nothing falls back to the app.
  writeFileSync(join(wellKnownOut ?? '', '.well-known', 'notes.txt'), 'not for Apple or Google');
  for (const path of [
    '/.well-known/apple-app-site-association/',
    '/.well-known/notes.txt',
    '/.well-known/',
    '/apple-app-site-association',
  ]) {
    const response = await get(request, path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain('<div id="root">');
  }

  deployWellKnown({ app: 'sparta', appStore: { android: APP_STORE.android } });
  expect((await get(request, '/.well-known/assetlinks.json')).status()).toBe(200);
  expect((await get(request, '/.well-known/apple-app-site-association')).status()).toBe(404);

  deployWellKnown({ app: 'sparta' });
  for (const file of files) {
    const response = await get(request, `/.well-known/${file.name}`);
    expect(response.status(), file.name).toBe(404);
    expect(response.headers()['content-type'], file.name).toMatch(/^text\/html/);
    expect(await response.text(), file.name).not.toContain('<div id="root">');
    expectSecurityHeaders(response);
  }
});

test('caches hashed files for a year and gzips them; never caches config, texts or index', async ({ request }) => {
  const html = await (await get(request, '/index.html')).text();
  const hashed = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+-[\w-]{8}\.(?:js|css))"/g)].map((m) => m[1]);
  expect(hashed.length).toBeGreaterThanOrEqual(2);
  for (const path of hashed) {
    const asset = await get(request, path ?? '', true);
    expect(asset.status(), path).toBe(200);
    expect(asset.headers()['cache-control'], path).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(asset);
    // Like the reference server, files under 1 kB are sent as they are.
    const size = (await (await get(request, path ?? '')).body()).length;
    expect(asset.headers()['content-encoding'], path).toBe(size >= 1024 ? 'gzip' : undefined);
    if (size >= 1024) expect(asset.headers().vary, path).toMatch(/accept-encoding/i);
    // From 1 kB up the build's gzip copy is sent as it is (gzip_static), not compressed per request.
    if (size >= 1024)
      expect(asset.headers()['content-length'], path).toBe(String(statSync(join(REPO_DIR, 'dist', `${path}.gz`)).size));
  }
  expect(hashed.filter((path) => path?.endsWith('.js')).length).toBeGreaterThan(0);
  // Source maps and the build manifest are the developers', not served.
  for (const internal of [`${hashed.find((path) => path?.endsWith('.js'))}.map`, '/.vite/manifest.json'])
    expect((await get(request, internal)).status(), internal).toBe(404);
  // A name the build does not have is an error, not something to keep for a year.
  const gone = await get(request, '/assets/index-00000000.js');
  expect(gone.status()).toBe(404);
  expect(gone.headers()['cache-control']).toBeUndefined();

  for (const path of ['/assets/config.json?t=1', '/i18n/nl.json', '/i18n/en.json', '/i18n/de.json']) {
    const fresh = await get(request, path, true);
    expect(fresh.status(), path).toBe(200);
    expect(fresh.headers()['content-type'], path).toMatch(/^application\/json/);
    expect(fresh.headers()['cache-control'], path).toBe('no-cache');
    expectSecurityHeaders(fresh);
  }

  const image = await get(request, '/assets/img/default_logo.svg');
  expect(image.status()).toBe(200);
  expect(image.headers()['cache-control']).toBe('public, max-age=600');
});

test("with the brotli module, sends the build's Brotli copies of hashed files, and gzip elsewhere", async ({
  request,
}) => {
  test.skip(
    !existsSync(BROTLI_MODULE),
    `nginx's brotli module is not installed (${BROTLI_MODULE}); .ci/run installs it`,
  );
  const html = await (await get(request, '/index.html')).text();
  const entry = /<script type="module" crossorigin src="(\/assets\/[\w-]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeDefined();
  const brotli = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const compressed = await request.get(at(entry ?? ''), { headers: brotli });
  expect(compressed.headers()['content-encoding']).toBe('br');
  expect(compressed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(compressed.headers()['content-type']).toMatch(/javascript/);
  expect(Number(compressed.headers()['content-length'])).toBe(statSync(`dist${entry}.br`).size); // the build's copy
  // The browser gets the very file: Playwright decodes the answer as Chromium would.
  expect((await compressed.body()).equals(await (await get(request, entry ?? '')).body())).toBe(true);
  // Files the build has no copy of (not hashed, e.g. texts) are gzipped as before.
  const texts = await request.get(at('/i18n/en.json'), { headers: brotli });
  expect(texts.headers()['content-encoding']).toBe('gzip');
});

test('proxies the services with their own headers (deploy/proxy.conf)', async ({ request }) => {
  const path = '/api/v1/bike/invite-code/DEMO-PENDING-1';
  const invite = await get(request, path);
  expect(invite.status()).toBe(200);
  expect(await invite.json()).toHaveProperty('owner_display_name');
  expect(invite.headers()['cache-control']).toBe('no-store');
  // The service's headers, once each: none added by the server block.
  const direct = await request.get(path);
  expect(securityHeaders(invite)).toEqual(securityHeaders(direct));
  const policies = invite.headersArray().filter((header) => /^content-security-policy$/i.test(header.name));
  expect(policies).toHaveLength(1);
});

test('passes the owner’s event stream on while it is open, uncompressed (deploy/proxy.conf)', async ({ baseURL }) => {
  const [token, code, invitee] = await Promise.all([
    accessToken(baseURL!),
    createInvite(baseURL!, 1),
    newInvitee(baseURL!),
  ]);
  const stop = new AbortController();
  const stream = await fetch(at('/api/v1/bike/events'), {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    signal: stop.signal,
  });
  expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(stream.headers.get('content-encoding')).toBeNull();
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  await acceptInvite(baseURL!, code, invitee.email);
  // The event arrives while the stream is open: a buffering proxy would hold it until the stream ends.
  let received = '';
  while (!received.includes(code)) received += (await reader.read()).value ?? '';
  expect(received).toContain('"type":"invite-accepted"');
  stop.abort();
});

test('an outcome page renders in Chromium under this policy, without console errors', async ({ page }) => {
  // The accepted page, as the static build serves it.
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(at('/my-account/invite/DEMO-ACCEPTED/accepted'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invite accepted');
  const graphic = page.locator('img.graphic');
  await expect
    .poll(() => graphic.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(new URL(page.url()).origin).toBe(nginx?.origin);
  expect(failed).toEqual([]);
});
