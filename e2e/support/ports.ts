// E2E_PORT and the 40 after it; a test's own servers take ports by the worker's parallel index.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);

/** The most workers the ranges below have room for (playwright.config.ts). */
export const MAX_WORKERS = 8;

function slot(parallelIndex: number): number {
  if (parallelIndex >= MAX_WORKERS) throw new Error(`e2e/support/ports.ts has ports for ${MAX_WORKERS} workers`);
  return parallelIndex;
}

export const PORTS = {
  /** The demo every test uses by default (playwright.config.ts's web server). */
  main: E2E_PORT,
  /** A worker's standard set-up: the reference server and oidc-provider (E2E_PORT + 1 … + 16). */
  standard: (parallelIndex: number) => ({
    app: E2E_PORT + 1 + 2 * slot(parallelIndex),
    ids: E2E_PORT + 2 + 2 * slot(parallelIndex),
  }),
  /** A worker's reference server with app store links (E2E_PORT + 20 … + 27). */
  appLinks: (parallelIndex: number) => E2E_PORT + 20 + slot(parallelIndex),
  /** A worker's reference server whose tokens the session tests expire (E2E_PORT + 30 … + 37). */
  session: (parallelIndex: number) => E2E_PORT + 30 + slot(parallelIndex),
  /** The field-data test's own demo and Prometheus (one test, one worker). */
  field: { app: E2E_PORT + 38, prometheus: E2E_PORT + 39 },
  /** The one reference server whose brands speak the other registers (E2E_PORT + 18; its tests run in one worker). */
  registers: E2E_PORT + 18,
};
