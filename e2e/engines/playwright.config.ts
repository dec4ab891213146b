import { defineConfig } from '@playwright/test';
import { WAIT, workersFor } from '../support/slow-machine.ts';
import type { EngineName } from './engines.ts';
import { WORKERS } from './ports.ts';

// The cross-engine run (npm run test:engines): e2e/engines/README.md.
export default defineConfig<object, { engineName: EngineName }>({
  testDir: '.',
  testMatch: '*.engine.ts',
  globalSetup: './setup.ts',
  outputDir: '../../test-results/engines',
  // One per engine, side by side where the run may use two CPUs; one after the other on one.
  workers: workersFor(WORKERS),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // Waits are on conditions; these only bound how long one may take on a slow machine. A case
  // opens its engine's first window too (a browser start), hence twice the Chromium suite's bound.
  timeout: 2 * WAIT.test,
  expect: { timeout: WAIT.condition },
  reporter: [['list'], ['./counts-reporter.ts']],
  projects: [
    { name: 'webkit', use: { engineName: 'webkit' } },
    { name: 'firefox', use: { engineName: 'firefox' } },
  ],
});
