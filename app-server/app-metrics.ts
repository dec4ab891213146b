import client from 'prom-client';

/** How the server's read of an invite went (invite-reader.ts). */
export type InviteReadOutcome = 'ok' | 'not_found' | 'timeout' | 'error';

/** Why a page went out for the browser to render instead of rendered on the server. */
export type FallbackReason = 'no_data' | 'overload' | 'render_error' | 'no_renderer';

const OUTCOMES: InviteReadOutcome[] = ['ok', 'not_found', 'timeout', 'error'];
const REASONS: FallbackReason[] = ['no_data', 'overload', 'render_error', 'no_renderer'];

export type AppMetrics = ReturnType<typeof createAppMetrics>;

/** The app server's metrics per brand: invite reads, rendering, pages left to the browser (`overload`: shed). */
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
  };
  // Every series from the start, at zero, so a rate() over them has a beginning.
  for (const brand of new Set(brands)) {
    for (const outcome of OUTCOMES) metrics.inviteRead.zero({ brand, outcome });
    metrics.render.zero({ brand });
    for (const reason of REASONS) metrics.browserRendered.inc({ brand, reason }, 0);
  }
  return metrics;
}
