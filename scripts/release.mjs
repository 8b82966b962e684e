// `npm run release`: version, build, check, pack and publish, in that order, stopping at the first
// failure. `npm run release -- --dry-run` does the same in a scratch copy of the repository and
// publishes nothing: it prints the version and the CHANGELOG the pending changesets make, and
// what `npm publish` would upload (CI runs it on every change).
//
// The real run publishes with npm provenance, so it must run in CI with an OIDC identity
// (GitHub Actions: `permissions: id-token: write`) and NPM_TOKEN; afterwards commit the version
// and CHANGELOG and tag v<version>, the tag scripts/check-changesets.mjs measures from.
import { execSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const dryRun = process.argv.includes('--dry-run');
const repo = process.cwd();
const sh = (cmd, cwd = repo) => execSync(cmd, { cwd, stdio: 'inherit' });
const out = (cmd, cwd = repo) =>
  execSync(cmd, { cwd, stdio: ['ignore', 'pipe', 'inherit'] })
    .toString()
    .trim();
const step = (text) => console.log(`\n── release: ${text}`);

/**
 * What the tarball holds: package.json, README, LICENSE and dist/ only (no source, tests or
 * scripts), every entry that package.json exports, and no install-time script: npm 11 warns
 * about each one (prepare included) in every project that installs the package.
 */
function checkContents(tarball) {
  const files = out(`tar -tzf ${tarball}`).split('\n');
  const stray = files.filter((f) => !/^package\/(package\.json|README\.md|LICENSE|dist\/.+)$/.test(f));
  if (stray.length) throw new Error(`release: the tarball holds files it should not: ${stray.join(', ')}`);
  const pkg = JSON.parse(out(`tar -xzOf ${tarball} package/package.json`));
  const exported = JSON.stringify(pkg.exports).match(/\.\/dist\/[^"]+/g) ?? [];
  const missing = exported.filter((f) => !files.includes(`package/${f.slice(2)}`));
  if (missing.length) throw new Error(`release: exported files missing from the tarball: ${missing.join(', ')}`);
  const scripts = ['preinstall', 'install', 'postinstall', 'preprepare', 'prepare', 'postprepare'].filter(
    (s) => pkg.scripts?.[s]
  );
  if (scripts.length) throw new Error(`release: the package has install-time scripts: ${scripts.join(', ')}`);
  console.log(
    `tarball contents: ${files.length} files, ${new Set(exported).size} exported files present, no install-time script`
  );
}

if (!dryRun) {
  if (out('git status --porcelain'))
    throw new Error('release: the work tree has uncommitted changes; commit or stash them first.');
  if (out('git rev-parse --abbrev-ref HEAD') !== 'main') throw new Error('release: run it on main.');
}

// A dry run works on a copy: the tracked files, plus dist and node_modules from this checkout.
const dir = dryRun ? mkdtempSync(join(tmpdir(), 'fpk-release-')) : repo;
try {
  if (dryRun) {
    for (const file of out('git ls-files -z').split('\0').filter(Boolean)) {
      if (!existsSync(join(repo, file))) continue;
      cpSync(join(repo, file), join(dir, file), { recursive: true });
    }
    symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
  }
  const before = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;

  step('version (version and CHANGELOG from the pending changesets; scripts/version.mjs)');
  sh(`node ${join(repo, 'scripts/version.mjs')}`, dir);
  const after = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  if (after === before) throw new Error(`release: no pending changesets; the version stays ${before}.`);
  console.log(`version ${before} → ${after}`);

  if (dryRun) {
    // CI has built and checked this very tree in the steps before; the copy reuses that build.
    if (!existsSync(join(repo, 'dist/index.js'))) throw new Error('release --dry-run: build first (npm run build).');
    cpSync(join(repo, 'dist'), join(dir, 'dist'), { recursive: true });
    const changelog = readFileSync(join(dir, 'CHANGELOG.md'), 'utf8');
    // All of it, so a reviewer reads in CI what the release will say.
    console.log(`\nCHANGELOG.md (${changelog.split('\n').length} lines):\n`);
    console.log(changelog);
    // Before any release, the CHANGELOG must read as a first release, not as patches to versions
    // that never shipped.
    if (before === '0.0.0' && /^### (Major|Minor|Patch) Changes/m.test(changelog))
      throw new Error('release --dry-run: the first CHANGELOG lists changesets instead of the first-release notes');
  } else {
    step('build');
    sh('npm run build', dir);
    step('package checks (publint, attw) and the packed tarball with the examples');
    sh('npm run check:package', dir);
    sh('node scripts/check-tarball.mjs', dir);
  }

  step('pack');
  const tarball = join(dir, out(`npm pack --silent --pack-destination ${dir}`, dir).split('\n').pop());
  console.log(`${tarball.split('/').pop()}: ${(readFileSync(tarball).length / 1024).toFixed(0)} kB`);
  checkContents(tarball);

  step(
    dryRun ? 'publish (dry run: nothing is uploaded, no provenance without a CI identity)' : 'publish with provenance'
  );
  sh(`npm publish ${tarball} --access public ${dryRun ? '--dry-run' : '--provenance'}`, dirname(tarball));
  if (!dryRun)
    console.log(`\nPublished ${after}. Commit package.json, CHANGELOG.md and .changeset/, then tag v${after}.`);
} finally {
  if (dryRun) rmSync(dir, { recursive: true, force: true });
}
