// What the app's field measurements send and the app server counts (docs/field-data.md): closed
// lists, so that whatever is posted, the metrics' label sets stay bounded.
import { ROUTE_PATTERNS, type RouteName } from './paths.ts';

/** The one path the app posts its field measurements to, on its own origin. */
export const FIELD_PATH = '/field-data';

export const FIELD_MAX_BYTES = 4096;

export const FIELD_MAX_ITEMS = 32;

export const FIELD_EVENTS = [
  'invite_shown_server',
  'invite_shown_browser',
  'accept',
  'decline',
  'sign_in_started',
  'signed_in',
  'confirm',
  'redeemed',
  'failed_invalid',
  'failed_expired',
  'failed_withdrawn',
  'failed_already_accepted',
  'failed_unavailable',
  'failed_sign_in',
  'invite_created',
  'shared_copy',
  'shared_sheet',
  'shared_qr',
  'invite_withdrawn',
  'rider_removed',
] as const;

export type FieldEvent = (typeof FIELD_EVENTS)[number];

/** The web's thresholds (web.dev): `good` at most, `poor` above; milliseconds but CLS. `max`: no measurement is larger. */
export const FIELD_VITALS = {
  LCP: { good: 2500, poor: 4000, max: 120_000 },
  INP: { good: 200, poor: 500, max: 60_000 },
  CLS: { good: 0.1, poor: 0.25, max: 100 },
  FCP: { good: 1800, poor: 3000, max: 120_000 },
  TTFB: { good: 800, poor: 1800, max: 120_000 },
} as const;

export type FieldVital = keyof typeof FIELD_VITALS;

export const FIELD_VITAL_NAMES = Object.keys(FIELD_VITALS) as FieldVital[];

/** A page as its route's name in the route table (src/contract/paths.ts), never its address. */
export const FIELD_PAGES = Object.keys(ROUTE_PATTERNS) as RouteName[];

export type FieldVitalSample = { name: FieldVital; page: RouteName; value: number };

export type FieldBody = { events?: FieldEvent[]; vitals?: FieldVitalSample[] };
