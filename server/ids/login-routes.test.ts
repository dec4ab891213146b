import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themeFor } from '../../src/contract/themes.ts';
import type { FastifyInstance } from 'fastify';
import { authorizeQuery, call, formBody, openForm, pkce, redirectUri, startTestServer } from '../test/helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestServer({ allowedOrigins: ['https://partner.example'] });
});
afterAll(() => app.close());

const challenge = pkce().challenge;
const query = (extra: Record<string, string> = {}) => authorizeQuery(challenge, extra);
const form = 'application/x-www-form-urlencoded';

async function submitLogin(fields: Record<string, string>, extra: Record<string, string> = {}) {
  const page = await openForm(app, 'login', query(extra));
  return call(app, {
    method: 'POST',
    url: '/ids/login',
    headers: { 'content-type': form, cookie: page.cookie },
    payload: `${query(extra)}&${formBody({ csrf: page.csrf, ...fields })}`,
  });
}

describe('login page', () => {
  it('renders an accessible form in the language asked for, with a CSP that allows no inline script', async () => {
    const response = await call(app, { method: 'GET', url: `/ids/login?${query({ ui_locales: 'nl' })}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="nl" dir="ltr">');
    expect(response.body).toContain('<label for="email">E-mailadres</label>');
    expect(response.body).toContain('<label for="password">Wachtwoord</label>');
    expect(response.body).toMatch(/<a href="\/ids\/register\?[^"]*code_challenge=/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('follows Accept-Language when ui_locales is absent, and falls back to English', async () => {
    const de = await call(app, {
      method: 'GET',
      url: `/ids/login?${query()}`,
      headers: { 'accept-language': 'zz;q=0.9, de-DE;q=0.8' },
    });
    expect(de.body).toContain('<html lang="de" dir="ltr">');
    expect(de.body).toContain('Passwort');
    const en = await call(app, { method: 'GET', url: `/ids/login?${query()}`, headers: { 'accept-language': 'zz' } });
    expect(en.body).toContain('<html lang="en" dir="ltr">');
  });

  it('speaks every language of the table: the registration page in Swedish, Danish and French', async () => {
    for (const [lang, label, hint] of [
      ['sv', 'Lösenord', 'Minst 8 tecken.'],
      ['da', 'Adgangskode', 'Mindst 8 tegn.'],
      ['fr', 'Mot de passe', 'Au moins 8 caractères.'],
    ]) {
      const response = await call(app, { method: 'GET', url: `/ids/register?${query({ ui_locales: lang! })}` });
      expect(response.body, lang).toContain(`<html lang="${lang}" dir="ltr">`);
      expect(response.body, lang).toContain(`<label for="password">${label}</label>`);
      expect(response.body, lang).toContain(`<p class="hint" id="password-hint">${hint}</p>`);
    }
  });

  it('serves the brand stylesheet', async () => {
    const css = await call(app, { method: 'GET', url: '/ids/login.css' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('#1D1D1B'); // sparta's primary colour
    expect(css.body).toContain('color-scheme:light dark');
    // Sparta's dark background and text, chosen by the system setting.
    expect(css.body).toMatch(/@media \(prefers-color-scheme:dark\)\{:root\{[^}]*--bg:#[0-9A-F]{6}[^}]*\}\}/);
    expect(css.body).toContain(`--bg:${themeFor('sparta').dark.background}`);
  });

  it('shows the logo on a band of the colour it is drawn for', async () => {
    const response = await call(app, { method: 'GET', url: `/ids/login?${query()}` });
    expect(response.body).toContain('<div class="brand"><img class="logo" src="/assets/img/sparta_logo.svg"');
  });

  it.each([
    ['an unknown client', { client_id: 'evil' }],
    ['a redirect URI on another origin', { redirect_uri: 'https://evil.example/my-account/' }],
    ['a redirect URI outside the app', { redirect_uri: 'http://localhost/elsewhere' }],
    ['a javascript: redirect URI', { redirect_uri: 'javascript:alert(1)//localhost/my-account/' }],
    ['a redirect URI with userinfo', { redirect_uri: 'http://evil@localhost/my-account/' }],
    ['a missing PKCE challenge', { code_challenge: '' }],
    ['the plain PKCE method', { code_challenge_method: 'plain' }],
    ['another response type', { response_type: 'token' }],
  ])('shows an error page, and redirects nowhere, for %s', async (_name, extra) => {
    const response = await call(app, { method: 'GET', url: `/ids/login?${query(extra)}` });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('This login link does not work');
  });

  it('accepts a redirect URI on an allow-listed origin', async () => {
    const response = await call(app, {
      method: 'GET',
      url: `/ids/login?${query({ redirect_uri: 'https://partner.example/my-account/' })}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("form-action 'self' https://partner.example");
  });

  it("redirects back with code and state, keeping the redirect URI's own parameters", async () => {
    const withParams = `${redirectUri}?lang=nl`;
    const response = await submitLogin(
      { email: 'anna@example.com', password: 'demo-password' },
      { redirect_uri: withParams },
    );
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.origin + location.pathname).toBe(redirectUri);
    expect(location.searchParams.get('lang')).toBe('nl');
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('shows the form again with a translated error and the email kept on a wrong password', async () => {
    const response = await submitLogin({ email: 'anna@example.com', password: 'wrong-password' }, { ui_locales: 'de' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('role="alert"');
    expect(response.body).toContain('E-Mail-Adresse oder Passwort ist falsch.');
    expect(response.body).toContain('value="anna@example.com"');
    const unknown = await submitLogin({ email: 'nobody@example.com', password: 'whatever1' });
    expect(unknown.body).toContain('The email address or password is incorrect.');
  });

  it('refuses a form without its CSRF token', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/ids/login',
      headers: { 'content-type': form },
      payload: `${query()}&${formBody({ email: 'anna@example.com', password: 'demo-password' })}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('This page has expired');
  });

  it('refuses a token of the right length in other characters as expired, not with a 500', async () => {
    const page = await openForm(app, 'login', query());
    // 32 characters, 33 bytes: the comparison must not reach buffers of different lengths.
    const csrf = `é${page.csrf.slice(1)}`;
    const response = await call(app, {
      method: 'POST',
      url: '/ids/login',
      headers: { 'content-type': form, cookie: page.cookie },
      payload: `${query()}&${formBody({ csrf, email: 'anna@example.com', password: 'demo-password' })}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('This page has expired');
  });

  it('redirects with error=access_denied when the user cancels', async () => {
    const response = await submitLogin({ action: 'cancel' });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('code')).toBeNull();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('slows down password guessing: after 10 failures the form answers 429', async () => {
    for (let i = 0; i < 10; i++) await submitLogin({ email: 'bram@example.com', password: `guess-${i}` });
    const blocked = await submitLogin({ email: 'bram@example.com', password: 'demo-password' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain('Too many attempts');
  });

  it('answers problem+json for an oversized form body', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/ids/login',
      headers: { 'content-type': form },
      payload: `email=${'a'.repeat(20_000)}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

async function register(fields: Record<string, string>, extra: Record<string, string> = {}) {
  const page = await openForm(app, 'register', query(extra));
  return call(app, {
    method: 'POST',
    url: '/ids/register',
    headers: { 'content-type': form, cookie: page.cookie },
    payload: `${query(extra)}&${formBody({ csrf: page.csrf, ...fields })}`,
  });
}

describe('registration', () => {
  it('creates an account and continues the authorization', async () => {
    const response = await register({
      display_name: 'Nieuwe Gebruiker',
      email: 'new@example.com',
      password: 'long-enough',
    });
    expect(response.statusCode).toBe(302);
    expect(new URL(String(response.headers.location)).searchParams.get('code')).toBeTruthy();
    const again = await submitLogin({ email: 'NEW@example.com', password: 'long-enough' });
    expect(again.statusCode).toBe(302);
  });

  it("refuses a registered email, a short password and a missing name, in the user's language", async () => {
    const taken = await register(
      { display_name: 'Anna', email: 'anna@example.com', password: 'long-enough' },
      { ui_locales: 'nl' },
    );
    expect(taken.headers.location).toBeUndefined();
    expect(taken.body).toContain('Er bestaat al een account met dit e-mailadres.');
    const invalid = await register({ display_name: ' ', email: 'not-an-email', password: 'short' });
    expect(invalid.headers.location).toBeUndefined();
    expect(invalid.body).toContain('Enter your name.');
    expect(invalid.body).toContain('Enter a valid email address.');
    expect(invalid.body).toContain('Choose a password of at least 8 characters.');
    expect(invalid.body).toContain('aria-invalid="true"');
  });

  it('checks the authorization request on the registration page too', async () => {
    const response = await call(app, {
      method: 'GET',
      url: `/ids/register?${query({ redirect_uri: 'https://evil.example/my-account/' })}`,
    });
    expect(response.statusCode).toBe(400);
  });
});
