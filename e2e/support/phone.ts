import { expect, type Page } from '@playwright/test';
import { WAIT } from './slow-machine.ts';

/** How many times slower than the machine the emulated phone's CPU runs. */
const PHONE_CPU_SLOWDOWN = 4;

/**
 * `expect` for a page throttled like a phone: every step there may take PHONE_CPU_SLOWDOWN times as
 * long as on the machine, so each condition gets that many times the suite's bound (on one busy core
 * a return from the identity service took 40 s there). A test using it needs `test.slow()`.
 */
export const expectOnPhone = expect.configure({ timeout: PHONE_CPU_SLOWDOWN * WAIT.condition });

/**
 * The network and CPU of a mid-range phone on a slow mobile link, as the benchmarks emulate it
 * (`npm run bench:journey`): 150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU slowed 4×. Wait on
 * the page with `expectOnPhone` from then on.
 */
export async function throttleLikeAPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1.6e6 / 8,
    uploadThroughput: 750e3 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
}

/**
 * Watches every frame of every document the page loads from now on, and reports whether a button
 * named `name` was ever painted visible (not hidden, not transparent).
 */
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

/**
 * Holds the app's code back until the returned function is called: whatever the machine's speed,
 * what a test does meanwhile happens before the app runs, on the page the server rendered.
 */
export async function holdBackTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
