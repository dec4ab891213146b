import { use } from 'react';
import type { DeviceInfo } from './detect-device.ts';

let pending: Promise<DeviceInfo> | undefined;

/** The user-agent parser is loaded on demand: the first screen of an invite does not need it. */
export function loadDevice(): Promise<DeviceInfo> {
  pending ??= import('./detect-device.ts').then(({ detectDevice }) =>
    detectDevice(navigator.userAgent, navigator.maxTouchPoints ?? 0),
  );
  return pending;
}

/** Suspends until the device is known; wrap the caller in a Suspense boundary. */
export function useDevice(): DeviceInfo {
  return use(loadDevice());
}
