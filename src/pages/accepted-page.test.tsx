import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detectDevice } from '../device/detect-device.ts';
import { SAMPLE_USER_AGENTS } from '../device/sample-user-agents.ts';
import {
  gate,
  linkTarget,
  mainText,
  ORIGIN,
  pageTitled,
  renderApp,
  startServices,
  TEST_CONFIG,
} from '../test/render-app.tsx';

startServices(); // no handlers: the page asks no service

const ACCEPTED = '/my-account/invite/K7MQ-9XPA/accepted';

describe('accepted page', () => {
  it.each([
    ['Android', TEST_CONFIG.appLink.android, 'android'],
    ['iOS', TEST_CONFIG.appLink.ios, 'ios'],
  ] as const)('on %s: the phone text and one button to that store, no QR code', async (device, store, platform) => {
    renderApp(ACCEPTED, { device });
    expect(await pageTitled('Invite accepted')).toEqual(['h1 Invite accepted', "h2 You're all set!"]);
    expect(mainText()).toContain('The bike has been added to your account. Open the app to start riding.');
    const button = screen.getByRole('link', { name: 'Get the app' });
    expect([button.getAttribute('href'), button.dataset.platform]).toEqual([store, platform]);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('on a computer: the computer text, both store badges and a QR code of the app-download page', async () => {
    renderApp(ACCEPTED, { device: 'Windows' });
    await screen.findByRole('figure');
    expect(mainText()).toContain(
      'The bike has been added to your account. Install the app on your phone to start riding.',
    );
    expect(linkTarget('Get it on Google Play')).toBe(TEST_CONFIG.appLink.android);
    expect(linkTarget('Download on the App Store')).toBe(TEST_CONFIG.appLink.ios);
    expect(screen.queryByRole('link', { name: 'Get the app' })).toBeNull();
    const qr = within(screen.getByRole('figure', { name: 'Get the app on your phone' }));
    const address = `${ORIGIN}/my-account/app-download`;
    expect(qr.getByRole('link', { name: `App download page: ${address}` }).getAttribute('href')).toBe(address);
  });

  it('names the vehicle type of the brand', async () => {
    renderApp(ACCEPTED, { device: 'Android', config: { type: 'e-moped' } });
    await screen.findByRole('link', { name: 'Get the app' });
    expect(mainText()).toContain('The e-moped has been added to your account. Open the app to start riding.');
  });

  it('a spinner while the device is being recognised', async () => {
    const recognised = gate();
    renderApp(ACCEPTED, {
      detectDevice: () => recognised.wait.then(() => detectDevice(SAMPLE_USER_AGENTS.Android)),
    });
    expect((await screen.findByRole('status')).textContent).toBe('Loading…');
    expect(screen.queryByRole('link')).toBeNull();
    recognised.open();
    expect((await screen.findByRole('link', { name: 'Get the app' })).getAttribute('href')).toBe(
      TEST_CONFIG.appLink.android,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
