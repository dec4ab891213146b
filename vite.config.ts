import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', sourcemap: true, manifest: true },
  // In development the services come from a reference server started with `npm start`.
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(['/api', '/ids', '/media'].map((path) => [path, 'http://127.0.0.1:8080'])),
  },
});
