// Packs the package, installs the tarball in a scratch folder, and loads it both ways, the
// way a user's project would: CommonJS require and an ESM import of each entry.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const run = (cmd, cwd) => execSync(cmd, { cwd, stdio: ['ignore', 'pipe', 'inherit'] }).toString().trim();
const scratch = mkdtempSync(join(tmpdir(), 'fpk-tarball-'));
try {
  const tarball = resolve(scratch, run(`npm pack --silent --pack-destination ${scratch}`, process.cwd()).split('\n').pop());
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true }));
  run(`npm install --silent --no-audit --no-fund ${tarball} react react-dom`, scratch);
  run(`node -e "const k = require('fhir-portal-kit'); if (typeof k.FhirClient !== 'function') process.exit(1); console.log('require ok')"`, scratch);
  run(`node --input-type=module -e "import { FhirClient } from 'fhir-portal-kit'; if (typeof FhirClient !== 'function') process.exit(1); console.log('import ok')"`, scratch);
  run(`node --input-type=module -e "const m = await import('fhir-portal-kit/react'); if (typeof m.FhirProvider !== 'function') process.exit(1); console.log('react import ok')"`, scratch);
  run(`node -e "const m = require('fhir-portal-kit/react'); if (typeof m.FhirProvider !== 'function') process.exit(1); console.log('react require ok')"`, scratch);
  console.log(`tarball ${tarball.split('/').pop()}: require and import of both entries work`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
