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

/** The bike service through the session's client, retried; the navigator's device; an invite given once `started` settles. */
export function browserSources(
  http: HttpClient,
  config: AppConfig,
  detectDevice: () => Promise<DeviceInfo> = detectBrowserDevice,
  started: Promise<void> = Promise.resolve(),
): DataSources {
  return {
    readInvite: async (code, signal) =>
      (await Promise.all([fetchInvite(http, bikeApiBase(config), code, signal), started]))[0],
    retries: true,
    detectDevice,
    detects: true,
  };
}
