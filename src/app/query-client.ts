import { QueryClient } from '@tanstack/react-query';
import type { DeviceInfo } from '../device/detect-device.ts';
import { setDeviceSource } from '../device/use-device.ts';
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
