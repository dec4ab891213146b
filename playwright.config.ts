import { defineConfig, devices } from '@playwright/test';
import { MAX_WORKERS, PORTS } from './e2e/support/ports.ts';
import { WAIT, workersFor } from './e2e/support/slow-machine.ts';

// Debian's Chromium (never a browser downloaded by a test tool), with the flags this machine needs:
// the full browser, as the invitee's phone runs it, for the benchmarks and screenshots (scripts/).
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * The end-to-end tests' browser: Debian's `chromium-headless-shell`, the same Chromium built
 * headless only, which Playwright itself runs headless tests in. It takes half the CPU of the full
 * browser in headless mode for the same tests (docs/decisions/0024-test-budget.md#one-core);
 * `CHROMIUM_PATH` names another.
 */
const TEST_CHROMIUM = {
  ...CHROMIUM,
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
};

/** The phone the tests, benchmarks and screenshots emulate, at its own pixel density. */
export const PHONE = devices['Pixel 7'];

const PORT = PORTS.main;

// A test tagged for other devices is left out of a project (e2e/fixtures.ts: onlyOn, notOn).
const elsewhere = (device: string) => new RegExp(`@only-(?!${device}\\b)\\w+|@not-${device}\\b`);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** Every test is one loopback client and one demo owner: the field-data, owner, registration and event-stream limits are a real person's (their own tests hold them). */
export const SUITE_LIMITS = Object.entries({
  'field-rate-limit': 100_000,
  'open-invite-limit': 1000,
  'owner-write-limit': 1000,
  'registration-limit': 1000,
  'event-stream-limit': 1000,
}).flatMap(([flag, limit]) => [`--${flag}`, String(limit)]);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: workersFor(MAX_WORKERS), // one per CPU the run may use (docs/decisions/0024-test-budget.md)
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Sized for a slow machine; tests wait on conditions, never on time (e2e/support/slow-machine.ts).
  timeout: WAIT.test,
  expect: { timeout: WAIT.condition },
  use: {
    baseURL: BASE_URL,
    launchOptions: TEST_CHROMIUM,
    // A failed test keeps its trace: each action with its time, the network and console, and the
    // screenshot at failure. Without the screencast (its frames cost a third of the run's CPU on one
    // core) nor each action's DOM snapshot (a tenth of the languages sweep's and dark palettes'
    // time): `--trace on` records them when a failure needs them (docs/decisions/0024-test-budget.md#one-core).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'android',
      grepInvert: elsewhere('android'),
      // At one device pixel per CSS pixel: nothing the app does depends on the density, and drawing
      // every frame at the Pixel 7's 2.625 took a tenth of the tests' CPU on one core. The languages
      // sweep, whose subject is how the text lays out on the phone, sets the phone's own density
      // (docs/decisions/0024-test-budget.md#one-core).
      use: { ...PHONE, deviceScaleFactor: 1, browserName: 'chromium' },
    },
    {
      // Only what depends on the device being an iPhone (e2e/fixtures.ts: alsoOnIphone).
      name: 'iphone',
      grep: /@iphone\b|@only-iphone\b/,
      grepInvert: elsewhere('iphone'),
      use: { ...devices['iPhone 14'], browserName: 'chromium' },
    },
    {
      name: 'desktop',
      grepInvert: elsewhere('desktop'),
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // The demo (the app server and the reference services) with a fresh in-memory database, serving
    // the built app; a generous invite time-out, as the tests are about what pages do
    // (app-server/slow-service.test.ts holds the real one).
    // --test-clock: the owner spec moves the bike service's clock past a lent day's end (server/README.md).
    command: `node demo/start.ts --port ${PORT} --host 127.0.0.1 --db :memory: --quiet --test-clock --invite-timeout 10000 ${SUITE_LIMITS.join(' ')}`,
    url: `${BASE_URL}/assets/config.json`,
    reuseExistingServer: false,
    timeout: WAIT.serverStart,
  },
});
