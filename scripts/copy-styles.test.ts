import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transform } from 'esbuild';

const repo = new URL('..', import.meta.url).pathname;

/** The top-level statements of minified CSS: where the brace depth returns to zero. */
function topLevelStatements(css: string): string[] {
  const statements: string[] = [];
  let depth = 0;
  let start = 0;
  let quote = '';
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      statements.push(css.slice(start, i + 1));
      start = i + 1;
    } else if (c === ';' && depth === 0) {
      statements.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  return statements;
}

describe('the built stylesheet (npm run build’s copy-styles step)', () => {
  let out: string;
  let css: string;
  beforeAll(() => {
    // The build step as `npm run build` runs it, in a scratch folder so dist/ is left alone.
    out = mkdtempSync(join(tmpdir(), 'fpk-styles-'));
    symlinkSync(join(repo, 'src'), join(out, 'src'));
    execFileSync(process.execPath, [join(repo, 'scripts/copy-styles.mjs')], { cwd: out });
    css = readFileSync(join(out, 'dist/styles.css'), 'utf8');
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('is one `@layer fhir-portal-kit` block, with no rule outside it', async () => {
    const { code } = await transform(css, { loader: 'css', minify: true });
    const statements = topLevelStatements(code.trim());
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^@layer fhir-portal-kit\{/);
  });

  it('holds every family’s stylesheet, the theme first', () => {
    const files = readdirSync(join(repo, 'src/styles')).filter((f) => f.endsWith('.css'));
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const source = readFileSync(join(repo, 'src/styles', file), 'utf8');
      expect(css.includes(source), file).toBe(true);
    }
    expect(css.indexOf('--fpk-color-primary: #0f766e')).toBeLessThan(css.indexOf('.fpk-button {'));
  });

  it('ships its declarations for `import "fhir-portal-kit/styles.css"`', () => {
    expect(readFileSync(join(out, 'dist/styles.css.d.ts'), 'utf8')).toBe('export {};\n');
  });
});
