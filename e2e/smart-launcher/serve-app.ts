// Serves the test's SMART app (app.ts bundled with esbuild from the library's source) on a local
// port: /launch.html (the app's launch URL) and /index.html (its redirect URI), as a static host
// would. Nothing is written to disk.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface ServedApp {
  /** The app's origin with a trailing slash, e.g. http://127.0.0.1:41234/ */
  url: string;
  close(): Promise<void>;
}

function page(name: 'launch' | 'index', title: string): string {
  // The redirect page shows what the test reads, each value under its own label.
  const fields =
    name === 'index'
      ? `<dl>
    <dt>Patient</dt><dd id="patient-name"></dd>
    <dt>Patient id</dt><dd id="patient-id"></dd>
    <dt>Patient in context</dt><dd id="context-patient"></dd>
    <dt>User</dt><dd id="context-user"></dd>
    <dt>Encounter in context</dt><dd id="context-encounter"></dd>
  </dl>`
      : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title></head>
<body data-page="${name}">
  <main>
    <h1>${title}</h1>
    <p role="status" id="status"></p>
    <p role="alert" id="error"></p>
    ${fields}
  </main>
  <script type="module" src="app.js"></script>
</body>
</html>`;
}

/** Bundles the app for the browser. */
async function bundleApp(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./app.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    // The client loads its SMART code on demand; one file here keeps serving trivial.
    splitting: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** Bundles the app and serves it on 127.0.0.1 (a free port). */
export async function serveSmartApp(): Promise<ServedApp> {
  const files: Record<string, { type: string; body: string }> = {
    '/launch.html': { type: 'text/html; charset=utf-8', body: page('launch', 'Launching the SMART app') },
    '/index.html': { type: 'text/html; charset=utf-8', body: page('index', 'SMART app') },
    '/app.js': { type: 'text/javascript; charset=utf-8', body: await bundleApp() },
  };
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
