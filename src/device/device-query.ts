import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { DeviceInfo } from './detect-device.ts';

const deviceKey = ['device'] as const;

/** The device as a query; a rendered page's server guess starts stale (only the browser can tell an iPad). */
export const deviceQuery = () => queryOptions<DeviceInfo>({ queryKey: deviceKey, staleTime: Infinity });

/** How the device is found here: the query client's default for it (src/app/query-client.ts). */
export function setDeviceSource(client: QueryClient, detect: () => Promise<DeviceInfo>): void {
  client.setQueryDefaults(deviceKey, { queryFn: detect });
}

/** The browser's own detection: the parser's chunk, then the navigator. */
export function detectBrowserDevice(): Promise<DeviceInfo> {
  return import('./detect-device.ts').then(({ detectDevice }) =>
    detectDevice(navigator.userAgent, navigator.maxTouchPoints ?? 0),
  );
}

/** The device; the routes that show it load it first (src/app/routes.tsx). */
export function useDevice(): DeviceInfo {
  return useSuspenseQuery(deviceQuery()).data;
}

/** The device, and whether it is the browser's own detection rather than the server's guess. */
export function useDeviceDetected(): { device: DeviceInfo; detected: boolean } {
  const query = useSuspenseQuery(deviceQuery());
  return { device: query.data, detected: !query.isStale };
}
