// tsup's `clean` would delete files written in onSuccess, so the stylesheet is copied after
// the build, with a declaration so `import 'fhir-portal-kit/styles.css'` type-checks.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = 'src/styles';
mkdirSync('dist', { recursive: true });
const files = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.css'))
      .sort()
  : [];
// styles.css is the entry; the others are concatenated after it in name order.
const ordered = ['styles.css', ...files.filter((f) => f !== 'styles.css')].filter((f) => files.includes(f));
writeFileSync('dist/styles.css', ordered.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n'));
writeFileSync('dist/styles.css.d.ts', 'export {};\n');
writeFileSync('dist/styles.css.d.cts', 'export {};\n');
