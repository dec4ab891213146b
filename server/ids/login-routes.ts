import { cleanName } from '../../src/contract/clean-name.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REFERENCE_IDS } from '../../src/contract/service-urls.ts';
import type { Context } from '../context.ts';
import { authorizeParams, parseAuthorizeRequest, redirectBack, type AuthorizeRequest } from './authorize-request.ts';
import { issueCode } from './codes.ts';
import { clientOf, createLoginLimiter, createRegistrationLimiter, formToken, formTokenMatches } from './form-guard.ts';
import { renderErrorPage, renderLoginPage, renderRegisterPage, type FieldError, type PageFrame } from './login-page.ts';
import { loginStylesheet } from './login-style.ts';
import { loadLoginTexts, loginLanguage } from './login-texts.ts';
import { decoyPasswordHash, MIN_PASSWORD_LENGTH, verifyPassword } from './passwords.ts';
import { defaultReferenceOptions } from '../reference-options.ts';
import { createUser, emailPattern, findUserByEmail } from './users.ts';

type Form = Record<string, unknown>;

function str(form: Form, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value : '';
}

/** Failed logins allowed per client on one account, and per client on all, in 15 minutes. */
export const loginLimits = { perAccount: 10, perClient: 50, windowMs: 15 * 60_000 };

/** Registrations allowed per client, and about one email from all clients, in an hour. */
export const registrationLimits = {
  perClient: defaultReferenceOptions.registrationsPerClient,
  perEmail: 3,
  windowMs: 60 * 60_000,
};

/** The sign-in pages: no redirect before client and redirect URI are checked, their own CSRF token,
 * and 200 for a form shown again with an error (a 401 needs a challenge). */
