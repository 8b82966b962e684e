// tsup's `clean` would delete files written in onSuccess, so the stylesheet is written after
// the build, with a declaration so `import 'fhir-portal-kit/styles.css'` type-checks.
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildStylesheet } from './styles-layer.mjs';

mkdirSync('dist', { recursive: true });
// Every file of src/styles in one cascade layer (styles-layer.mjs says why).
writeFileSync('dist/styles.css', buildStylesheet('src/styles'));
writeFileSync('dist/styles.css.d.ts', 'export {};\n');
writeFileSync('dist/styles.css.d.cts', 'export {};\n');
