import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, startServices, TEST_CONFIG } from '../test/render-app.tsx';

startServices(); // no handlers: the page asks no service

const USED = '/my-account/invite/K7MQ-9XPA/previously-accepted';
const TEXT =
  "This invite has already been accepted or is no longer valid. If the bike is in your account, you'll find it in the app";

describe('previously-accepted page', () => {
  it('on a phone: its own title and text, and one button that opens the app’s store', async () => {
    renderApp(USED, { device: 'iOS' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invite already used' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: "This invite can't be used anymore" })).toBeTruthy();
    expect(screen.getByText(`${TEXT}.`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the app' }).getAttribute('href')).toBe(TEST_CONFIG.appLink.ios);
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('on a computer: the computer text, both store badges and a QR code', async () => {
    renderApp(USED, { device: 'Mac' });
    expect(await screen.findByText(`${TEXT} on your phone.`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download on the App Store' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the app' })).toBeNull();
    expect(screen.getByRole('figure', { name: 'Get the app on your phone' })).toBeTruthy();
  });
});
