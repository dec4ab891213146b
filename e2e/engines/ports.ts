// The cross-engine run's ports: ENGINES_PORT and the next few (the reference server, the stand-in
// app store, one WebKitWebDriver per language, Firefox's BiDi). Loopback only.
const base = Number(process.env.ENGINES_PORT ?? 4360);

export const PORTS = {
  server: base,
  store: base + 1,
  webkitDriver: { en: base + 2, de: base + 3 },
  firefoxBiDi: base + 4,
};

export const BASE_URL = `http://127.0.0.1:${PORTS.server}`;
export const STORE_URL = `http://127.0.0.1:${PORTS.store}`;
export const STORE_PATHS = { ios: '/app-store', android: '/google-play', other: '/other' } as const;
