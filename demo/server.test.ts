// The demo as one server: the app server's plugin and the reference services on one port, with the
// config.json it builds for each brand. What each part does alone is tested beside it
// (app-server/, server/); here, what they do together.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDemoServer, type CreateDemoServerOptions } from './server.ts';

const root = mkdtempSync(join(tmpdir(), 'bike-invite-demo-'));
const dist = join(root, 'dist');
const override = join(root, 'override.json');
const servers: FastifyInstance[] = [];

beforeAll(() => {
  mkdirSync(join(dist, 'assets/img'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'assets/index-AbC123_x.js'), 'console.log(1);');
  writeFileSync(
    join(dist, 'assets/config.json'),
    JSON.stringify({ app: 'sparta', appLink: { ios: '/ios', android: '/android', fallback: '/fallback' } }),
  );
  writeFileSync(join(dist, 'assets/img/qwic_logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(override, JSON.stringify({ appLink: { ios: 'https://apps.example/ios' }, production: true }));
  // The build's English texts, which a brand's own words are checked against.
  const { ids: _signIn, ...english } = JSON.parse(readFileSync('public/i18n/en.json', 'utf8')) as Record<
    string,
    unknown
  >;
  mkdirSync(join(dist, 'i18n'));
  writeFileSync(join(dist, 'i18n/en.json'), JSON.stringify(english));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((app) => app.close()));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function demo(options: CreateDemoServerOptions = {}): Promise<FastifyInstance> {
  const app = createDemoServer({
    dbPath: ':memory:',
    logLevel: 'silent',
    distDir: dist,
    ssrDir: join(root, 'no-renderer'),
    ...options,
  });
  servers.push(app);
  await app.ready();
  return app;
}

const loginPage = (challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', host = 'localhost') =>
  `/ids/login?response_type=code&client_id=my-account&redirect_uri=http://${host}/my-account/&code_challenge=${challenge}&code_challenge_method=S256`;

describe('the demo', () => {
  it('serves config.json for the brand chosen at start, with the override merged in', async () => {
    const app = await demo({ brand: 'qwic', configOverridePath: override });
    expect((await app.inject({ method: 'GET', url: '/assets/config.json' })).json()).toMatchObject({
      app: 'qwic',
      logo: '/assets/img/qwic_logo.svg',
      production: true,
      appLink: { ios: 'https://apps.example/ios', android: '/android', fallback: '/fallback' },
    });
  });

  it('keeps an unknown brand’s name in config.json but gives it the neutral logo, on the app and the login page', async () => {
    const app = await demo({ brand: 'acme' });
    expect((await app.inject({ method: 'GET', url: '/assets/config.json' })).json()).toMatchObject({
      app: 'acme',
      logo: '/assets/img/default_logo.svg',
    });
    // In English as asked: with no language asked for, the page speaks the brand's default (Dutch), as the app does.
    const login = await app.inject({ method: 'GET', url: loginPage(), headers: { 'accept-language': 'en' } });
    expect(login.body).toContain('src="/assets/img/default_logo.svg" alt="Bike invite logo"');
  });

  it('refuses to start with a brand’s own words that do not fit, naming the config and the key', async () => {
    const wrong = { texts: { en: { 'invite-page.invite.text_bike': '{{person}} shares “{{bike}}” with you.' } } };
    await expect(demo({ configOverride: wrong })).rejects.toThrow(
      /the config\.json served for sparta: refused by the app: texts\.en\.invite-page\.invite\.text_bike: has the placeholders \{\{bike\}\} \{\{person\}\}, the original \{\{bike\}\} \{\{owner\}\}/,
    );
    const signIn = { texts: { en: { 'ids.login.titel': 'Sign in' } } };
    await expect(demo({ configOverride: signIn })).rejects.toThrow(/texts\.en\.ids\.login\.titel: is no text there is/);
  });

  it('shows each brand’s sign-in page in its register and with its own words, on its host name', async () => {
    const app = await demo();
    const signIn = (host: string, language: string) =>
      app.inject({ method: 'GET', url: loginPage(undefined, host), headers: { host, 'accept-language': language } });
    expect((await signIn('batavus.localhost', 'de')).body).toContain('Melden Sie sich mit Ihrer E-Mail-Adresse');
    expect((await signIn('batavus.localhost', 'nl')).body).toContain('Log in met uw e-mailadres');
    expect((await signIn('localhost', 'de')).body).toContain('Melde dich mit deiner E-Mail-Adresse');
  });

  it('gives a document the XSRF-TOKEN cookie the bike service checks, and a hashed file none', async () => {
    const app = await demo();
    const document = await app.inject({ method: 'GET', url: '/my-account/' });
    expect(document.statusCode).toBe(200);
    expect(String(document.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
    expect(
      (await app.inject({ method: 'GET', url: '/assets/index-AbC123_x.js' })).headers['set-cookie'],
    ).toBeUndefined();
  });

  it('allows the standard provider its served config names in connect-src, for every answer', async () => {
    const issuer = 'http://127.0.0.1:9';
    const app = await demo({ configOverride: { api: { ids: { url: '', issuer } } } });
    for (const url of ['/assets/config.json', '/api/v1/bike/invite-code/DEMO-PENDING-1']) {
      const csp = (await app.inject({ method: 'GET', url })).headers['content-security-policy'];
      expect(csp, url).toMatch(new RegExp(`connect-src 'self' ${issuer}(;| )`));
    }
  });

  it('lets the inline styles it was given apply on every answer but a rendered page', async () => {
    const hash = `'sha256-${'A'.repeat(43)}='`;
    const app = await demo({ allowStyles: [hash] });
    const csp = (await app.inject({ method: 'GET', url: '/assets/config.json' })).headers['content-security-policy'];
    expect(csp).toMatch(new RegExp(`style-src 'self'[^;]* ${hash}(;| )`));
  });

  it('answers a host name it does not serve with 421 on the services’ routes too, and health on any', async () => {
    const app = await demo();
    const ask = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'evil.example' } });
    for (const url of ['/api/v1/bike/invite-code/DEMO-PENDING-1', loginPage(), '/media/bikes/city-bike.jpg']) {
      const response = await ask(url);
      expect(response.statusCode, url).toBe(421);
      expect(response.headers['content-type'], url).toMatch(/^application\/problem\+json/);
    }
    expect((await ask('/healthz')).statusCode).toBe(200);
    expect((await ask('/readyz')).json()).toEqual({ status: 'ready', checks: { config: 'ok' } });
  });

  it('without a built app, still serves the services, and explains the missing app', async () => {
    const app = await demo({ distDir: join(root, 'missing'), mediaDir: join(root, 'missing-media') });
    expect((await app.inject({ method: 'GET', url: '/my-account/' })).json()).toMatchObject({
      status: 503,
      title: 'app-not-built',
    });
    expect((await app.inject({ method: 'GET', url: '/assets/config.json' })).json()).toMatchObject({
      app: 'sparta',
      api: { ids: { client_id: 'my-account' } },
    });
    expect((await app.inject({ method: 'GET', url: '/api/v1/bike/invite-code/DEMO-PENDING-1' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/media/bikes/city-bike.jpg' })).statusCode).toBe(404);
  });
});
