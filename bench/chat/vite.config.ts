import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Production build of the benchmark page, so figures reflect what users ship.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: fileURLToPath(new URL('../../.tmp/bench-chat', import.meta.url)), emptyOutDir: true },
});
