import { describe, expect, it } from 'vitest';
import { detectDevice, type OperatingSystem } from './detect-device.ts';
import { SAMPLE_USER_AGENTS } from './sample-user-agents.ts';

const UA = SAMPLE_USER_AGENTS;
const AGENTS = (Object.entries(UA) as [OperatingSystem, string][]).map(
  ([os, userAgent]) => [os, userAgent, os === 'Android' || os === 'iOS'] as const,
);

describe('detectDevice', () => {
  it.each(AGENTS)('recognises %s', (os, userAgent, isMobile) => {
    const device = detectDevice(userAgent);
    expect(device.os).toBe(os);
    expect(device.isMobile).toBe(isMobile);
    expect(device.userAgent).toBe(userAgent);
  });

  it('reads browser, versions and device kind', () => {
    const device = detectDevice(UA.Android);
    expect(device).toMatchObject({ browser: 'Chrome', browserVersion: '130.0.0.0', osVersion: '14', device: 'mobile' });
    expect(detectDevice(UA.Windows)).toMatchObject({ browser: 'Chrome', device: 'desktop', osVersion: 'NT 10.0' });
  });

  it('takes an iPad in desktop mode (a Mac with touch points) for iOS', () => {
    const ipad = detectDevice(UA.Mac, 5);
    expect(ipad).toMatchObject({ os: 'iOS', device: 'tablet', isMobile: true, osVersion: '17.5', browser: 'Safari' });
  });

  it('keeps a Mac with a trackpad (one touch point or none) a Mac', () => {
    expect(detectDevice(UA.Mac, 0).os).toBe('Mac');
    expect(detectDevice(UA.Mac, 1).os).toBe('Mac');
  });

  it('does not fail on an empty user agent', () => {
    expect(detectDevice('')).toMatchObject({ os: 'Unknown', isMobile: false });
  });
});
