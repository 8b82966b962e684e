import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

const root = path.resolve(import.meta.dirname, '..');

/** `npm start` as a child process with the given environment: its output so far, and its exit. */
function launch(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...process.env, ...env } });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (output.stdout += d));
  child.stderr.on('data', (d) => (output.stderr += d));
  const exit = new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, ...output }))
  );
  return { child, output, exit };
}

/** `npm start` with the given environment, run to its end. */
const start = (env: Record<string, string>) => launch(env).exit;

/** These start the FHIR server (and build the portal first if its build is stale). */
const SLOW = 600_000;

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

/** The processes `npm start` started (the FHIR server, the identity provider). */
function childrenOf(pid: number): number[] {
  const out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map(Number)
    .filter((n) => n > 0);
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether a line of output is a JSON text (the access log's form). */
const isJson = (line: string) => {
  try {
    JSON.parse(line);
    return /^\s*[{[]/.test(line);
  } catch {
    return false;
  }
};

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

  describe('when the FHIR server it started stops (its data folder is in use)', () => {
    it(
      'says why, stops too, and leaves both ports free',
      async () => {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fpk-start-'));
        // Held by a live process: this test's.
        const holder = { pid: process.pid, holder: 'another FHIR server', hostname: os.hostname(), since: 'now' };
        writeFileSync(path.join(dataDir, 'fpk.lock'), JSON.stringify(holder));
        const [portalPort, fhirPort] = await freePorts();
        try {
          const result = await start({
            PORT: String(portalPort),
            FHIR_PORT: String(fhirPort),
            DATA_DIR: dataDir,
            DATABASE_URL: '',
          });
          expect(result.code).toBe(1);
          expect(result.stderr).toContain(
            `The data folder ${dataDir} is in use by another FHIR server (pid ${process.pid}`
          );
          expect(result.stderr).toContain('The FHIR server stopped (exit 1); stopping the portal too.');
          await close(await listen(portalPort));
          await close(await listen(fhirPort));
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
      SLOW
    );
  });

  describe('when stopped with Ctrl+C', () => {
    it(
      'stops the FHIR server and the portal it started, and frees the data folder',
      async () => {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fpk-start-'));
        const [portalPort, fhirPort] = await freePorts();
        const run = launch({
          PORT: String(portalPort),
          FHIR_PORT: String(fhirPort),
          DATA_DIR: dataDir,
          DATABASE_URL: '',
        });
        try {
          await vi.waitFor(
            () => {
              if (run.child.exitCode !== null) throw new Error(`npm start ended:\n${run.output.stderr}`);
              expect(run.output.stdout).toContain('Press Ctrl+C to stop.');
            },
            { timeout: SLOW - 60_000, interval: 250 }
          );
          expect((await fetch(`http://127.0.0.1:${portalPort}/healthcheck`)).status).toBe(200);
          run.child.kill('SIGINT');
          expect((await run.exit).code).toBe(0);
          await close(await listen(portalPort));
          await close(await listen(fhirPort));
          expect(existsSync(path.join(dataDir, 'fpk.lock'))).toBe(false);
        } finally {
          // Ctrl+C, so it stops its FHIR server too, even when the test failed half-way.
          if (run.child.exitCode === null) {
            run.child.kill('SIGINT');
            await run.exit;
          }
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
      SLOW
    );
  });

  // Issue 20, section 5: the demo as a process, with a browser's chat open through the portal.
  describe('while running, with a websocket open through the portal', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fpk-start-'));
    let ports: { portal: number; fhir: number; idp: number };
    let run: ReturnType<typeof launch>;
    let pids: number[] = [];
    let chat: WebSocket | undefined;

    beforeAll(async () => {
      const [portal, fhir] = await freePorts();
      const [idp] = await freePorts();
      ports = { portal, fhir, idp };
      run = launch({
        PORT: String(portal),
        FHIR_PORT: String(fhir),
        IDP_PORT: String(idp),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        // The defaults (an undefined value is left out of the child's environment).
        LOG_LEVEL: undefined,
        ACCESS_LOG: undefined,
        // Vitest sets BASE_URL ('/', Vite's); npm start's own default is the portal's address.
        BASE_URL: '',
      });
      await vi.waitFor(
        () => {
          if (run.child.exitCode !== null) throw new Error(`npm start ended:\n${run.output.stderr}`);
          expect(run.output.stdout).toContain('Press Ctrl+C to stop.');
        },
        { timeout: SLOW - 60_000, interval: 250 }
      );
      pids = childrenOf(run.child.pid!);
      chat = new WebSocket(`ws://127.0.0.1:${portal}/ws/subscriptions-r4`);
      await new Promise((resolve, reject) => {
        chat!.once('open', resolve);
        chat!.once('error', reject);
      });
    }, SLOW);

    afterAll(async () => {
      chat?.terminate();
      if (run?.child.exitCode === null) {
        run.child.kill('SIGINT');
        await run.exit;
      }
      for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }, SLOW);

    it('prints no JSON line per request by default', async () => {
      const before = run.output.stdout.length;
      for (const url of ['/healthcheck', '/fhir/R4/metadata', '/fhir/R4/Patient', '/auth/me']) {
        await (await fetch(`http://127.0.0.1:${ports.portal}${url}`)).arrayBuffer();
      }
      await new Promise((r) => setTimeout(r, 500));
      const printed = (run.output.stdout.slice(before) + run.output.stderr).split('\n');
      expect(printed.filter(isJson)).toEqual([]);
      expect(run.output.stdout.split('\n').filter(isJson)).toEqual([]);
    });

    it('answers the printed identity-provider URL with a page that leads back to the portal', async () => {
      const printed = /Northwind ID:\s+(\S+)/.exec(run.output.stdout)?.[1];
      expect(printed).toBe(`http://127.0.0.1:${ports.idp}`);
      const res = await fetch(printed!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(html).toContain("<h1>The demo's Northwind ID</h1>");
      expect(html).toContain(`<a href="http://127.0.0.1:${ports.portal}/">Back to the patient portal</a>`);
      // The provider's own endpoints are still its own.
      const discovery = await fetch(`${printed}/.well-known/openid-configuration`);
      expect(discovery.status).toBe(200);
      expect((await discovery.json()).issuer).toBe(printed);
    });

    it('stops every process and frees every port within 5 s of SIGTERM', async () => {
      expect(pids).toHaveLength(2);
      expect(chat!.readyState).toBe(WebSocket.OPEN);
      const sent = Date.now();
      run.child.kill('SIGTERM');
      const result = await Promise.race([run.exit, new Promise<undefined>((r) => setTimeout(r, 5_000))]);
      expect(result, `still running 5 s after SIGTERM; stderr:\n${run.output.stderr}`).toBeDefined();
      await vi.waitFor(() => expect(pids.filter(alive)).toEqual([]), {
        timeout: Math.max(500, 5_000 - (Date.now() - sent)),
      });
      for (const port of [ports.portal, ports.fhir, ports.idp]) await close(await listen(port));
      expect(result!.code).toBe(0);
      expect(result!.stderr).not.toContain('did not stop');
    });
  });
});
