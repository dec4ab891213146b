import type { AppConfig } from '../config/schema.ts';
import type { OperatingSystem } from '../device/detect-device.ts';

export type StorePlatform = 'android' | 'ios';

export function storePlatform(os: OperatingSystem): StorePlatform | null {
  if (os === 'Android') return 'android';
  if (os === 'iOS') return 'ios';
  return null;
}

/** Where the app-download page sends a device: its platform's store, otherwise the fallback link. */
export function downloadTarget(os: OperatingSystem, appLink: AppConfig['appLink']): string {
  const platform = storePlatform(os);
  return (platform ? appLink[platform] : '') || appLink.fallback;
}
