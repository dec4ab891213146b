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
        test: { name: 'server', environment: 'node', include: ['app-server/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'] },
      },
    ],
  },
});
