import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import type { FieldEvent } from '../contract/field-data.ts';
import type { RouteName } from '../contract/paths.ts';
import { createFieldBatch, type Post } from '../field/field-batch.ts';
import { takeFieldEvents } from '../field/record.ts';
import { routeNameOf } from '../field/route-name.ts';

// The field measurements' own chunk, loaded once the page is usable (field-loader.ts;
// docs/field-data.md): web vitals of the page the visit landed on, and the journey's events.

/** The little of the router this needs: its location (the basename included), as it changes. */
export type RouterLocations = {
  state: { location: { pathname: string; search: string; key: string } };
  subscribe(listener: (state: RouterLocations['state']) => void): () => void;
};

export type FieldStart = {
  router: RouterLocations;
  /** Whether the page the visit landed on was rendered by the app server. */
  serverRendered: boolean;
  landing: string;
  /** Whether it landed there back from the identity service: the page was counted when the sign-in started. */
  returning: boolean;
  post?: Post;
};

const INVALID_REASONS: Record<string, FieldEvent> = { expired: 'failed_expired', revoked: 'failed_withdrawn' };

function pageEvent(page: RouteName | undefined, search: string, landed: boolean, serverRendered: boolean) {
  switch (page) {
    case 'invite':
      return landed && serverRendered ? 'invite_shown_server' : 'invite_shown_browser';
    case 'decline':
      return 'decline';
    case 'accepted':
      return 'redeemed';
    case 'previouslyAccepted':
      return 'failed_already_accepted';
    case 'invalid':
      return INVALID_REASONS[new URLSearchParams(search).get('reason') ?? ''] ?? 'failed_invalid';
    default:
      return undefined;
  }
}

/** Starts measuring; the function returned stops it (for tests: a page measures until it is left). */
export function startField({ router, serverRendered, landing, returning, post }: FieldStart): () => void {
  const batch = createFieldBatch(post);
  const landedOn = routeNameOf(landing);
  if (landedOn) {
    for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) {
      on((metric) => batch.vital({ name: metric.name, page: landedOn, value: metric.value }));
    }
  }
  let shown: string | undefined;
  const onLocation = ({ location }: RouterLocations['state']) => {
    if (location.key === shown) return;
    const landed = shown === undefined;
    shown = location.key;
    if (landed && returning) return;
    const event = pageEvent(routeNameOf(location.pathname), location.search, landed, serverRendered);
    if (event) batch.event(event);
  };
  onLocation(router.state);
  const unsubscribe = router.subscribe(onLocation);
  // Signing in counts on the way to an invite only, not the owner's own sign-in.
  const release = takeFieldEvents((event) => {
    if (event !== 'signed_in' || landedOn === 'invite') batch.event(event);
  });
  // After web-vitals' own listeners, which report on the same events.
  const onHidden = () => {
    if (document.visibilityState === 'hidden') batch.flush();
  };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', batch.flush);
  return () => {
    unsubscribe();
    release();
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', batch.flush);
  };
}
