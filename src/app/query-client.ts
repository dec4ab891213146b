import { QueryClient } from '@tanstack/react-query';
import { bikeApiBase } from '../contract/service-urls.ts';
import type { AppConfig } from '../config/schema.ts';
import type { DeviceInfo } from '../device/detect-device.ts';
import { detectBrowserDevice, setDeviceSource } from '../device/device-query.ts';
import type { HttpClient } from '../http/http-client.ts';
import { fetchInvite } from '../invite/invite-api.ts';
import { setInviteSource, type InviteReader } from '../invite/invite-query.ts';

export type DataSources = {
  readInvite: InviteReader;
  /** Whether a read that failed for a passing reason is tried again (the browser) or not (the server). */
  retries: boolean;
  detectDevice: () => Promise<DeviceInfo>;
};

/** The query cache of one app (a browser tab, or one page the server renders), reading from `sources`. */
export function createQueryClient(sources: DataSources): QueryClient {
  const client = new QueryClient();
  setInviteSource(client, sources.readInvite, sources.retries);
  setDeviceSource(client, sources.detectDevice);
  return client;
}

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
  };
}