export function registerLoginRoutes(app: FastifyInstance, ctx: Context): void {
  const limiter = createLoginLimiter(loginLimits);
  const registrations = createRegistrationLimiter({
    ...registrationLimits,
    perClient: ctx.options.registrationsPerClient,
  });
  const css = loginStylesheet(ctx.theme);
  // Each brand's voice read, and checked, at the start.
  const filesOwn = loadLoginTexts();
  const voiced = new Map([...new Set(ctx.options.voices.values())].map((voice) => [voice, loadLoginTexts({ voice })]));
  const textsFor = (request: FastifyRequest) => {
    const voice = ctx.options.voices.get(request.authority?.hostname ?? '');
    return (voice && voiced.get(voice)) ?? filesOwn;
  };
  // Chrome applies form-action to the redirect after the POST too, so the allowed app origins are listed.
  const csp = () =>
    `default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self' ${ctx.origins.list().join(' ')}; frame-ancestors 'none'; base-uri 'none'`;

  const csrf = (request: FastifyRequest, reply: FastifyReply) =>
    formToken(request, reply, ctx.origins.secureCookies(request));
  // In the languages of the brand whose app asks (its redirect URI's host, else the page's), as the app offers them.
  const frameFor = (request: FastifyRequest, uiLocales: string | undefined, redirectUri?: string): PageFrame => {
    const host = (redirectUri && URL.parse(redirectUri)?.hostname) || request.authority?.hostname;
    const offer = ctx.options.languageOffer(host);
    const lang = loginLanguage(uiLocales, request.headers['accept-language'], offer);
    return { lang, t: textsFor(request)(lang), logo: ctx.logo, brandName: ctx.theme.name };
  };
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', csp())
      .send(body);

  /** Validates the authorization request, or answers with the error page and returns undefined. */
  const authorize = (request: FastifyRequest, reply: FastifyReply, params: unknown): AuthorizeRequest | undefined => {
    const parsed = parseAuthorizeRequest(params, request, ctx.origins);
    if (parsed.ok) return parsed.value;
    const p = (params ?? {}) as Form;
    html(reply, 400, renderErrorPage(frameFor(request, typeof p.ui_locales === 'string' ? p.ui_locales : undefined)));
    return undefined;
  };
  const finish = (reply: FastifyReply, auth: AuthorizeRequest, userId: number) => {
    const code = issueCode(
      ctx.db,
      { clientId: auth.clientId, redirectUri: auth.redirectUri, codeChallenge: auth.codeChallenge, userId },
      ctx.now(),
    );
    return reply.header('cache-control', 'no-store').redirect(redirectBack(auth, { code }), 302);
  };

  app.get('/ids/login.css', (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(css),
  );

  app.get(REFERENCE_IDS.login, (request, reply) => {
    const auth = authorize(request, reply, request.query);
    if (!auth) return reply;
    const frame = frameFor(request, auth.uiLocales, auth.redirectUri);
    return html(reply, 200, renderLoginPage(frame, { params: authorizeParams(auth), csrf: csrf(request, reply) }));
  });

  app.post(REFERENCE_IDS.login, async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    const auth = authorize(request, reply, form);
    if (!auth) return reply;
    if (form.action === 'cancel')
      return reply.header('cache-control', 'no-store').redirect(redirectBack(auth, { error: 'access_denied' }), 302);
    const frame = frameFor(request, auth.uiLocales, auth.redirectUri);
    const email = str(form, 'email').slice(0, 254);
    const again = (status: number, error: string) =>
      html(
        reply,
        status,
        renderLoginPage(frame, { params: authorizeParams(auth), csrf: csrf(request, reply), email, error }),
      );
    if (!formTokenMatches(request, form.csrf)) return again(200, frame.t('error.form-expired'));
    const now = ctx.now();
    const client = clientOf(request.ip);
    if (!limiter.attempt(client, email, now)) return again(429, frame.t('error.too-many-attempts'));
    let user: ReturnType<typeof findUserByEmail>;
    let valid = false;
    try {
      user = email ? findUserByEmail(ctx.db, email) : undefined;
      const password = str(form, 'password').slice(0, 1024);
      valid = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
    } finally {
      if (user && valid) limiter.succeeded(client, email);
      else limiter.failed(client, email, ctx.now());
    }
    if (!user || !valid) return again(200, frame.t('error.wrong-credentials'));
    return finish(reply, auth, user.id);
  });

  app.get('/ids/register', (request, reply) => {
    const auth = authorize(request, reply, request.query);
    if (!auth) return reply;
    const frame = frameFor(request, auth.uiLocales, auth.redirectUri);
    return html(reply, 200, renderRegisterPage(frame, { params: authorizeParams(auth), csrf: csrf(request, reply) }));
  });

  app.post('/ids/register', async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    const auth = authorize(request, reply, form);
    if (!auth) return reply;
    const frame = frameFor(request, auth.uiLocales, auth.redirectUri);
    const { t } = frame;
    const displayName = cleanName(str(form, 'display_name')).slice(0, 80);
    const email = str(form, 'email').trim().slice(0, 254);
    const password = str(form, 'password');
    const again = (status: number, error: string | undefined, errors: FieldError[] = []) =>
      html(
        reply,
        status,
        renderRegisterPage(frame, {
          params: authorizeParams(auth),
          csrf: csrf(request, reply),
          displayName,
          email,
          error,
          errors,
        }),
      );
    if (!formTokenMatches(request, form.csrf)) return again(200, t('error.form-expired'));
    const errors: FieldError[] = [];
    if (!displayName) errors.push({ field: 'display_name', message: t('error.name-required') });
    if (!emailPattern.test(email)) errors.push({ field: 'email', message: t('error.invalid-email') });
    if (password.length < MIN_PASSWORD_LENGTH || password.length > 1024)
      errors.push({ field: 'password', message: t('error.password-too-short', { count: MIN_PASSWORD_LENGTH }) });
    if (errors.length > 0) return again(200, errors.map((x) => x.message).join(' '), errors);
    // Before the hash, and before anything says whether the email has an account.
    if (!registrations.allow(clientOf(request.ip), email, ctx.now())) return again(429, t('error.too-many-attempts'));
    const user = await createUser(ctx.db, { email, displayName, password }, ctx.now());
    if (!user) return again(200, t('error.email-taken'), [{ field: 'email', message: t('error.email-taken') }]);
    return finish(reply, auth, user.id);
  });
}
