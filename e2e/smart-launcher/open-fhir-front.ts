// What SMART Health IT's reference launcher needs behind it: an OPEN FHIR server. The launcher is a
// proxy that adds SMART authorization in front of a server that asks for none: it forwards every
// FHIR request with the Authorization header removed (backend/routes/fhir/proxy.ts). Our reference
// server asks for a token on every read, so the launcher cannot sit on it directly. This front
// stands in for the open server: it forwards reads (GET only: nothing the launcher sends can
// change data) to our reference server, authenticated as the seeded demo client (Basic auth with
// its documented id and secret, as demo/server allows for a confidential client), and changes two
// things only, each said where it happens. The SMART part under test (authorize, the launcher's
// pickers and approval page, token, the app's reads) is all the launcher's and our client's.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OpenFhirFrontOptions {
  /**
   * Where the launcher expects its FHIR server (its FHIR_SERVER_R4), e.g. http://127.0.0.1:8106.
   * Best at the root, as the launcher's hosted servers are: its encounter auto-select asks for
   * `/Encounter/` from the server's root, whatever the base's path.
   */
  publicBase: string;
  /** Our reference server's FHIR base, e.g. http://127.0.0.1:8103/fhir/R4. */
  upstreamBase: string;
  /** The Authorization header value sent upstream (who the open server reads as). */
  authorization: string;
}

export interface OpenFhirFront {
  url: string;
  /** The request lines it forwarded (method, path and query as the launcher sent them, then the status). */
  log: string[];
  close(): Promise<void>;
}

/**
 * The launcher's patient picker sorts with HAPI's `_sort:asc=family` / `_sort:desc=family`, not
 * FHIR's `_sort=family` / `_sort=-family`; our server refuses parameters it does not know (strict
 * handling), so the front writes them the standard way.
 */
export function standardSort(query: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of query) {
    if (name === '_sort:asc') out.append('_sort', value);
    else if (name === '_sort:desc') out.append('_sort', value.startsWith('-') ? value : `-${value}`);
    else out.append(name, value);
  }
  return out;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Starts the front on the host and port of `publicBase`. */
export async function startOpenFhirFront(options: OpenFhirFrontOptions): Promise<OpenFhirFront> {
  const publicBase = new URL(trimSlash(options.publicBase));
  // The base's path without its trailing slash ('' at the root); what follows it goes upstream.
  const basePath = trimSlash(publicBase.pathname);
  const upstreamBase = trimSlash(options.upstreamBase);
  const log: string[] = [];

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requested = new URL(req.url ?? '/', publicBase.origin);
    if (req.method !== 'GET') {
      res.writeHead(405, { 'content-type': 'text/plain' }).end('This open front only reads');
      log.push(`${req.method} ${req.url} -> 405`);
      return;
    }
    if (requested.pathname !== basePath && !requested.pathname.startsWith(`${basePath}/`)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not under ${basePath}/`);
      log.push(`${req.method} ${req.url} -> 404`);
      return;
    }
    const rest = requested.pathname.slice(basePath.length);
    const query = standardSort(requested.searchParams).toString();
    const upstream = await fetch(`${upstreamBase}${rest}${query ? `?${query}` : ''}`, {
      headers: { accept: 'application/fhir+json', authorization: options.authorization },
    });
    // Links and fullUrls name our server's base; they are written as the front's, so the picker's
    // next/previous pages come back through here (the launcher then rewrites them as its own).
    const body = (await upstream.text()).replaceAll(upstreamBase, `${publicBase.origin}${basePath}`);
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/fhir+json' });
    res.end(body);
    log.push(`${req.method} ${req.url} -> ${upstream.status}`);
  }

  const server = createServer((req, res) => {
    forward(req, res).catch((error: unknown) => {
      log.push(`${req.method} ${req.url} -> 502 ${String(error)}`);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`Upstream failed: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(publicBase.port || 80), publicBase.hostname, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `${publicBase.protocol}//${publicBase.hostname}:${port}${basePath}`,
    log,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
