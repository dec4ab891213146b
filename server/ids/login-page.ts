import { FAVICON_PATH } from '../../src/contract/brand-assets.ts';
import { languageRow } from '../../src/contract/languages.ts';
import { REFERENCE_IDS } from '../../src/contract/service-urls.ts';
import { escapeHtml as e } from '../../http-kit/escape-html.ts';
import type { Language, LoginT } from './login-texts.ts';
import { MIN_PASSWORD_LENGTH } from './passwords.ts';

export type PageFrame = { lang: Language; t: LoginT; logo: string; brandName: string };
export type FieldError = { field: string; message: string };

function page(frame: PageFrame, title: string, body: string): string {
  const alt = frame.t('logo-alt', { brand: frame.brandName });
  return `<!doctype html>
<html lang="${frame.lang}" dir="${languageRow(frame.lang).dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)} · ${e(frame.brandName)}</title>
<link rel="stylesheet" href="/ids/login.css">
<link rel="icon" type="image/png" href="${FAVICON_PATH}">
</head>
<body>
<main class="card">
<div class="brand"><img class="logo" src="${e(frame.logo)}" alt="${e(alt)}" height="40"></div>
${body}
</main>
</body>
</html>`;
}

function hidden(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`)
    .join('\n');
}

function alert(message: string | undefined): string {
  return message ? `<p class="alert" role="alert" id="form-error">${e(message)}</p>` : '';
}

type Field = {
  name: string;
  label: string;
  type: string;
  autocomplete: string;
  value?: string;
  hint?: string;
  error?: string;
};

function field(f: Field): string {
  const describedBy = [f.hint ? `${f.name}-hint` : '', f.error ? `${f.name}-error` : ''].filter(Boolean).join(' ');
  return `<div class="field">
<label for="${f.name}">${e(f.label)}</label>
${f.hint ? `<p class="hint" id="${f.name}-hint">${e(f.hint)}</p>` : ''}
${f.error ? `<p class="field-error" id="${f.name}-error">${e(f.error)}</p>` : ''}
<input id="${f.name}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}" required${f.value ? ` value="${e(f.value)}"` : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}${f.error ? ' aria-invalid="true"' : ''}>
</div>`;
}

type LoginView = { params: Record<string, string>; csrf: string; email?: string; error?: string };

export function renderLoginPage(frame: PageFrame, view: LoginView): string {
  const { t } = frame;
  const registerHref = `/ids/register?${new URLSearchParams(view.params).toString()}`;
  return page(
    frame,
    t('login.title'),
    `<h1>${e(t('login.title'))}</h1>
<p class="intro">${e(t('login.intro'))}</p>
${alert(view.error)}
<form method="post" action="${REFERENCE_IDS.login}">
${hidden({ ...view.params, csrf: view.csrf })}
${field({ name: 'email', label: t('field.email'), type: 'email', autocomplete: 'username', value: view.email ?? '' })}
${field({ name: 'password', label: t('field.password'), type: 'password', autocomplete: 'current-password' })}
<div class="actions">
<button type="submit" name="action" value="login" class="primary">${e(t('login.btn'))}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${e(t('login.cancel'))}</button>
</div>
</form>
<p class="switch">${e(t('login.no-account'))} <a href="${e(registerHref)}">${e(t('login.register-link'))}</a></p>`,
  );
}

type RegisterView = {
  params: Record<string, string>;
  csrf: string;
  displayName?: string;
  email?: string;
  error?: string;
  errors?: FieldError[];
};

export function renderRegisterPage(frame: PageFrame, view: RegisterView): string {
  const { t } = frame;
  const errorFor = (name: string) => view.errors?.find((x) => x.field === name)?.message;
  const loginHref = `${REFERENCE_IDS.login}?${new URLSearchParams(view.params).toString()}`;
  return page(
    frame,
    t('register.title'),
    `<h1>${e(t('register.title'))}</h1>
<p class="intro">${e(t('register.intro'))}</p>
${alert(view.error)}
<form method="post" action="/ids/register">
${hidden({ ...view.params, csrf: view.csrf })}
${field({ name: 'display_name', label: t('field.name'), type: 'text', autocomplete: 'name', value: view.displayName ?? '', error: errorFor('display_name') })}
${field({ name: 'email', label: t('field.email'), type: 'email', autocomplete: 'email', value: view.email ?? '', error: errorFor('email') })}
${field({ name: 'password', label: t('field.password'), type: 'password', autocomplete: 'new-password', hint: t('field.password-hint', { count: MIN_PASSWORD_LENGTH }), error: errorFor('password') })}
<div class="actions">
<button type="submit" class="primary">${e(t('register.btn'))}</button>
</div>
</form>
<p class="switch">${e(t('register.have-account'))} <a href="${e(loginHref)}">${e(t('register.login-link'))}</a></p>`,
  );
}

export function renderErrorPage(frame: PageFrame): string {
  const { t } = frame;
  const title = t('bad-request.title');
  return page(frame, title, `<h1>${e(title)}</h1>\n<p class="intro">${e(t('bad-request.text'))}</p>`);
}
