import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { linkTarget, mainText, pageTitled, renderApp, startServices, TEST_CONFIG } from '../test/render-app.tsx';

startServices(); // no handlers: the page asks no service

const USED = '/my-account/invite/K7MQ-9XPA/previously-accepted';
const TEXT =
  "This invite has already been accepted or is no longer valid. If the bike is in your account, you'll find it in the app";

describe('previously-accepted page', () => {
  it('on a phone: its own title and text, and one button that opens the app’s store', async () => {
    renderApp(USED, { device: 'iOS' });
    expect(await pageTitled('Invite already used')).toEqual([
      'h1 Invite already used',
      "h2 This invite can't be used anymore",
    ]);
    expect(mainText()).toContain(`${TEXT}.`);
    expect(linkTarget('Open the app')).toBe(TEST_CONFIG.appLink.ios);
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('on a computer: the computer text, both store badges and a QR code', async () => {
    renderApp(USED, { device: 'Mac' });
    const qr = await screen.findByRole('figure', { name: 'Get the app on your phone' });
    expect(mainText()).toContain(`${TEXT} on your phone.`);
    expect(linkTarget('Get it on Google Play')).toBe(TEST_CONFIG.appLink.android);
    expect(linkTarget('Download on the App Store')).toBe(TEST_CONFIG.appLink.ios);
    expect(screen.queryByRole('link', { name: 'Open the app' })).toBeNull();
    expect(within(qr).getByRole('link').getAttribute('href')).toMatch(/\/my-account\/app-download$/);
  });
});
