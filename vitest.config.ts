import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { preactAliases } from './vite.config.ts';

// Tests wait on conditions, never on time; these only bound how long a test may take before it
// fails, sized for a slow machine (docs/decisions/0024-test-budget.md#one-core): a server's test
// starts processes, and on one busy core a component test's first render of a page (the modules
// transformed on first import) has taken seconds. Vitest's default is 5 s. Waits inside a test:
// src/test-setup.ts.
const timeouts = { testTimeout: 30_000, hookTimeout: 30_000 };

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: {
          alias: [
            ...preactAliases,
            {
              find: /^@testing-library\/react$/,
              replacement: resolve(import.meta.dirname, 'src/test/testing-library.ts'),
            },
          ],
        },
        test: {
          name: 'app',
          // Through Vite, not Node: their `react` must resolve to Preact as the app's does.
          server: {
            deps: { inline: [/react-router/, /react-i18next/, /@tanstack\/react-query/, /@testing-library\/preact/] },
          },
          environment: 'jsdom',
          // One jsdom per worker, not per file: setting one up per file was half of this project's time
          // (100 s of 120 on one core). src/test-setup.ts empties the document and storage after each
          // test, and no module keeps a test's state (docs/decisions/0024-test-budget.md#one-core).
          isolate: false,
          ...timeouts,
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // The servers' test files share a worker's modules too: importing Fastify, oidc-provider and
          // the services afresh for each file was a third of the project's time on one core. Each
          // test starts its own servers on its own database; no module keeps a test's state
          // (docs/decisions/0024-test-budget.md#one-core).
          isolate: false,
          ...timeouts,
          include: ['http-kit/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        // The app server's tests, and the demo's: they serve the app's production build, which
        // the global setup makes once per run (or takes from `npm test`, which has just made it).
        test: {
          name: 'app-server',
          environment: 'node',
          isolate: false, // as the servers' project above
          ...timeouts,
          include: ['app-server/**/*.test.ts', 'demo/**/*.test.ts'],
          globalSetup: ['app-server/test/build-setup.ts'],
        },
      },
    ],
  },
});
