import { describe, expect, it } from 'vitest';
import { detectDevice, type OperatingSystem } from './detect-device.ts';

const AGENTS: [OperatingSystem, string, boolean][] = [
  [
    'Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    false,
  ],
  [
    'Mac',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    false,
  ],
  [
    'iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    true,
  ],
  [
    'Android',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
    true,
  ],
  ['Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0', false],
  ['Unix', 'Mozilla/5.0 (X11; FreeBSD amd64; rv:128.0) Gecko/20100101 Firefox/128.0', false],
  ['Firefox-OS', 'Mozilla/5.0 (Mobile; rv:48.0) Gecko/48.0 Firefox/48.0', false],
  [
    'Chrome-OS',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    false,
  ],
  [
    'Windows-Phone',
    'Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537',
    false,
  ],
  ['Unknown', 'curl/8.5.0', false],
];

describe('detectDevice', () => {
  it.each(AGENTS)('recognises %s', (os, userAgent, isMobile) => {
    const device = detectDevice(userAgent);
    expect(device.os).toBe(os);
    expect(device.isMobile).toBe(isMobile);
    expect(device.userAgent).toBe(userAgent);
  });

  it('reads browser, versions and device kind', () => {
    const device = detectDevice(AGENTS[3]![1]);
    expect(device).toMatchObject({ browser: 'Chrome', browserVersion: '130.0.0.0', osVersion: '14', device: 'mobile' });
    expect(detectDevice(AGENTS[0]![1])).toMatchObject({ browser: 'Chrome', device: 'desktop', osVersion: 'NT 10.0' });
  });

  it('takes an iPad in desktop mode (a Mac with touch points) for iOS', () => {
    const ipad = detectDevice(AGENTS[1]![1], 5);
    expect(ipad).toMatchObject({ os: 'iOS', device: 'tablet', isMobile: true, osVersion: '17.5', browser: 'Safari' });
  });

  it('keeps a Mac with a trackpad (one touch point or none) a Mac', () => {
    expect(detectDevice(AGENTS[1]![1], 0).os).toBe('Mac');
    expect(detectDevice(AGENTS[1]![1], 1).os).toBe('Mac');
  });

  it('does not fail on an empty user agent', () => {
    expect(detectDevice('')).toMatchObject({ os: 'Unknown', isMobile: false });
  });
});
