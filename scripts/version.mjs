// The version step of a release (`changeset version`), run by the release workflow's version pull
// request and by `npm run release`. For the first release it writes the CHANGELOG's section from
// scripts/first-release-notes.md: the pending changesets then describe how the package was built,
// not changes a user of an earlier version would see, since there is none.
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const version = () => JSON.parse(readFileSync('package.json', 'utf8')).version;
const before = version();
execSync('npx changeset version', { stdio: 'inherit' });
const after = version();
if (before === '0.0.0' && after !== before) {
  const { name } = JSON.parse(readFileSync('package.json', 'utf8'));
  const notes = readFileSync(new URL('first-release-notes.md', import.meta.url), 'utf8').trim();
  // changesets wrote "# name\n\n## <version>\n\n### Minor Changes ...": keep the title and the
  // version heading, and put the notes where the changesets' lines were.
  writeFileSync('CHANGELOG.md', `# ${name}\n\n## ${after}\n\n${notes}\n`);
  console.log(`CHANGELOG.md: the first release, ${after}, from scripts/first-release-notes.md`);
}
