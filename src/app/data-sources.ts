import { bikeApiBase } from '../contract/service-urls.ts';
import type { AppConfig } from '../config/schema.ts';
import type { DeviceInfo } from '../device/detect-device.ts';
import { detectBrowserDevice } from '../device/device-query.ts';
import type { HttpClient } from '../http/http-client.ts';
import { fetchInvite } from '../invite/invite-api.ts';
import type { InviteReader } from '../invite/invite-query.ts';

export type DataSources = {
  readInvite: InviteReader;
  /** Whether a read that failed for a passing reason is tried again (the browser) or not (the server). */
  retries: boolean;
  detectDevice: () => Promise<DeviceInfo>;
  /** Whether `detectDevice` is the browser's own detection, not a guess (the server's, from the User-Agent header). */
  detects: boolean;
};

/** The browser's sources: the bike service through the session's HTTP client, retried; the device from the navigator. */
export function browserSources(
  http: HttpClient,
  config: AppConfig,
  detectDevice: () => Promise<DeviceInfo> = detectBrowserDevice,
): DataSources {
  return {
    readInvite: (code, signal) => fetchInvite(http, bikeApiBase(config), code, signal),
    retries: true,
    detectDevice,
    detects: true,
  };
}
