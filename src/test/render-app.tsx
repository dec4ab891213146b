// Renders the whole app for a page's component test as createApp wires it (docs/behaviour/code-layout.md#habits).
import { act, configure, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import en from '../../public/i18n/en.json';
import { createApp } from '../app/create-app.tsx';
import { browserSources } from '../app/data-sources.ts';
import { createSession } from '../auth/session.ts';
import { readSignInReturnParams } from '../contract/sign-in-return.ts';
import type { User } from '../auth/token-store.ts';
import { DEFAULT_CONFIG } from '../config/defaults.ts';
import { bikeApiBase } from '../contract/service-urls.ts';
import { themeFor } from '../contract/themes.ts';
import type { AppConfig } from '../config/schema.ts';
import { detectDevice, type DeviceInfo, type OperatingSystem } from '../device/detect-device.ts';
import { SAMPLE_USER_AGENTS } from '../device/sample-user-agents.ts';
import { createI18n } from '../i18n/setup-i18n.ts';
import type { BikeInvite } from '../invite/invite-api.ts';
import { RETRY_POLICIES } from '../http/bike-service.ts';
import { APP_ROOT, ROUTE_PREFIX } from '../contract/paths.ts';
import { writeStored, type StoredName } from '../storage/web-storage.ts';

// A ceiling under the test's own time-out: waits are on conditions, the machine may be busy.
configure({ asyncUtilTimeout: 4000 });

/** jsdom's page origin; the services answer on it, as the reference server's do. */
// The gate lives apart so tests that render no app (src/auth) take it without this file's services.
export { gate } from './gate.ts';

export const ORIGIN = window.location.origin;

export const TEST_CONFIG: AppConfig = {
  ...DEFAULT_CONFIG,
  api: {
    ids: { url: `${ORIGIN}/ids`, client_id: 'my-account' },
    bike: { url: ORIGIN, api_name: 'api', version: 'v1' },
  },
  appLink: {
    ios: 'https://apps.apple.com/app/id1234567890',
    android: 'https://play.google.com/store/apps/details?id=com.example.bike',
    fallback: 'https://bike.example/app',
  },
};

const BIKE_API = bikeApiBase(TEST_CONFIG);

export const SOFIE_INVITE: BikeInvite = {
  owner_display_name: 'Sofie de Vries',
  bike_name: 'Family cargo bike',
  bike_image_url: '/media/bikes/cargo-bike.jpg',
  status: 'pending',
};

export const ANNA: User = { display_name: 'Anna Bakker', avatar_url: '/media/avatars/anna.jpg' };

const problem = (status: number, extra: Record<string, unknown> = {}) =>
  HttpResponse.json({ status, ...extra }, { status, headers: { 'content-type': 'application/problem+json' } });

/** Only the spec's calls unless a test answers the owner's: the signed-in home shows the spec's content (decision 0032). */
const SPEC_ONLY_BIKE_SERVICE = [
  http.get(`${BIKE_API}bike`, () => problem(404)),
  http.get(`${BIKE_API}bike/shared`, () => problem(404)),
  http.get(`${BIKE_API}bike/events`, () => problem(404)),
];

/** The identity and bike services, as msw answers them; a request no test expects fails the test. */
export const services = setupServer(...SPEC_ONLY_BIKE_SERVICE);

/** Starts the services for a test file; each test starts with empty web storage, no session and the real clock. */
export function startServices(): void {
  beforeAll(() => services.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    services.resetHandlers();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  afterAll(() => services.close());
}

/** Answers of the bike service (docs/openapi.yaml). */
export const bikeService = {
  /** GET bike/invite-code/{code}: the invite, or a problem with this status (and `invite_status`), after `held`; `onRead` counts the calls. */
  invite: (
    code: string,
    answer: BikeInvite | { status: number; invite_status?: string } | 'no answer',
    held?: Promise<void>,
    onRead?: () => void,
  ) =>
    http.get(`${BIKE_API}bike/invite-code/${code}`, async () => {
      onRead?.();
      await held;
      if (answer === 'no answer') return HttpResponse.error();
      return 'owner_display_name' in answer
        ? HttpResponse.json(answer)
        : problem(answer.status, answer.invite_status ? { invite_status: answer.invite_status } : {});
    }),
  /** GET user/me: the invitee's bike-service account exists. */
  account: () => http.get(`${BIKE_API}user/me`, () => HttpResponse.json({ language: 'en' })),
  /** GET user/me 404, then POST user creates the account. */
  newAccount: () => [
    http.get(`${BIKE_API}user/me`, () => problem(404)),
    http.post(`${BIKE_API}user`, () => HttpResponse.json({ language: 'en' }, { status: 201 })),
  ],
  /** POST bike/invite-code/{code}/use: redeemed, after `held`; `onUse` counts the calls. */
  redeem: (code: string, answer: JsonBodyType, held?: Promise<void>, onUse?: () => void) =>
    http.post(`${BIKE_API}bike/invite-code/${code}/use`, async () => {
      onUse?.();
      await held;
      return HttpResponse.json(answer);
    }),
  /** POST bike/invite-code/{code}/use: refused with this status and problem type. */
  redeemRefused: (code: string, status: number, type: string) =>
    http.post(`${BIKE_API}bike/invite-code/${code}/use`, () => problem(status, { type })),
};

/** Answers of the identity service: the signed-in user, after `held`. */
export const identityService = {
  user: (user: User, held?: Promise<void>) =>
    http.get(`${ORIGIN}/ids/user`, async () => {
      await held;
      return HttpResponse.json(user);
    }),
};

export type RenderAppOptions = {
  /** Web storage before the app starts, by name (src/contract/stored-session.ts). */
  stored?: Partial<Record<StoredName, unknown>>;
  /** A stored session of this user, which the identity service confirms (after `userHeld`). */
  signedInAs?: User;
  userHeld?: Promise<void>;
  /** The device, by operating system (a real user agent of it); default Windows, a computer. */
  device?: OperatingSystem;
  /** Replaces the device detection, e.g. to hold it. */
  detectDevice?: () => Promise<DeviceInfo>;
  /** The invitee asks for reduced motion: a step card goes at once instead of sliding out first. */
  reducedMotion?: boolean;
  config?: Partial<AppConfig>;
};

/** Renders the app at `address` as the browser starts it; returns the router, the session's navigation fakes, a user, the session and the app. */
export function renderApp(address: string, options: RenderAppOptions = {}) {
  const config = { ...TEST_CONFIG, ...options.config };
  for (const [name, value] of Object.entries(options.stored ?? {})) writeStored(name as StoredName, value);
  if (options.signedInAs) {
    writeStored('access_token', 'access-token-of-the-test');
    writeStored('refresh_token', 'refresh-token-of-the-test');
    services.use(identityService.user(options.signedInAs, options.userHeld));
  }
  if (options.reducedMotion) vi.stubGlobal('matchMedia', (query: string) => ({ matches: /reduce/.test(query) }));
  window.history.replaceState(null, '', address); // what the session and the QR hand-off read
  const signInReturn = readSignInReturnParams(new URL(address, ORIGIN).search);
  const navigation = { root: APP_ROOT, toRoot: vi.fn(), reload: vi.fn(), show: vi.fn(), leave: vi.fn() };
  const session = createSession(config, navigation);
  const returned = session.start(signInReturn);
  const os = options.device ?? 'Windows';
  const device = options.detectDevice ?? (() => Promise.resolve(detectDevice(SAMPLE_USER_AGENTS[os])));
  const app = createApp({
    config,
    brand: themeFor(config.app).name,
    sources: browserSources(session.http, config, device, returned),
    signInReturn,
    session,
    serverPage: false,
  });
  const router = createMemoryRouter(app.routes, { basename: ROUTE_PREFIX, initialEntries: [address] });
  // With fake timers (a test that steps through the slide-out or the retries), a tap's own delays advance them.
  const user = userEvent.setup({ advanceTimers: (ms) => void (vi.isFakeTimers() && vi.advanceTimersByTime(ms)) });
  render(app.render(<RouterProvider router={router} />, createI18n('en', config.languages, { en })));
  return { router, navigation, user, session, app };
}

/** The bike service's requests from now on, as `METHOD path` under its base. */
export function bikeRequests(): string[] {
  const seen: string[] = [];
  services.events.on('request:start', ({ request }) => {
    if (request.url.startsWith(BIKE_API)) seen.push(`${request.method} ${request.url.slice(BIKE_API.length)}`);
  });
  return seen;
}

/** Waits until the page whose h1 is `title` is shown; returns its headings in order, as `h{level} {text}`. */
export async function pageTitled(title: string): Promise<string[]> {
  await screen.findByRole('heading', { level: 1, name: title });
  return screen.getAllByRole('heading').map((heading) => `${heading.tagName.toLowerCase()} ${heading.textContent}`);
}

export const mainText = () => screen.getByRole('main').textContent ?? '';

export const buttonNames = () => screen.getAllByRole('button').map((button) => button.textContent);

export const linkTarget = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

/** Where the app is, as the address bar would say: the path (with /my-account) and the query. */
export function addressOf(router: ReturnType<typeof renderApp>['router']): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

/** Steps a fake clock through a failing read's retries (fake timers with `shouldAdvanceTime` from the start). */
export async function passRetries(reads: () => number): Promise<void> {
  for (let attempt = 0; attempt < RETRY_POLICIES.invite.times; attempt++) {
    await vi.waitFor(() => {
      if (reads() <= attempt) throw new Error(`read ${attempt + 1} not sent yet`);
    });
    await act(() => vi.advanceTimersByTimeAsync(RETRY_POLICIES.invite.delay(attempt)));
  }
}
