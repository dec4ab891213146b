import type { AppConfig } from '../config/schema.ts';
import { createHttpClient, type AccessToken, type HttpClient } from '../http/http-client.ts';
import { NetworkError } from '../http/http-error.ts';
import { onStoredChangeElsewhere } from '../storage/web-storage.ts';
import { cleanAddress, withError } from './clean-address.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';
import { isSignInReturn, type SignInReturnParams } from '../contract/sign-in-return.ts';
import { loadOAuth } from './load-oauth.ts';
import { whenIdle } from '../ui/when-idle.ts';
import type { LoginReturn } from './oauth-flow.ts';
import {
  clearSession,
  saveTokens,
  saveUser,
  storedAccessToken,
  storedIdToken,
  storedRefreshToken,
  storedUser,
  type TokenResponse,
} from './token-store.ts';
import { fetchUser, userEndpoint, userOf } from './user-service.ts';
import { recordField } from '../field/record.ts';

const REFRESH_LOCK = 'bike-invite:token-refresh';

export type Session = {
  http: HttpClient;
  /** What the page shows of the session (useSessionSnapshot). */
  store: SessionStore;
  /** Finishes a sign-in return or checks a stored session (the store says when); on a return, settles once its exchange has answered. */
  start(signInReturn: SignInReturnParams): Promise<void> | undefined;
  /** Settles once this page holds tokens: a call needing only them may go before the user is fetched. */
  tokensHeld(): Promise<void>;
  login(language: string): Promise<void>;
  /** Logs out here at once; with a standard provider, also there (revocation, end-session). */
  logout(language: string): Promise<void>;
};

/** How the session moves the browser: the page's address, a reload, leaving the app (the browser's, or a test's fakes). */
export type SessionNavigation = {
  /** The app's root path, e.g. `/my-account/`: the router writes it without its slash. */
  root: string;
  /** Goes to the app's root (a session the services ended). */
  toRoot: () => void;
  /** Loads an address afresh (a sign-in return that cannot end in place). */
  reload: (href: string) => void;
  /** Puts an address of the page the app is on (the same path, other parameters) in the address bar, without loading it. */
  show: (href: string) => void;
  /** Leaves the app for another address (the provider's end-session page); default: assign it. */
  leave?: (href: string) => void;
};

/** Across tabs too: refresh tokens rotate, so two tabs refreshing with one token would log each other out. */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(REFRESH_LOCK, task) : task();
}

