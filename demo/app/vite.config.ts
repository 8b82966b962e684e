import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.FHIR_PORT ?? 8103}`;

// The portal imports the library by its published names; here they resolve to the source, so
// the demo always runs what the package ships. In dev, API calls are proxied to the reference
// server (same origin, so no CORS in the demo); `npm start` serves the build the same way.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^fhir-portal-kit\/react$/, replacement: src('react/index.ts') },
      { find: /^fhir-portal-kit\/styles\.css$/, replacement: src('styles/index.css') },
      { find: /^fhir-portal-kit$/, replacement: src('index.ts') },
    ],
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    host: '127.0.0.1',
    proxy: {
      ...Object.fromEntries(
        [
          '/fhir',
          '/auth',
          '/oauth2',
          '/.well-known',
          '/healthcheck',
          '/keyvalue',
          '/email',
          '/admin',
          '/fhircast',
          '/ccda',
        ].map((p) => [p, apiTarget])
      ),
      // Live chat and FHIRcast websockets.
      '/ws': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/size.mjs walks the manifest to measure what the landing page loads.
    manifest: true,
    sourcemap: false,
    // The FHIRPath engine is only loaded by questionnaires that use expressions.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // The library's modules have no side effects at load (package.json says so for the
      // published build); saying it here too lets the lazy routes keep what only they use.
      treeshake: {
        moduleSideEffects: (id: string) => id.endsWith('.css') || !id.includes('/src/') || id.includes('/demo/'),
      },
    },
  },
});
