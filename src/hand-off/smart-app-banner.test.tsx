import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConfigProvider } from '../config/config-context.tsx';
import { DEFAULT_CONFIG } from '../config/defaults.ts';
import type { AppConfig } from '../config/schema.ts';
import { SmartAppBanner } from './smart-app-banner.tsx';
import type { InviteCode } from '../contract/invite-code.ts';

const withIos: AppConfig = {
  ...DEFAULT_CONFIG,
  appStore: { ios: { teamId: 'ABCDE12345', bundleId: 'com.sparta.bikeinvite', appStoreId: '1234567890' } },
};

function renderBanner(config: AppConfig, code = 'K7MQ-9XPA-R2TD' as InviteCode) {
  return render(
    <ConfigProvider config={config} brand="Bike invite">
      <MemoryRouter basename="/my-account" initialEntries={[`/my-account/invite/${code}?code=abc&state=xyz`]}>
        <SmartAppBanner code={code} />
      </MemoryRouter>
    </ConfigProvider>,
  );
}

const banners = () => document.head.querySelectorAll('meta[name="apple-itunes-app"]');

describe('SmartAppBanner', () => {
  it('puts the App Store id and the invite link into <head>, and takes them out on leaving', () => {
    const { unmount } = renderBanner(withIos);
    expect(banners()).toHaveLength(1);
    expect(banners()[0]?.getAttribute('content')).toBe(
      `app-id=1234567890, app-argument=${window.location.origin}/my-account/invite/K7MQ-9XPA-R2TD`,
    );
    unmount();
    expect(banners()).toHaveLength(0);
  });

  it('is not rendered without an iOS app in the config', () => {
    renderBanner(DEFAULT_CONFIG);
    renderBanner({ ...DEFAULT_CONFIG, appStore: { android: { packageName: 'com.a.b', sha256CertFingerprints: [] } } });
    expect(banners()).toHaveLength(0);
  });
});
