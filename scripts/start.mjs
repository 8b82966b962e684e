// `npm start`: the reference FHIR server (seeded on first run) and the built portal, with the
// URLs and demo credentials printed. Ctrl+C stops both. When either cannot start (a busy port,
// a locked or damaged data folder), it says why and stops whatever it had started.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { startPortalServer } from '../demo/app/serve.mjs';
import { buildPortalIfStale } from './build-portal.mjs';

const HOST = '127.0.0.1';

/** The port a variable names, or its default; exits with a message on anything else. */
function portFrom(variable, fallback) {
  const raw = process.env[variable];
  const port = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`${variable} must be a port number (1-65535), got "${raw}".`);
    process.exit(1);
  }
  return port;
}

const fhirPort = portFrom('FHIR_PORT', 8103);
const portalPort = portFrom('PORT', 3000);
const idpPort = portFrom('IDP_PORT', 8104);
const apiUrl = `http://${HOST}:${fhirPort}`;
// The demo's external OpenID provider (demo/identity-provider): northwind.example signs in there.
const idpUrl = `http://${HOST}:${idpPort}`;
// The server's public address is the portal's: the browser reaches the API through it (one
// origin), so the URLs the server writes (a Binary's url, the websocket, the external sign-in
// callback, the token issuer) are ones the portal's client recognises as its own server.
const publicUrl = (process.env.BASE_URL || `http://${HOST}:${portalPort}/`).replace(/\/?$/, '/');
const callbackUrl = `${publicUrl}auth/external/callback`;

/** A busy port in words, with the variable that moves it. */
const busy = (port, variable, what) =>
  `Port ${port} (${what}) is busy: another program listens on it. Stop it, or set ${variable} to another port, e.g. ${variable}=${port + 1} npm start.`;

/** Why a port cannot be used; undefined when it is free. */
function portProblem(port, variable, what) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err) =>
      resolve(
        err.code === 'EADDRINUSE'
          ? busy(port, variable, what)
          : `Port ${port} (${what}) cannot be used (${err.code ?? err.message}); set ${variable} to another port.`
      )
    );
    probe.listen(port, HOST, () => probe.close(() => resolve(undefined)));
  });
}

// Both ports before anything starts, so a busy one costs no build and leaves nothing running.
if (portalPort === fhirPort) {
  console.error(`PORT and FHIR_PORT are both ${portalPort}; give the portal and the FHIR server different ports.`);
  process.exit(1);
}
if (idpPort === fhirPort || idpPort === portalPort) {
  console.error(
    `IDP_PORT is ${idpPort}, taken by the portal or the FHIR server; give the identity provider its own port.`
  );
  process.exit(1);
}
const problems = (
  await Promise.all([
    portProblem(portalPort, 'PORT', 'the portal'),
    portProblem(fhirPort, 'FHIR_PORT', 'the FHIR server'),
    portProblem(idpPort, 'IDP_PORT', 'the identity provider'),
  ])
).filter(Boolean);
if (problems.length) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}

buildPortalIfStale();

let stopping = false;
let portal;
const identityProvider = spawn(process.execPath, ['--import', 'tsx', 'demo/identity-provider/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, IDP_PORT: String(idpPort), IDP_REDIRECT_URI: callbackUrl, IDP_PORTAL_URL: publicUrl },
});
const identityProviderExit = new Promise((resolve) =>
  identityProvider.once('exit', (code, signal) => resolve({ code, signal }))
);
const server = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FHIR_PORT: String(fhirPort), DEMO_IDP_URL: idpUrl, BASE_URL: publicUrl },
});
const serverExit = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));

/** How long the parts get to stop before they are killed: the next start needs their ports. */
const STOP_DEADLINE_MS = 4000;
const children = [
  { name: 'the FHIR server', child: server, exit: serverExit },
  { name: 'the identity provider', child: identityProvider, exit: identityProviderExit },
];
const running = ({ child }) => child.exitCode === null && child.signalCode === null;

/**
 * Stops every part at once (the portal, cutting its open websockets, and each child, told with
 * `signal`) and exits with the given code; a part still running at the deadline is killed.
 */
async function stopAll(code, signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  for (const part of children) if (running(part)) part.child.kill(signal);
  let portalOpen = !!portal;
  const deadline = setTimeout(() => {
    const late = children.filter(running);
    const names = [...(portalOpen ? ['the portal'] : []), ...late.map((part) => part.name)];
    console.error(`Stopping: ${names.join(' and ')} did not stop within ${STOP_DEADLINE_MS / 1000} s; killed.`);
    for (const part of late) part.child.kill('SIGKILL');
    process.exit(code || 1);
  }, STOP_DEADLINE_MS);
  await Promise.all([portal?.close().then(() => (portalOpen = false)), ...children.map((part) => part.exit)]);
  clearTimeout(deadline);
  process.exit(code);
}

// The server stopping on its own (it printed why: a locked or damaged data folder, a crash).
serverExit.then(({ code }) => {
  if (stopping) return;
  console.error(`The FHIR server stopped (exit ${code}); stopping the portal too.`);
  stopAll(code || 1);
});
identityProviderExit.then(({ code }) => {
  if (stopping) return;
  console.error(`The identity provider stopped (exit ${code}); stopping the demo too.`);
  stopAll(code || 1);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (!stopping) return stopAll(0, signal);
    // A second Ctrl+C: no more waiting.
    for (const part of children.filter(running)) part.child.kill('SIGKILL');
    process.exit(1);
  });
}
// However this process ends (a crash included), it leaves no part running on its ports.
process.on('exit', () => {
  for (const part of children.filter(running)) part.child.kill('SIGKILL');
});

async function waitForHealth() {
  for (let i = 0; i < 600 && !stopping; i++) {
    try {
      const res = await fetch(`${apiUrl}/healthcheck`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!stopping) throw new Error('The FHIR server did not become healthy within 150 s.');
}

try {
  await waitForHealth();
  if (stopping) await new Promise(() => {}); // stopAll is exiting.
  // Taken since the check above: same message, and the server started for it is stopped below.
  portal = await startPortalServer({ port: portalPort, host: HOST, apiUrl }).catch((err) => {
    throw err.code === 'EADDRINUSE' ? new Error(busy(portalPort, 'PORT', 'the portal')) : err;
  });
} catch (err) {
  console.error(err.message ?? err);
  await stopAll(1);
}

const mfaSecret = existsSync('demo/server/README.md')
  ? (readFileSync('demo/server/README.md', 'utf8').match(/TOTP secret[^`]*`([A-Z2-7=]+)`/)?.[1] ??
    'see demo/server/README.md')
  : 'see demo/server/README.md';

console.log(`
  fhir-portal-kit demo

  Patient portal:  ${portal.url}
  FHIR server:     ${apiUrl}/fhir/R4   (metadata: ${apiUrl}/fhir/R4/metadata)
  Northwind ID:    ${idpUrl}   (the external OpenID provider of northwind.example)

  Demo credentials
    patient       patient@example.com  /  patient-demo-1
    practitioner  doctor@example.com   /  doctor-demo-1
    MFA patient   mfa@example.com      /  mfa-demo-1   (TOTP secret ${mfaSecret})
    in Spanish    lucia@example.com    /  lucia-demo-1   (prefers Spanish: the portal opens in Spanish)
    external      sam@northwind.example  /  northwind-demo-1   (at Northwind ID; alex@northwind.example
                  /  northwind-demo-2 registers through it)
    front desk    frontdesk@example.com  /  frontdesk-demo-1   (access policy: demographics only)

  Press Ctrl+C to stop.
`);
