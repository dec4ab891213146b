// The cross-engine run's ports: ENGINES_PORT and the next few. Loopback only.
const base = Number(process.env.ENGINES_PORT ?? 4360);
export const WORKERS = 2;

export const PORTS = {
  server: base,
  /** A worker's own (by its parallel index): one WebKitWebDriver and one Firefox (its BiDi) per language. */
  worker: (parallelIndex: number) => {
    if (parallelIndex >= WORKERS) throw new Error(`ports.ts has ports for ${WORKERS} workers`);
    const first = base + 1 + parallelIndex * 4;
    return { webkitDriver: { en: first, de: first + 1 }, firefoxBiDi: { en: first + 2, de: first + 3 } };
  },
};

export const BASE_URL = `http://127.0.0.1:${PORTS.server}`;
/** Where config.json's appLink sends each device: stand-in store pages (setup.ts). */
export const STORE_DIR = 'assets/store';
export const STORE_PATHS = {
  ios: `/${STORE_DIR}/app-store.html`,
  android: `/${STORE_DIR}/google-play.html`,
  other: `/${STORE_DIR}/other.html`,
} as const;

/** The build the run's server serves: a copy of dist/ with the error recorder (setup.ts). */
export const SERVED_DIST = '.tmp/engines/dist';
