import { createHash, randomBytes } from 'node:crypto';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './sign-in.ts';

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** The app's authorization request, as the identity service's login and registration forms take it. */
function authorizeRequest(baseURL: string) {
  const verifier = base64url(randomBytes(32));
  const redirectUri = `${baseURL}/my-account/`;
  const authorize = new URLSearchParams({
    response_type: 'code',
    client_id: 'my-account',
    redirect_uri: redirectUri,
    state: base64url(randomBytes(8)),
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  });
  return { verifier, redirectUri, authorize };
}

/** A new account riding nothing: a rider is told so by a second invite, so a journey ending accepted needs one. */
export async function newInvitee(baseURL: string): Promise<{ email: string; name: string }> {
  const id = randomBytes(5).toString('hex');
  const person = { email: `invitee-${id}@example.com`, name: `Invitee ${id}` };
  const api = await request.newContext({ baseURL });
  try {
    const { authorize } = authorizeRequest(baseURL);
    const form = await (await api.get(`/ids/register?${authorize}`)).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(form)?.[1];
    if (!csrf) throw new Error('no CSRF field on the registration form');
    const registered = await api.post('/ids/register', {
      form: {
        ...Object.fromEntries(authorize),
        csrf,
        display_name: person.name,
        email: person.email,
        password: DEMO_PASSWORD,
      },
      maxRedirects: 0,
    });
    if (registered.status() >= 400) throw new Error(`registering answered ${registered.status()}`);
    return person;
  } finally {
    await api.dispose();
  }
}

/** Runs `act` signed in as `email` the way an owner's app is (code with PKCE), with the bike service's headers. */
async function signedIn<T>(
  baseURL: string,
  email: string,
  act: (api: APIRequestContext, headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const api = await request.newContext({ baseURL });
  try {
    const { verifier, redirectUri, authorize } = authorizeRequest(baseURL);
    const form = await (await api.get(`/ids/login?${authorize}`)).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(form)?.[1];
    if (!csrf) throw new Error('no CSRF field on the login form');
    const login = await api.post('/ids/login', {
      form: { ...Object.fromEntries(authorize), csrf, email, password: DEMO_PASSWORD, action: 'login' },
      maxRedirects: 0,
    });
    const code = new URL(login.headers().location ?? '', baseURL).searchParams.get('code');
    if (!code) throw new Error(`login answered ${login.status()} without a code`);
    const tokens = await api.post('/ids/oauth', {
      form: {
        grant_type: 'authorization_code',
        client_id: 'my-account',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      },
    });
    const { access_token } = (await tokens.json()) as { access_token: string };
    const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    return await act(api, { Authorization: `Bearer ${access_token}`, 'X-XSRF-TOKEN': xsrf });
  } finally {
    await api.dispose();
  }
}

/** An access token of `email`, as their app holds one after signing in. */
export const accessToken = (baseURL: string, email = 'owner@example.com'): Promise<string> =>
  signedIn(baseURL, email, async (_api, headers) => headers.Authorization!.replace(/^Bearer /, ''));

/** Creates a fresh pending invite the way an owner's app would: signed in, a POST to the bike service's owner API. */
export function createInvite(baseURL: string, bikeId = 1, owner = 'owner@example.com'): Promise<string> {
  return signedIn(baseURL, owner, async (api, headers) => {
    const created = await api.post(`/api/v1/bike/${bikeId}/invite-code`, { headers, data: {} });
    if (created.status() !== 201)
      throw new Error(`creating an invite answered ${created.status()}: ${await created.text()}`);
    return ((await created.json()) as { code: string }).code;
  });
}

/** `email` stops riding the bike, as its rider's app does; one who does not ride it is left as is. */
export function leaveBike(baseURL: string, bikeId: number, email: string): Promise<void> {
  return signedIn(baseURL, email, async (api, headers) => {
    const left = await api.delete(`/api/v1/bike/shared/${bikeId}`, { headers });
    if (!left.ok() && left.status() !== 404) throw new Error(`leaving bike ${bikeId} answered ${left.status()}`);
  });
}

/** The bike service's answer to a person with no bike-service account yet: part of every newcomer's journey. */
export const NO_ACCOUNT_YET = /^HTTP 404 GET .*\/api\/v1\/user\/me$/;

/** Accepts an invite as `email` the way the app's confirm step does: they ride its bike. Resolves to when it was answered (epoch ms). */
export function acceptInvite(baseURL: string, code: string, email: string): Promise<number> {
  return signedIn(baseURL, email, async (api, headers) => {
    const use = () => api.post(`/api/v1/bike/invite-code/${encodeURIComponent(code)}/use`, { headers });
    let used = await use();
    // A person just registered has no bike-service account yet: made as the app makes it, then used again.
    if (used.status() === 403 && ((await used.json()) as { title?: string }).title === 'account-required') {
      const made = await api.post('/api/v1/user', { headers, data: { language: 'en' } });
      if (!made.ok()) throw new Error(`making the account answered ${made.status()}: ${await made.text()}`);
      used = await use();
    }
    const answeredAt = Date.now();
    // A test run before may have made them a rider already: the outcome wanted, the invite left open.
    if (used.status() === 409 && ((await used.json()) as { title?: string }).title === 'already-rider')
      return answeredAt;
    if (!used.ok()) throw new Error(`accepting ${code} answered ${used.status()}: ${await used.text()}`);
    return answeredAt;
  });
}

/** Every text the page's status lines (a dialog's left out) show from now on: other tests' invitees accept the same owner's invites, so a line may be replaced at once. */
export async function statusLineTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const said: string[] = ((window as unknown as { said: string[] }).said = []);
    new MutationObserver(() => {
      for (const line of document.querySelectorAll('[role="status"]:not(dialog *)')) {
        const text = line.textContent?.trim() ?? '';
        if (text && !said.includes(text)) said.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { said: string[] }).said);
}
