import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** `npm start` as a child process with the given ports; resolves with its exit and output. */
function start(env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

function listen(port = 0): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
const portOf = (server: Server) => (server.address() as { port: number }).port;
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Two ports free right now: listen on 0, note the port, let it go. */
async function freePorts(): Promise<[number, number]> {
  const [a, b] = [await listen(), await listen()];
  const ports: [number, number] = [portOf(a), portOf(b)];
  await Promise.all([close(a), close(b)]);
  return ports;
}

describe('npm start', () => {
  describe('when the portal port is busy', () => {
    it('says which port and that PORT moves it, and leaves nothing running', async () => {
      const busy = await listen();
      const [fhirPort] = await freePorts();
      try {
        const result = await start({ PORT: String(portOf(busy)), FHIR_PORT: String(fhirPort) });
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`Port ${portOf(busy)} (the portal) is busy`);
        expect(result.stderr).toContain(`set PORT to another port, e.g. PORT=${portOf(busy) + 1} npm start`);
        expect(result.stdout).not.toContain('Building the portal');
        // The FHIR server was never started, so its port is still free.
        await close(await listen(fhirPort));
      } finally {
        await close(busy);
      }
    });
  });

  describe('when the FHIR server port is busy', () => {
    it('says which port and that FHIR_PORT moves it', async () => {
      const busy = await listen();
      const [portalPort] = await freePorts();
      try {
        const result = await start({ PORT: String(portalPort), FHIR_PORT: String(portOf(busy)) });
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`Port ${portOf(busy)} (the FHIR server) is busy`);
        expect(result.stderr).toContain(`set FHIR_PORT to another port`);
        await close(await listen(portalPort));
      } finally {
        await close(busy);
      }
    });
  });

  describe('when the identity provider port is busy', () => {
    it('says which port and that IDP_PORT moves it, and starts nothing', async () => {
      const busy = await listen();
      const [portalPort, fhirPort] = await freePorts();
      try {
        const result = await start({
          PORT: String(portalPort),
          FHIR_PORT: String(fhirPort),
          IDP_PORT: String(portOf(busy)),
        });
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`Port ${portOf(busy)} (the identity provider) is busy`);
        expect(result.stderr).toContain('set IDP_PORT to another port');
        await close(await listen(fhirPort));
      } finally {
        await close(busy);
      }
    });
  });

  it('refuses a port variable that is not a port', async () => {
    const result = await start({ PORT: 'eighty', FHIR_PORT: '8103' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT must be a port number (1-65535), got "eighty".');
  });
});
