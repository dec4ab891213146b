// The first script to run: its own tiny chunk, loaded before the app (see vite.config.ts). It
// starts the requests the first screen needs — config, translations and, on an invite address,
// the invite — while the app's code is still downloading. The app takes a response only if it
// would have asked for exactly that address; otherwise it asks again. It imports only the rules
// in src/rules/, which import nothing and are built into this chunk, so that no shared chunk
// stands between the page and these requests; early-requests.test.ts keeps its language choice
// equal to the app's.
import type { EarlyRequests } from './early/take-early-response.ts';
import { INVITE_CODE_CHARS } from './rules/invite-code.ts';
import { FALLBACK_LANGUAGE, LANGUAGE_PARAM, SUPPORTED_LANGUAGES } from './rules/languages.ts';
import { authorizationValue, SESSION_NAMES, storageKey, type StoredName } from './rules/stored-session.ts';

const INVITE_PATH = new RegExp(`^/my-account/invite/(${INVITE_CODE_CHARS})/?$`); // docs/behaviour/README.md#routes
const DEFAULT_BIKE_BASE = '/api/v1/'; // docs/behaviour/requests.md#the-calls
const LANGUAGES: readonly string[] = SUPPORTED_LANGUAGES;

export function earlyLanguage(candidates: readonly unknown[]): string {
  for (const tag of candidates) {
    if (typeof tag !== 'string') continue;
    const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    if (LANGUAGES.includes(primary)) return primary;
  }
  return FALLBACK_LANGUAGE;
}

/** A stored value, from where the app keeps it (src/rules/stored-session.ts). */
function stored(name: StoredName): unknown {
  try {
    const area = SESSION_NAMES.has(name) ? 'sessionStorage' : 'localStorage';
    return JSON.parse(window[area].getItem(storageKey(name)) ?? 'null');
  } catch {
    return null; // storage refused, or a value that is not JSON: the app reads it as absent too
  }
}

/** The app's order (decision 0014): the switcher's choice, the link's `lang` (now or earlier in this tab), the browser. */
export function earlyCandidates(): unknown[] {
  return [
    stored('language'),
    new URLSearchParams(window.location.search).get(LANGUAGE_PARAM),
    stored('link_language'),
    ...(navigator.languages?.length ? navigator.languages : [navigator.language]),
  ];
}

/**
 * The stored token's Authorization header, as the app's HTTP layer sends it
 * (docs/behaviour/requests.md#headers-and-time-outs); none without one.
 */
export function earlyAuthorization(): Record<string, string> {
  const token = stored('access_token');
  if (typeof token !== 'string' || !token) return {};
  const type = stored('access_token_type');
  return { Authorization: authorizationValue(typeof type === 'string' ? type : undefined, token) };
}

function start(url: string, init: RequestInit): Promise<Response> {
  const pending = fetch(url, init);
  pending.catch(() => undefined); // a failure is the app's to handle, when it takes the response
  return pending;
}

/**
 * The bike photo is the largest thing on the invite's first screen: once the invite has answered,
 * start loading it, so it is there when the app renders (docs/performance.md, change 6).
 */
function preloadBikePhoto(invite: Promise<Response>): void {
  invite
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then((body: { bike_image_url?: unknown } | undefined) => {
      if (typeof body?.bike_image_url !== 'string' || !body.bike_image_url) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.setAttribute('as', 'image');
      link.href = body.bike_image_url;
      document.head.append(link);
    })
    .catch(() => undefined); // the app reports a failed or odd invite when it takes the response
}

export function startEarlyRequests(): EarlyRequests {
  const requests: EarlyRequests = {};
  const json = { Accept: 'application/json' };
  requests.config = start(`/assets/config.json?t=${Date.now()}`, { headers: json, cache: 'no-store' });
  const language = earlyLanguage(earlyCandidates());
  requests[`/i18n/${language}.json`] = start(`/i18n/${language}.json`, { headers: json });
  const code = INVITE_PATH.exec(window.location.pathname)?.[1];
  if (code) {
    const url = `${DEFAULT_BIKE_BASE}bike/invite-code/${code}`;
    const invite = start(url, {
      headers: { Accept: 'application/json, text/plain, */*', ...earlyAuthorization() },
      credentials: 'same-origin',
    });
    requests[url] = invite;
    preloadBikePhoto(invite);
  }
  return requests;
}

// When the app's entry ran first (a cached entry can win on a reload), it has claimed the requests
// and made them itself: start none, or each would be made twice.
if (typeof window !== 'undefined' && !import.meta.env?.VITEST) window.bikeInviteEarlyRequests ??= startEarlyRequests();
