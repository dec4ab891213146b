import { describe, expect, it } from 'vitest';
import { OPERATING_SYSTEMS } from '../device/detect-device.ts';
import { downloadTarget } from './download-target.ts';

const appLink = {
  ios: 'https://ios.example',
  android: 'https://android.example',
  fallback: 'https://fallback.example',
};

describe('downloadTarget', () => {
  it('sends Android to the Android store and iOS to the iOS store', () => {
    expect(downloadTarget('Android', appLink)).toBe(appLink.android);
    expect(downloadTarget('iOS', appLink)).toBe(appLink.ios);
  });

  it.each(OPERATING_SYSTEMS.filter((os) => os !== 'Android' && os !== 'iOS'))('sends %s to the fallback', (os) => {
    expect(downloadTarget(os, appLink)).toBe(appLink.fallback);
  });

  it('uses the fallback when a platform has no store link configured', () => {
    expect(downloadTarget('iOS', { ...appLink, ios: '' })).toBe(appLink.fallback);
  });
});