export function createSession(config: AppConfig, navigation: SessionNavigation): Session {
  let inflight: Promise<boolean> | undefined;
  const store = createSessionStore();
  const sessionSnapshot = store.snapshot;
  const setSession = store.set;
  let holdTokens: (() => void) | undefined;
  const tokensReady = new Promise<void>((resolve) => (holdTokens = resolve));

  function signedOut(): void {
    clearSession();
    setSession({ status: 'anonymous', user: undefined });
  }

  async function loadUser(token: AccessToken): Promise<void> {
    const user = await fetchUser(config, token);
    saveUser(user);
    setSession({ status: 'authenticated', user });
  }

  /** Stores the tokens and fetches the user (asked for first); the tokens stay if that fails (docs/behaviour/sign-in-and-session.md#signing-in). */
  async function takeTokens(tokens: TokenResponse): Promise<void> {
    saveTokens(tokens);
    const user = loadUser(storedAccessToken()!).catch(() => undefined);
    holdTokens?.();
    await user;
  }

  async function refreshUnderLock(used: AccessToken | undefined): Promise<boolean> {
    const current = storedAccessToken();
    if (!current) throw new Error('no access_token');
    // Another tab refreshed while this one waited for the lock: use its token.
    if (used && current.accessToken !== used.accessToken) return true;
    const refreshToken = storedRefreshToken();
    if (!refreshToken) throw new Error('no refresh_token');
    const before = sessionSnapshot();
    setSession({ status: 'checking', user: before.user });
    try {
      // The grant's code not loading is a NetworkError (load-oauth.ts): no refusal either.
      const { refreshGrant } = await loadOAuth();
      const tokens = await refreshGrant(config, refreshToken);
      if (!tokens) return false;
      await takeTokens(tokens);
      return true;
    } finally {
      // Still checking: the refresh was not sent or its user fetch failed, so the session is as it was.
      if (sessionSnapshot().status === 'checking') setSession(before);
    }
  }

  function refresh(used: AccessToken | undefined): Promise<boolean> {
    inflight ??= withRefreshLock(() => refreshUnderLock(used)).finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  // Until the start-up user fetch settles, an ended session logs out without leaving the page.
  let startingUp = false;

  const http = createHttpClient({
    current: storedAccessToken,
    refresh,
    startingUp: () => startingUp,
    end(toRoot) {
      signedOut();
      if (toRoot) navigation.toRoot();
    },
  });

  async function refreshUserAtStart(): Promise<void> {
    setSession({ status: 'checking', user: storedUser() });
    try {
      const user = userOf(await http.get<unknown>(await userEndpoint(config)));
      saveUser(user);
      setSession({ status: 'authenticated', user });
    } catch (error) {
      // Ignored: the page stays; with a stored user it stays signed in, else it shows signed out, tokens kept.
      const current = sessionSnapshot();
      if (current.status === 'checking')
        setSession({
          status: error instanceof NetworkError && current.user ? 'authenticated' : 'anonymous',
          user: current.user,
        });
    }
  }

  function followOtherTabs(): void {
    onStoredChangeElsewhere((name) => {
      if (name !== 'access_token') return;
      const token = storedAccessToken();
      if (!token) return signedOut();
      if (sessionSnapshot().status !== 'authenticated') void loadUser(token).catch(() => undefined);
    });
  }

  /** The return from the identity service: exchanges the code, fetches the user, cleans the address
   * in place or reloads (docs/behaviour/sign-in-and-session.md#signing-in). */
  async function finishSignIn(answered: () => void): Promise<void> {
    const landedOn = window.location.pathname;
    setSession({ status: 'checking', user: undefined });
    let result: LoginReturn;
    try {
      result = await (await loadOAuth()).finishLogin(config, window.location.href);
    } catch {
      result = { outcome: 'failed' }; // the sign-in code could not be loaded
    }
    const taken = result.outcome === 'signed-in' ? takeTokens(result.tokens) : undefined;
    answered();
    await taken;
    // Back to the page the login started from (with a fixed redirect path), else this one.
    const href = cleanAddress((result.outcome !== 'state-mismatch' && result.returnTo) || window.location.href);
    if (result.outcome === 'failed') return navigation.reload(withError(href, 'login.failed'));
    const signedIn = result.outcome === 'signed-in' && sessionSnapshot().status === 'authenticated';
    if (signedIn) recordField('signed_in');
    if (!signedIn || new URL(href).pathname !== landedOn) return navigation.reload(href);
    // The page may have moved on meanwhile (the login page goes to the root once signed in).
    if (window.location.pathname === landedOn) navigation.show(href);
  }

  return {
    http,
    store,
    start(signInReturn) {
      followOtherTabs();
      if (isSignInReturn(signInReturn))
        return new Promise<void>((answered) => void finishSignIn(answered).finally(answered));
      if (storedAccessToken()) {
        holdTokens?.();
        startingUp = true;
        void refreshUserAtStart().finally(() => {
          startingUp = false;
        });
      } else {
        signedOut();
        // The login is likely next: load its code once the page is up, not amid the start-up.
        whenIdle(() => void loadOAuth().catch(() => undefined));
      }
    },
    tokensHeld: () => tokensReady,
    async login(language) {
      const { beginLogin } = await loadOAuth();
      const here = new URL(window.location.href);
      if (`${here.pathname}/` === navigation.root) here.pathname = navigation.root; // redirect URIs are registered under the root with its slash
      window.location.assign(await beginLogin(config, language, here.toString()));
    },
    async logout(language) {
      const ended = { refreshToken: storedRefreshToken(), idToken: storedIdToken() };
      signedOut(); // here at once, and other tabs follow
      if (!config.api.ids.issuer) return; // the reference identity service: a local logout, as ever
      // The sign-in code not loading (offline) leaves the logout local: it is done here already.
      const oauthFlow = await loadOAuth().catch(() => undefined);
      const returnTo = new URL(navigation.root, window.location.href).toString();
      const endSession = await oauthFlow?.providerLogout(config, { ...ended, returnTo, language });
      if (endSession) (navigation.leave ?? ((href: string) => window.location.assign(href)))(endSession);
    },
  };
}
