// `npm start`: the reference FHIR server (seeded on first run) and the built portal, with the
// URLs and demo credentials printed. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { startPortalServer } from '../demo/app/serve.mjs';
import { buildPortalIfStale } from './build-portal.mjs';

const fhirPort = Number(process.env.FHIR_PORT ?? 8103);
const portalPort = Number(process.env.PORT ?? 3000);
const apiUrl = `http://127.0.0.1:${fhirPort}`;

buildPortalIfStale();

const server = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FHIR_PORT: String(fhirPort) },
});
server.on('exit', (code) => {
  console.error(`The FHIR server stopped (exit ${code}).`);
  process.exit(code ?? 1);
});

async function waitForHealth() {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${apiUrl}/healthcheck`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The FHIR server did not become healthy within 150 s');
}

await waitForHealth();
const portal = await startPortalServer({ port: portalPort, apiUrl });
const mfaSecret = existsSync('demo/server/README.md')
  ? (readFileSync('demo/server/README.md', 'utf8').match(/TOTP secret[^`]*`([A-Z2-7=]+)`/)?.[1] ?? 'see demo/server/README.md')
  : 'see demo/server/README.md';

console.log(`
  fhir-portal-kit demo

  Patient portal:  ${portal.url}
  FHIR server:     ${apiUrl}/fhir/R4   (metadata: ${apiUrl}/fhir/R4/metadata)

  Demo credentials
    patient       patient@example.com  /  patient-demo-1
    practitioner  doctor@example.com   /  doctor-demo-1
    MFA patient   mfa@example.com      /  mfa-demo-1   (TOTP secret ${mfaSecret})

  Press Ctrl+C to stop.
`);

const stop = () => {
  server.kill('SIGTERM');
  portal.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
