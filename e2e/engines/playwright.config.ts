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
  // Bounds, not waits; a case also starts its engine's first window, hence twice the Chromium suite's.
  timeout: 2 * WAIT.test,
  expect: { timeout: WAIT.condition },
  reporter: [['list'], ['./counts-reporter.ts']],
  projects: [
    { name: 'webkit', use: { engineName: 'webkit' } },
    { name: 'firefox', use: { engineName: 'firefox' } },
  ],
});
