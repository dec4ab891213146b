import { bikeApiBase } from '../contract/service-urls.ts';
import type { AppConfig } from '../config/schema.ts';
import type { DeviceInfo } from '../device/detect-device.ts';
import { detectBrowserDevice } from '../device/device-query.ts';
import type { HttpClient } from '../http/http-client.ts';
import { fetchInvite } from '../invite/invite-api.ts';
import type { InviteReader } from '../invite/invite-query.ts';
import { yieldToMain } from '../ui/yield-to-main.ts';

export type DataSources = {
  readInvite: InviteReader;
  /** Whether a read that failed for a passing reason is tried again (the browser) or not (the server). */
  retries: boolean;
  detectDevice: () => Promise<DeviceInfo>;
  /** Whether `detectDevice` is the browser's own detection, not a guess (the server's, from the User-Agent header). */
  detects: boolean;
};

/** How long a return's invite waits for the code exchange's answer at most: a slow provider's page shows it anyway. */
export const RETURN_HOLD_MS = 1000;

/** The bike service through the session's client, retried; the navigator's device; a return's invite after its exchange, decision 0052. */
export function browserSources(
  http: HttpClient,
  config: AppConfig,
  detectDevice: () => Promise<DeviceInfo> = detectBrowserDevice,
  returned?: Promise<void>,
): DataSources {
  const given =
    returned && Promise.race([returned, new Promise((held) => setTimeout(held, RETURN_HOLD_MS))]).then(yieldToMain);
  return {
    async readInvite(code, signal) {
      try {
        return await fetchInvite(http, bikeApiBase(config), code, signal);
      } finally {
        if (given && !signal.aborted) await given;
      }
    },
    retries: true,
    detectDevice,
    detects: true,
  };
}
