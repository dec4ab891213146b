import { defineConfig } from '@playwright/test';
import type { EngineName } from './engines.ts';

// The cross-engine run (npm run test:engines): e2e/engines/README.md.
export default defineConfig<object, { engineName: EngineName }>({
  testDir: '.',
  testMatch: '*.engine.ts',
  globalSetup: './setup.ts',
  outputDir: '../../test-results/engines',
  workers: 2, // one per engine, side by side (ports.ts has ports for two)
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // Waits are on conditions; these only bound how long a condition may take on a busy machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./counts-reporter.ts']],
  projects: [
    { name: 'webkit', use: { engineName: 'webkit' } },
    { name: 'firefox', use: { engineName: 'firefox' } },
  ],
});
