import { useEffect, useState } from 'react';
import { useLoaderData } from 'react-router';
import type { DeviceInfo } from './detect-device.ts';

/** The device as a route's loader gives it: the browser's own detection, or the server's guess from
 * the User-Agent header (only the browser can tell an iPad), which the browser replaces once shown. */
export type DeviceLoad = { device: DeviceInfo; detected: boolean };

export type DeviceData = { device?: DeviceLoad };

let detecting: Promise<DeviceInfo> | undefined;

/** The browser's own detection, once per page: the parser's chunk, then the navigator. */
export function detectBrowserDevice(): Promise<DeviceInfo> {
  detecting ??= import('./detect-device.ts').then(({ detectDevice }) =>
    detectDevice(navigator.userAgent, navigator.maxTouchPoints ?? 0),
  );
  detecting.catch(() => (detecting = undefined)); // a chunk that failed to load is asked for again
  return detecting;
}

/** The device, and whether it is the browser's own detection, not the server's guess. */
export function useDeviceDetected(): DeviceLoad {
  const loaded = (useLoaderData() as DeviceData).device;
  const [detected, setDetected] = useState<DeviceInfo>();
  const guessed = loaded?.detected === false;
  useEffect(() => {
    if (guessed) void detectBrowserDevice().then(setDetected, () => undefined);
  }, [guessed]);
  if (detected) return { device: detected, detected: true };
  if (!loaded) throw new Error('useDevice on a route whose loader gives no device');
  return loaded;
}

export const useDevice = (): DeviceInfo => useDeviceDetected().device;
