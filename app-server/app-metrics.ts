import client from 'prom-client';
import { FIELD_EVENTS, FIELD_PAGES, FIELD_VITALS, FIELD_VITAL_NAMES } from '../src/contract/field-data.ts';

/** How the server's read of an invite went (invite-reader.ts). */
export type InviteReadOutcome = 'ok' | 'not_found' | 'timeout' | 'error';

/** How a signed-in part went (signed-in-part.ts): rendered, the token refused, a read failed or off the contract, shed. */
export type SignedInPartOutcome = 'rendered' | 'refused' | 'failed' | 'shed';
const PART_OUTCOMES: SignedInPartOutcome[] = ['rendered', 'refused', 'failed', 'shed'];

/** Why a page went out for the browser to render instead of rendered on the server. */
export type FallbackReason = 'no_data' | 'overload' | 'render_error' | 'no_renderer';

// The web's thresholds per vital are bucket bounds, so that good / needs improvement / poor can be read off.
const TIMED_VITALS = FIELD_VITAL_NAMES.filter((vital) => vital !== 'CLS');
const thresholds = (vitals: readonly (keyof typeof FIELD_VITALS)[], scale: number) =>
  vitals.flatMap((vital) => [FIELD_VITALS[vital].good * scale, FIELD_VITALS[vital].poor * scale]);
const VITAL_SECONDS_BUCKETS = [...new Set([0.1, 1, 6, 10, ...thresholds(TIMED_VITALS, 1 / 1000)])].toSorted(
  (a, b) => a - b,
);
const CLS_BUCKETS = [0.05, ...thresholds(['CLS'], 1), 0.5, 1];

const OUTCOMES: InviteReadOutcome[] = ['ok', 'not_found', 'timeout', 'error'];
const REASONS: FallbackReason[] = ['no_data', 'overload', 'render_error', 'no_renderer'];

export type AppMetrics = ReturnType<typeof createAppMetrics>;

/** The app server's metrics per brand: invite reads, rendering, pages left to the browser (`overload`: shed), field data. */
export function createAppMetrics(registry: client.Registry, brands: readonly string[]) {
  const metrics = {
    inviteRead: new client.Histogram({
      name: 'app_server_invite_read_duration_seconds',
      help: 'The server’s invite reads from the bike service, by outcome (ok, not_found, timeout, error)',
      labelNames: ['brand', 'outcome'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    render: new client.Histogram({
      name: 'app_server_render_duration_seconds',
      help: 'Rendering a page with React on the server, the invite read not included',
      labelNames: ['brand'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
      registers: [registry],
    }),
    browserRendered: new client.Counter({
      name: 'app_server_pages_browser_rendered_total',
      help: 'Pages sent for the browser to render, by reason (overload: shed under load)',
      labelNames: ['brand', 'reason'] as const,
      registers: [registry],
    }),
    signedInPart: new client.Counter({
      name: 'app_server_signed_in_parts_total',
      help: 'Signed-in parts asked for by the page script, by outcome (rendered, refused, failed, shed)',
      labelNames: ['brand', 'outcome'] as const,
      registers: [registry],
    }),
    fieldEvents: new client.Counter({
      name: 'app_field_events_total',
      help: 'Journey and owner events the app reported from the field (docs/field-data.md)',
      labelNames: ['brand', 'event'] as const,
      registers: [registry],
    }),
    fieldVitalSeconds: new client.Histogram({
      name: 'app_field_vital_seconds',
      help: 'Web vitals measured in visitors’ browsers (LCP, INP, FCP, TTFB), by page (its route’s name)',
      labelNames: ['brand', 'page', 'vital'] as const,
      buckets: VITAL_SECONDS_BUCKETS,
      registers: [registry],
    }),
    fieldCls: new client.Histogram({
      name: 'app_field_cls',
      help: 'Cumulative Layout Shift measured in visitors’ browsers, by page (its route’s name)',
      labelNames: ['brand', 'page'] as const,
      buckets: CLS_BUCKETS,
      registers: [registry],
    }),
  };
  // Every series from the start, at zero, so a rate() over them has a beginning.
  for (const brand of new Set(brands)) {
    for (const outcome of OUTCOMES) metrics.inviteRead.zero({ brand, outcome });
    metrics.render.zero({ brand });
    for (const reason of REASONS) metrics.browserRendered.inc({ brand, reason }, 0);
    for (const outcome of PART_OUTCOMES) metrics.signedInPart.inc({ brand, outcome }, 0);
    for (const event of FIELD_EVENTS) metrics.fieldEvents.inc({ brand, event }, 0);
    for (const page of FIELD_PAGES) {
      metrics.fieldCls.zero({ brand, page });
      for (const vital of TIMED_VITALS) metrics.fieldVitalSeconds.zero({ brand, page, vital });
    }
  }
  return metrics;
}
