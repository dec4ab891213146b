import { parse } from 'bowser';

export const OPERATING_SYSTEMS = [
  'Windows',
  'Mac',
  'iOS',
  'Android',
  'Linux',
  'Unix',
  'Firefox-OS',
  'Chrome-OS',
  'Windows-Phone',
  'Unknown',
] as const;
export type OperatingSystem = (typeof OPERATING_SYSTEMS)[number];

export type DeviceKind = 'mobile' | 'tablet' | 'desktop' | 'tv' | 'unknown';

export type DeviceInfo = {
  userAgent: string;
  os: OperatingSystem;
  browser: string;
  device: DeviceKind;
  osVersion: string;
  browserVersion: string;
  isMobile: boolean;
};

const FROM_BOWSER: Record<string, OperatingSystem> = {
  Windows: 'Windows',
  macOS: 'Mac',
  iOS: 'iOS',
  Android: 'Android',
  Linux: 'Linux',
  'Chrome OS': 'Chrome-OS',
  'Windows Phone': 'Windows-Phone',
};

function operatingSystem(bowserName: string, userAgent: string): OperatingSystem {
  const known = FROM_BOWSER[bowserName];
  if (known) return known;
  // Bowser has no names for these two; the old app recognised them, so we still do.
  if (/\((Mobile|Tablet|TV);[^)]*rv:[\d.]+\).*Firefox\//.test(userAgent)) return 'Firefox-OS';
  if (/\b(UNIX|SunOS|FreeBSD|OpenBSD|NetBSD|DragonFly|AIX|HP-UX)\b/i.test(userAgent)) return 'Unix';
  return 'Unknown';
}

function deviceKind(platformType: string | undefined): DeviceKind {
  return platformType === 'mobile' || platformType === 'tablet' || platformType === 'desktop' || platformType === 'tv'
    ? platformType
    : 'unknown';
}

/** The device from the user agent; a Mac with more than one touch point is an iPad (docs/behaviour/app-download-page.md). */
export function detectDevice(userAgent: string, maxTouchPoints = 0): DeviceInfo {
  // Bowser refuses an empty string; some privacy tools send none.
  const parsed = parse(userAgent || ' ');
  let os = operatingSystem(parsed.os.name ?? '', userAgent);
  let device = deviceKind(parsed.platform.type);
  let osVersion = parsed.os.version ?? '';
  if (os === 'Mac' && maxTouchPoints > 1) {
    os = 'iOS';
    device = 'tablet';
    osVersion = /Version\/([\d.]+)/.exec(userAgent)?.[1] ?? osVersion;
  }
  return {
    userAgent,
    os,
    browser: parsed.browser.name ?? 'Unknown',
    device,
    osVersion,
    browserVersion: parsed.browser.version ?? '',
    isMobile: os === 'Android' || os === 'iOS',
  };
}
