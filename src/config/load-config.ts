import type { ConfigResult } from './parse-config.ts';

export type { ConfigResult };

export const CONFIG_PATH = '/assets/config.json';

/** Fetches the config with a time-stamp so no cache serves an old one, then validates and merges it. */
export async function loadConfig(fetchFn: typeof fetch = fetch, now = Date.now()): Promise<ConfigResult> {
  const parser = import('./parse-config.ts'); // loads while the file is fetched
  parser.catch(() => undefined); // reported below, once the file has answered
  let response: Response;
  let parseConfig;
  try {
    response = await fetchFn(`${CONFIG_PATH}?t=${now}`, { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) return { ok: false, problem: 'missing', detail: `${CONFIG_PATH} answered ${response.status}` };
    ({ parseConfig } = await parser);
  } catch (error) {
    return { ok: false, problem: 'unreachable', detail: (error as Error).message };
  }
  return parseConfig(await response.text());
}
