// Serves the built portal (demo/app/dist) and forwards API paths and websockets to the reference
// server, so the browser sees one origin: no CORS, and cookies and tokens stay first-party.
// Every request's path is parsed once, by the server's own rules (canonical-path.mjs): a path
// the server would refuse is refused here (400), and what is forwarded is the canonical form,
// so the portal and the server cannot read one request two ways (issue 19).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalTarget } from '../server/http/canonical-path.mjs';

import { API_PREFIXES, isApiPath } from './api-prefixes.mjs';

/** Paths forwarded to the reference server (kept in api-prefixes.mjs, which the service worker reads too). */
export { API_PREFIXES };
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export const defaultDistDir = fileURLToPath(new URL('./dist/', import.meta.url));

const smartAppDir = fileURLToPath(new URL('../smart-app/', import.meta.url));
/**
 * The demo SMART app (demo/smart-app, issue 22), a third-party app in all but origin: each path
 * it serves, and nothing else under /smart-app/. SMART Health IT's fhirclient comes from
 * node_modules (its browser build, never copied into git).
 */
export const SMART_APP_FILES = {
  '/smart-app/launch.html': join(smartAppDir, 'launch.html'),
  '/smart-app/index.html': join(smartAppDir, 'index.html'),
  '/smart-app/launch.js': join(smartAppDir, 'launch.js'),
  '/smart-app/app.js': join(smartAppDir, 'app.js'),
  '/smart-app/app.css': join(smartAppDir, 'app.css'),
  '/smart-app/fhir-client.js': fhirClientBuild(),
};

/** fhirclient's browser build; a dev dependency, so the portal still starts (without the app's script) when it is absent. */
function fhirClientBuild() {
  try {
    return createRequire(import.meta.url).resolve('fhirclient/build/fhir-client.js');
  } catch {
    return undefined;
  }
}
/**
 * The app's own scripts and styles only; it fetches from whatever FHIR server launched it (iss),
 * so connections may go anywhere.
 */
const SMART_APP_CSP =
  "default-src 'self'; connect-src *; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * A request target in the one form the server routes by: `{ ok: true, path, target }` (target
 * with its query), or the server's refusal `{ ok: false, status, reason }`.
 */
export function forwardTarget(url) {
  const parsed = canonicalTarget(url);
  if (!parsed.ok) return parsed;
  return { ok: true, path: parsed.path, target: parsed.query ? `${parsed.path}?${parsed.query}` : parsed.path };
}

function refusal(status, reason) {
  return JSON.stringify({
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: status === 414 ? 'too-long' : 'invalid', details: { text: reason } }],
  });
}

/** Starts the portal server; resolves with its URL and a close function. */
export function startPortalServer({ port = 3000, host = '127.0.0.1', apiUrl, distDir = defaultDistDir }) {
  const api = new URL(apiUrl);
  const root = resolve(distDir);
  const isApi = isApiPath;
  /** Both ends of every websocket passed through, until they close. */
  const upgraded = new Set();

  const server = createServer((req, res) => {
    const parsed = forwardTarget(req.url ?? '/');
    if (!parsed.ok) {
      res.writeHead(parsed.status, {
        'content-type': 'application/fhir+json',
        'x-content-type-options': 'nosniff',
        connection: 'close',
      });
      res.end(refusal(parsed.status, parsed.reason));
      return;
    }
    const path = parsed.path;
    if (isApi(path)) {
      const upstream = request(
        {
          host: api.hostname,
          port: api.port,
          method: req.method,
          path: parsed.target,
          headers: { ...req.headers, host: api.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        }
      );
      upstream.on('error', () => {
        res.writeHead(502, { 'content-type': 'application/fhir+json' });
        res.end(
          JSON.stringify({
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'transient', details: { text: 'The FHIR server is not reachable' } }],
          })
        );
      });
      req.pipe(upstream);
      return;
    }
    if (path === '/smart-app') {
      // The app's address is its launch page; a launcher's ?iss=…&launch=… goes along.
      res.writeHead(302, { location: parsed.target.replace('/smart-app', '/smart-app/launch.html') }).end();
      return;
    }
    if (path.startsWith('/smart-app/')) {
      const file = Object.hasOwn(SMART_APP_FILES, path) ? SMART_APP_FILES[path] : undefined;
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
        res.end('Not found');
        return;
      }
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
        'content-security-policy': SMART_APP_CSP,
        'referrer-policy': 'no-referrer',
      });
      createReadStream(file).pipe(res);
      return;
    }
    let file;
    try {
      file = normalize(join(root, decodeURIComponent(path)));
    } catch {
      // An escape that is not UTF-8 names no file.
      res.writeHead(400).end();
      return;
    }
    if (!file.startsWith(root)) {
      res.writeHead(400).end();
      return;
    }
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    const hashed = file.includes(`${root}/assets/`);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    createReadStream(file).pipe(res);
  });

  // Websockets (live subscriptions): pass the upgrade through, on its canonical path.
  server.on('upgrade', (req, socket, head) => {
    const parsed = forwardTarget(req.url ?? '/');
    if (!parsed.ok) {
      const text = parsed.status === 414 ? 'URI Too Long' : 'Bad Request';
      socket.end(`HTTP/1.1 ${parsed.status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const upstream = connect(Number(api.port), api.hostname, () => {
      const headers = Object.entries({ ...req.headers, host: api.host })
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n');
      upstream.write(`${req.method} ${parsed.target} HTTP/1.1\r\n${headers}\r\n\r\n`);
      if (head?.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', close);
    socket.on('error', close);
    // server.close() waits for every connection, and an upgraded one never ends by itself while
    // a tab holds its chat open: close() cuts these.
    for (const end of [socket, upstream]) {
      upgraded.add(end);
      end.once('close', () => upgraded.delete(end));
    }
  });

  return new Promise((resolveStart, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolveStart({
        url: `http://${host}:${address.port}`,
        port: address.port,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
            for (const end of upgraded) end.destroy();
          }),
      });
    });
  });
}
