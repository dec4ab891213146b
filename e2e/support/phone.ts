import { expect, type Page } from '@playwright/test';
import { WAIT } from './slow-machine.ts';

/** How many times slower than the machine the emulated phone's CPU runs. */
const PHONE_CPU_SLOWDOWN = 4;

/** The emulated phone's round trip, ms. */
export const PHONE_ROUND_TRIP_MS = 150;

/** `expect` for a throttled page: each condition gets PHONE_CPU_SLOWDOWN times the bound; needs `test.slow()`. */
export const expectOnPhone = expect.configure({ timeout: PHONE_CPU_SLOWDOWN * WAIT.condition });

/** A mid-range phone's network and CPU, as the benchmarks emulate it (docs/performance.md); wait with `expectOnPhone`. */
export async function throttleLikeAPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_ROUND_TRIP_MS,
    downloadThroughput: 1.6e6 / 8,
    uploadThroughput: 750e3 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
}

/** Reports whether a button named `name` was ever painted visible, in any frame of any document from now on. */
export async function watchForButton(page: Page, name: string): Promise<() => boolean> {
  let seen = false;
  await page.exposeFunction('reportButtonSeen', () => (seen = true));
  await page.addInitScript((watched) => {
    const check = () => {
      for (const button of document.querySelectorAll('button')) {
        if (button.textContent?.trim() !== watched) continue;
        if (button.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
          return void (window as unknown as { reportButtonSeen: () => void }).reportButtonSeen();
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, name);
  return () => seen;
}

/** The methods of the page's document loads from now on (its main frame's navigations), as they start. */
export function watchDocumentLoads(page: Page): string[] {
  const methods: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) methods.push(request.method());
  });
  return methods;
}

/** Holds the app's code back until called: what the test does meanwhile happens on the server's page. */
export async function holdBackTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
