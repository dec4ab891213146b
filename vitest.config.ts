import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
        // A generous ceiling: tests wait on conditions, and the machine may be busy with other work.
        test: {
          name: 'server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          include: [
            'app-server/**/*.test.ts',
            'demo/**/*.test.ts',
            'http-kit/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
    ],
  },
});
