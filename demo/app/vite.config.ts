import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { stylesLayerPlugin } from '../../scripts/styles-layer.mjs';
// @ts-expect-error plain ESM module without types
import { forwardTarget } from './serve.mjs';

const src = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.FHIR_PORT ?? 8103}`;
const apiPrefixes = [
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
];

/**
 * The dev proxy forwards only canonical paths, as `npm start`'s portal does (serve.mjs): a
 * request the proxy would forward is refused (400) unless its path is canonical, and goes on in
 * its canonical form. Runs before Vite's own middlewares, the proxy among them.
 */
function canonicalApiPaths(): Plugin {
  return {
    name: 'canonical-api-paths',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '/';
        if (![...apiPrefixes, '/ws'].some((prefix) => url.startsWith(prefix))) return next();
        const parsed = forwardTarget(url);
        if (!parsed.ok) {
          res.writeHead(parsed.status, { 'content-type': 'application/fhir+json', connection: 'close' });
          res.end(
            JSON.stringify({
              resourceType: 'OperationOutcome',
              issue: [{ severity: 'error', code: 'invalid', details: { text: parsed.reason } }],
            })
          );
          return;
        }
        req.url = parsed.target;
        next();
      });
    },
  };
}

/**
 * The service worker (src/offline/sw.ts, issue 24): built beside the portal as dist/sw.js, with
 * the list of the build's files Workbox precaches. Registered by main.tsx in production builds
 * only; no worker in `vite dev` (devOptions off).
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/offline',
    filename: 'sw.ts',
    // main.tsx registers it (production only); no web app manifest, the demo is not installable.
    injectRegister: false,
    manifest: false,
    injectManifest: {
      // A classic script: every browser with service workers runs it, module workers are newer.
      rollupFormat: 'iife',
      // The shell and all its code, lazy pages included (a page first opened offline must load),
      // fonts and icons. Not dist/.vite/manifest.json (the bench's), nor anything but the build.
      globPatterns: ['**/*.{html,js,css,woff,woff2,svg,png,ico}'],
      globIgnores: ['**/.vite/**', 'sw.js'],
      // The FHIRPath engine's chunk is the largest file; the default 2 MiB leaves room, said here
      // so a larger chunk fails the build instead of silently missing offline.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
  });
}

// The portal imports the library by its published names; here they resolve to the source, so
// the demo always runs what the package ships. In dev, API calls are proxied to the reference
// server (same origin, so no CORS in the demo); `npm start` serves the build the same way.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The library's stylesheets in its cascade layer, as dist/styles.css ships them.
  plugins: [react(), canonicalApiPaths(), stylesLayerPlugin(src('styles')), serviceWorker()],
  resolve: {
    alias: [
      { find: /^fhir-portal-kit\/react$/, replacement: src('react/index.ts') },
      { find: /^fhir-portal-kit\/locales\/([a-z-]+)$/, replacement: src('locales/$1/index.ts') },
      { find: /^fhir-portal-kit\/styles\.css$/, replacement: src('styles/index.css') },
      { find: /^fhir-portal-kit$/, replacement: src('index.ts') },
    ],
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    host: '127.0.0.1',
    proxy: {
      ...Object.fromEntries(apiPrefixes.map((p) => [p, apiTarget])),
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
