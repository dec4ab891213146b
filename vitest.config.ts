import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// A generous ceiling for the servers' tests: they wait on conditions, and the machine may be busy with other work.
const serverTimeouts = { testTimeout: 30_000, hookTimeout: 30_000 };

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          ...serverTimeouts,
          include: ['http-kit/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        // The app server's tests, and the demo's: they serve the app's production build, which
        // the global setup makes once per run.
        test: {
          name: 'app-server',
          environment: 'node',
          ...serverTimeouts,
          include: ['app-server/**/*.test.ts', 'demo/**/*.test.ts'],
          globalSetup: ['app-server/test/build-setup.ts'],
        },
      },
    ],
  },
});
