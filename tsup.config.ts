import { defineConfig } from 'tsup';

// Two entries: the framework-free root and the React adapter. `treeshake` stays off because
// tsup's rollup pass strips the 'use client' banner the React entry needs; esbuild's own
// tree shaking still drops unused code, and bundlers of our users shake per export.
export default defineConfig({
  entry: { index: 'src/index.ts', react: 'src/react/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime', 'fhirpath'],
});
