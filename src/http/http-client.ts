import { takeRead } from '../contract/page-protocol.ts';
import { authorizationValue } from '../contract/stored-session.ts';
import { HttpError, isInvalidGrant, NetworkError, readProblem } from './http-error.ts';
import { DEFAULT_ACCEPT, DEFAULT_TIMEOUT_MS, timedFetch } from './timed-fetch.ts';
import { XSRF_HEADER, xsrfTokenFor } from './xsrf.ts';

export type AccessToken = { accessToken: string; tokenType: string };

/** What the HTTP layer needs from the session; src/auth provides it. */
export type SessionAdapter = {
  /** The stored access token, if any. */
  current(): AccessToken | undefined;
  /** A new access token after a 401 on `used`, one refresh for concurrent callers; false (or throws) when none. */
  refresh(used: AccessToken | undefined): Promise<boolean>;
  /** Logs out; `toRoot` also sends the browser to the app's root. */
  end(toRoot: boolean): void;
  /** True while the app starts: a session ended then is logged out without going to the root (docs/behaviour/sign-in-and-session.md#start-up). */
  startingUp?(): boolean;
};

export type RequestOptions = {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The time-out covers the answer's headers only: a stream's body stays open as long as it lasts. */
  stream?: boolean;
};

type Environment = {
  fetchFn?: typeof fetch;
  pageUrl?: () => string;
  cookies?: () => string;
  timeoutMs?: number;
};

export type HttpClient = {
  request<T>(url: string, options?: RequestOptions): Promise<T>;
  /** The answer itself, its body unread, once its status is a success (the same 401 rules): a stream's. */
  open(url: string, options?: RequestOptions): Promise<Response>;
  get<T>(url: string, options?: RequestOptions): Promise<T>;
  post<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T>;
};

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  return /[/+]json\b/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text;
}

/** The one HTTP layer (docs/behaviour/requests.md): headers, XSRF, time-out and the 400/401 rules. */
export function createHttpClient(session: SessionAdapter, env: Environment = {}): HttpClient {
  const pageUrl = env.pageUrl ?? (() => window.location.href);
  const cookies = env.cookies ?? (() => document.cookie);

  function send(url: string, options: RequestOptions, token: AccessToken | undefined): Promise<Response> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { Accept: DEFAULT_ACCEPT, ...options.headers };
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    if (token) headers.Authorization = authorizationValue(token.tokenType, token.accessToken);
    const early = method === 'GET' && !options.stream && headers.Authorization && takeRead(url, headers.Authorization);
    if (early) return early;
    const xsrf = xsrfTokenFor(method, url, pageUrl(), cookies());
    if (xsrf) headers[XSRF_HEADER] = xsrf;
    const init: RequestInit = { method, headers, body, credentials: 'same-origin', signal: options.signal };
    const timeoutMs = options.timeoutMs ?? env.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return timedFetch(url, init, timeoutMs, env.fetchFn, options.stream);
  }

  async function refreshed(used: AccessToken | undefined, toRoot: boolean): Promise<boolean> {
    try {
      return await session.refresh(used);
    } catch (error) {
      // A token endpoint that cannot be reached or answers 5xx has refused nothing: the session
      // stays (decision 0004). 'no access_token' / 'no refresh_token' end it.
      if (!(error instanceof NetworkError)) session.end(toRoot);
      throw error;
    }
  }

  async function open(url: string, options: RequestOptions = {}): Promise<Response> {
    const used = session.current();
    const toRoot = !session.startingUp?.(); // decided when the request is sent
    let response = await send(url, options, used);

    if (response.status === 401) {
      const problem = await readProblem(response);
      if (isInvalidGrant(problem)) {
        session.end(false);
        throw new HttpError(401, problem);
      }
      if (!(await refreshed(used, toRoot))) {
        session.end(toRoot);
        throw new HttpError(401, problem);
      }
      response = await send(url, options, session.current());
      if (response.status === 401) {
        session.end(toRoot);
        throw new HttpError(401, await readProblem(response));
      }
    }

    if (!response.ok) {
      const problem = await readProblem(response);
      if (response.status === 400 && isInvalidGrant(problem)) session.end(toRoot);
      throw new HttpError(response.status, problem);
    }
    return response;
  }

  async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
    return (await parseBody(await open(url, options))) as T;
  }

  return {
    request,
    open,
    get: (url, options) => request(url, { ...options, method: 'GET' }),
    post: (url, body, options) => request(url, { ...options, method: 'POST', body }),
  };
}
