import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { detectDevice } from '../device/detect-device.ts';
import { SAMPLE_USER_AGENTS } from '../device/sample-user-agents.ts';
import { gate, linkTarget, mainText, pageTitled, renderApp, startServices, TEST_CONFIG } from '../test/render-app.tsx';
import { leaveFor } from '../ui/leave-for.ts';

// jsdom cannot load another document: the test sees where the page sends the browser.
vi.mock('../ui/leave-for.ts', () => ({ leaveFor: vi.fn() }));

startServices(); // no handlers: the page asks no service
beforeEach(() => vi.mocked(leaveFor).mockClear());

/** Where the page sent the browser (in development React runs the effect twice, to the same place). */
const sentTo = () => [...new Set(vi.mocked(leaveFor).mock.calls.map(([href]) => href))];

const APP_DOWNLOAD = '/my-account/app-download';
const LINK = 'Not redirected? Tap here to get the app.';

describe('app-download page', () => {
  it.each([
    ['Android', TEST_CONFIG.appLink.android],
    ['iOS', TEST_CONFIG.appLink.ios],
    ['Windows', TEST_CONFIG.appLink.fallback],
    ['Mac', TEST_CONFIG.appLink.fallback],
  ] as const)('on %s: sends the browser to %s at once, and keeps a link to it', async (device, target) => {
    renderApp(APP_DOWNLOAD, { device });
    await screen.findByRole('link', { name: LINK });
    expect(await pageTitled('Get the app')).toEqual(['h1 Get the app']);
    expect(mainText()).toBe(`Taking you to the app store…${LINK}`);
    expect(linkTarget(LINK)).toBe(target);
    // The redirect waits for the browser's own detection, which may come after the link shows.
    await vi.waitFor(() => expect(sentTo()).toEqual([target]));
  });

  it('a brand without a store link for the phone sends it to the fallback link', async () => {
    renderApp(APP_DOWNLOAD, { device: 'iOS', config: { appLink: { ...TEST_CONFIG.appLink, ios: '' } } });
    expect((await screen.findByRole('link', { name: LINK })).getAttribute('href')).toBe(TEST_CONFIG.appLink.fallback);
    await vi.waitFor(() => expect(sentTo()).toEqual([TEST_CONFIG.appLink.fallback]));
  });

  it('waits for the device to be recognised: a spinner, and no redirect before', async () => {
    const recognised = gate();
    renderApp(APP_DOWNLOAD, {
      detectDevice: () => recognised.wait.then(() => detectDevice(SAMPLE_USER_AGENTS.Android)),
    });
    expect((await screen.findByRole('status')).textContent).toBe('Loading…');
    expect([screen.queryByRole('link'), sentTo()]).toEqual([null, []]);
    recognised.open();
    expect((await screen.findByRole('link', { name: LINK })).getAttribute('href')).toBe(TEST_CONFIG.appLink.android);
    await vi.waitFor(() => expect(sentTo()).toEqual([TEST_CONFIG.appLink.android]));
  });
});
