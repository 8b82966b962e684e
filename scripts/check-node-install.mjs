// What a team that uses only FhirClient on Node installs: the packed package with
// `npm install <tarball> --omit=peer`, which leaves out React and the widgets' libraries (Radix,
// visx, react-day-picker, ...), all peers of the package. Fails unless FhirClient then
// loads with both require and import and the root entry reaches none of those peers; prints the
// size of node_modules (the README quotes it).
import { execSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = process.cwd();
const run = (cmd, cwd) =>
  execSync(cmd, { cwd, stdio: ['ignore', 'pipe', 'inherit'] })
    .toString()
    .trim();
const bytes = (path) => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + bytes(join(path, name)), 0);
};

const { peerDependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
const scratch = mkdtempSync(join(tmpdir(), 'fpk-node-install-'));
try {
  const tarball = resolve(scratch, run(`npm pack --silent --pack-destination ${scratch}`, repo).split('\n').pop());
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  // Everything npm says during the install: it must not warn about the package's own scripts.
  const log = execSync(`npm install --no-audit --no-fund --omit=peer ${tarball} 2>&1`, { cwd: scratch }).toString();
  process.stdout.write(log);
  if (/fhir-portal-kit.*(prepare|install|script)/i.test(log.replace(/^added .*$/m, '')))
    throw new Error('npm warned about the package’s own scripts');
  const installed = readdirSync(join(scratch, 'node_modules'))
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@') ? readdirSync(join(scratch, 'node_modules', name)).map((n) => `${name}/${n}`) : [name]
    );
  const peers = installed.filter((name) => name in peerDependencies);
  if (peers.length) throw new Error(`--omit=peer still installed peers: ${peers.join(', ')}`);
  run(
    `node -e "const { FhirClient } = require('fhir-portal-kit'); new FhirClient({ baseUrl: 'https://fhir.example/' }); console.log('require ok')"`,
    scratch
  );
  run(
    `node --input-type=module -e "import { FhirClient } from 'fhir-portal-kit'; new FhirClient({ baseUrl: 'https://fhir.example/' });"`,
    scratch
  );
  const size = bytes(join(scratch, 'node_modules'));
  console.log(
    `npm install <tarball> --omit=peer: ${installed.length} packages, node_modules ${(size / 1e6).toFixed(1)} MB; FhirClient loads with require and import on Node`
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
