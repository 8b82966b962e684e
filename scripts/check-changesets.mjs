// CI: a user-facing change must come with a changeset. `changeset status --since=<ref>` fails when
// the package changed since <ref> and no changeset was added; which <ref> depends on where we are:
//   - a branch other than main (a pull request): since main, as changesets' own docs set it up;
//   - main itself (CI here runs on a fresh clone of main): since the last release tag (v1.2.3),
//     so the changes merged since that release must have changesets that are still pending;
//   - main before any release: every change is part of the first release, so at least one
//     pending changeset must bump the package.
// A shallow clone has no tags to go by, so it is deepened first.
import { execSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const git = (args) => {
  const result = spawnSync('git', args, { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
};
const { name } = JSON.parse(readFileSync('package.json', 'utf8'));

if (git(['rev-parse', '--is-shallow-repository']) === 'true') git(['fetch', '--unshallow', '--tags', '--quiet']);
const branch = git(['rev-parse', '--abbrev-ref', 'HEAD']);
const onMain = branch === 'main' || branch === 'HEAD';
const since =
  !onMain && git(['rev-parse', '--verify', '--quiet', 'main'])
    ? 'main'
    : git(['describe', '--tags', '--abbrev=0', '--match', 'v[0-9]*']);

if (since) {
  console.log(`changesets: checking the changes since ${since}`);
  const result = spawnSync('npx', ['changeset', 'status', `--since=${since}`], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

// Never released: the pending changesets must make a first release of the package.
const dir = mkdtempSync(join(tmpdir(), 'fpk-changesets-'));
try {
  const output = join(dir, 'status.json');
  execSync(`npx changeset status --output=${output}`, { stdio: ['ignore', 'ignore', 'inherit'] });
  const { releases } = JSON.parse(readFileSync(output, 'utf8'));
  const release = releases.find((r) => r.name === name);
  if (!release || release.type === 'none') {
    console.error(
      `changesets: ${name} has never been released and no pending changeset bumps it; add one with \`npx changeset\`.`
    );
    process.exit(1);
  }
  console.log(
    `changesets: not released yet; the pending changesets make ${name} ${release.newVersion} (${release.type})`
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
