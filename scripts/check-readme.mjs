// Typechecks every ```ts and ```tsx block of README.md, as printed, against the built package
// (dist/, its .d.ts files): what a reader copies must compile. Each block is a module of its own;
// a block whose first line is a file comment (`// examples/client.ts`) is written under that
// file's name, so a later block can import from it ('./client'). Run `npm run build` first.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const repo = process.cwd();
const dist = resolve(repo, 'dist');
if (!existsSync(join(dist, 'react.d.ts'))) throw new Error('dist/ has no types: run `npm run build` first');

// A path argument checks another copy (e.g. an older README) the same way.
const readme = readFileSync(resolve(repo, process.argv[2] ?? 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/^```(tsx?)\n([\s\S]*?)^```$/gm)].map(([, lang, code], index) => {
  const named = /^\/\/ (?:\S+\/)?([\w.-]+\.tsx?)\n/.exec(code);
  return { name: named ? basename(named[1]) : `block-${index + 1}.${lang}`, code };
});
if (blocks.length === 0) throw new Error('README.md has no ts or tsx block');

const scratch = mkdtempSync(join(tmpdir(), 'fpk-readme-'));
try {
  mkdirSync(join(scratch, 'src'));
  for (const { name, code } of blocks) writeFileSync(join(scratch, 'src', name), code);
  // What a bundler's client types (vite/client, next-env.d.ts) declare for stylesheet imports.
  writeFileSync(join(scratch, 'src/css.d.ts'), "declare module '*.css';\n");
  symlinkSync(join(repo, 'node_modules'), join(scratch, 'node_modules'), 'dir');
  const entry = (file) => [join(dist, file)];
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        isolatedModules: true,
        types: [],
        // The package's own export map, pointed at this checkout's build.
        paths: {
          'fhir-portal-kit': entry('index.d.ts'),
          'fhir-portal-kit/react': entry('react.d.ts'),
          'fhir-portal-kit/medplum-compat': entry('medplum-compat.d.ts'),
          'fhir-portal-kit/locales/*': entry('locales/*.d.ts'),
        },
      },
      include: ['src'],
    })
  );
  execFileSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
    cwd: scratch,
    stdio: 'inherit',
  });
  console.log(
    `README.md: ${blocks.length} TypeScript blocks typecheck against dist/ (${blocks.map((b) => b.name).join(', ')})`
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
