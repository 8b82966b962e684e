import { readFile, writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

// Two entries: the framework-free root and the React adapter. `treeshake` stays off because
// tsup's rollup pass strips the 'use client' banner the React entry needs; esbuild's own
// tree shaking still drops unused code, and bundlers of our users shake per export.
// Each layer is also an (unexported) entry, so code splitting gives every layer its own chunk:
// a bundler that sees `import { FhirClient }` keeps the client's chunk and drops the others
// whole, with their imports (the scheduler's time-zone library runs code at load, so it must
// never ride along in a shared chunk). The React component families and the search-parameter
// table are entries for the same reason: modules reached from the same entries share a chunk, and
// a chunk's module-level code (react-day-picker's enums, the auth message objects, the table's
// builder calls) stays in every bundle that imports anything from that chunk. The data hooks are
// an entry of their own because the Scheduler reads through useResource and useProfile: sharing
// its chunk, `import { useResource }` carried @date-fns/tz and react-day-picker's enums (6 KB).
// The React locale helpers are an entry too: else they share the month calendar's chunk (both
// reached from the same entries), and the Scheduler, which needs them up front, would bring the
// calendar and react-day-picker along with them, though it loads the calendar on demand. So is
// onDemand, the loader of those chunks, which the Scheduler and the questionnaire form share.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    react: 'src/react/index.ts',
    'medplum-compat': 'src/react/medplum-compat/index.ts',
    // One entry per language, so an app carries only the languages it imports.
    'locales/es': 'src/locales/es/index.ts',
    'locales/ar': 'src/locales/ar/index.ts',
    'locales/pseudo': 'src/locales/pseudo/index.ts',
    'layers/fhir': 'src/fhir/index.ts',
    'layers/client': 'src/client/index.ts',
    'layers/login': 'src/client/login/index.ts',
    'layers/questionnaire': 'src/questionnaire/index.ts',
    'layers/scheduler': 'src/scheduler/index.ts',
    'layers/react-hooks': 'src/react/hooks/index.ts',
    'layers/react-auth': 'src/react/auth/index.ts',
    'layers/react-questionnaire': 'src/react/questionnaire/index.ts',
    'layers/react-scheduler': 'src/react/scheduler/index.ts',
    'layers/react-locale': 'src/react/locale/locale.ts',
    'layers/react-on-demand': 'src/react/primitives/onDemand.ts',
    'layers/search-parameters': 'src/fhir/search-parameters.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime', 'fhirpath'],
  // Text as UTF-8, not \u escapes: an Arabic letter is 2 bytes instead of 6, which is a tenth of
  // the Arabic locale gzipped (and every '…' and '·' of the English texts).
  esbuildOptions(options) {
    options.charset = 'utf8';
  },
  onSuccess: useClientFirstInCommonJs,
});

/**
 * The ESM React entry keeps the source's 'use client', but the CommonJS one starts with "use
 * strict" and interop helpers, after which a 'use client' is no directive at all. Server-component
 * bundlers read only the file's first statements, so the directive goes first; the source map
 * gains one empty line to stay aligned.
 */
async function useClientFirstInCommonJs(): Promise<void> {
  for (const file of ['dist/react.cjs', 'dist/medplum-compat.cjs']) await putUseClientFirst(file);
}

async function putUseClientFirst(file: string): Promise<void> {
  const code = (await readFile(file, 'utf8')).replace(/^(['"])use client\1;?\n?/m, '');
  await writeFile(file, `'use client';\n${code}`);
  const map = JSON.parse(await readFile(`${file}.map`, 'utf8'));
  map.mappings = `;${map.mappings}`;
  await writeFile(`${file}.map`, JSON.stringify(map));
}
