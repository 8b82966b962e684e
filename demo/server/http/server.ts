// The bridge from node:http to the Router: reads the body under a size limit, parses JSON and
// forms, runs the before-handler hook (negotiation, auth), writes JSON or raw responses, turns
// every thrown error into an OperationOutcome with its status, and writes the access log.
import type { IncomingMessage, ServerResponse as NodeResponse } from 'node:http';
import { isOperationOutcomeError, serverErrorOutcome } from '../../../src/fhir/outcomes';
import {
  TooManyRequestsError,
  badRequest,
  methodNotAllowed,
  notFound,
  statusOfOutcome,
  tooLarge,
} from '../core/errors';
import { JsonBody } from '../core/json-text';
import { fhirInteraction, parameterNames, whoOf, writeAccessLog, type AccessLogSink } from './access-log';
import type { Router, ServerRequest, ServerResponse } from './router';

/** How the listener treats requests. */
export interface HttpOptions {
  router: Router;
  /** Body size limit in bytes for a request (method and path known, body not read yet). */
  bodyLimit(method: string, path: string): number;
  /** Runs before the handler: content negotiation, authentication (sets req.auth). May throw. */
  beforeHandler?(req: ServerRequest): Promise<void>;
  /** Origins that get CORS headers (exact `scheme://host[:port]`); any other gets none. */
  corsOrigins?: ReadonlySet<string>;
  /** Where access log lines go (none when unset). */
  accessLog?: AccessLogSink;
  /** The FHIR base path ('/fhir/R4'), whose requests the log describes as FHIR interactions. */
  fhirBase?: string;
}

/** Headers on every response: no content sniffing (a JSON or a Binary is never run as a page). */
export const ALWAYS_HEADERS: Readonly<Record<string, string>> = { 'X-Content-Type-Options': 'nosniff' };

const JSON_TYPES = /^application\/(fhir\+json|json|json-patch\+json|[a-z.+-]*\+json)$/;

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    const chunks: Buffer[] = [];
    let size = 0;
    let overflow = Number.isFinite(declared) && declared > limit;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) overflow = true;
      if (!overflow) chunks.push(chunk);
    });
    // An oversized body is drained, not kept, so the client can still read our 413.
    req.on('end', () => (overflow ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

function headersOf(req: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(req.headers)) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** JSON nesting deeper than this is refused (FHIR resources stay far below it). */
export const MAX_JSON_DEPTH = 100;

/** True when a string holds U+0000 or a lone surrogate, which PostgreSQL text cannot store. */
export function hasUnstorableCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/** Refuses (400) JSON nested too deep or holding strings the database cannot store; one walk. */
function assertStorableJson(value: unknown): void {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasUnstorableCharacter(v)) throw badRequest('Invalid character in a string: NUL or a lone surrogate');
    } else if (v && typeof v === 'object') {
      if (depth >= MAX_JSON_DEPTH) throw badRequest(`JSON is nested deeper than ${MAX_JSON_DEPTH} levels`);
      for (const [k, child] of Object.entries(v)) {
        if (hasUnstorableCharacter(k)) throw badRequest('Invalid character in a property name');
        stack.push([child, depth + 1]);
      }
    }
  }
}

function parseBody(raw: Buffer, contentType: string): unknown {
  if (!raw.length) return undefined;
  const type = mediaType(contentType);
  if (JSON_TYPES.test(type)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch (err) {
      throw badRequest(`Invalid JSON: ${(err as Error).message}`);
    }
    assertStorableJson(parsed);
    return parsed;
  }
  if (type === 'application/x-www-form-urlencoded')
    return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  return raw;
}

/** CORS headers for an allow-listed Origin only (never `null`, never an echo of any origin). */
function corsHeaders(req: IncomingMessage, allowed: ReadonlySet<string> | undefined): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin || !allowed?.has(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': 'ETag, Location, Content-Location, Last-Modified, Content-Disposition',
    Vary: 'Origin',
  };
}

function send(
  req: IncomingMessage,
  res: NodeResponse,
  response: ServerResponse,
  corsOrigins: ReadonlySet<string> | undefined,
  authenticated = false
): void {
  const headers: Record<string, string> = {
    ...corsHeaders(req, corsOrigins),
    ...(response.headers ?? {}),
    ...ALWAYS_HEADERS,
  };
  // An answer to a signed-in caller may hold patient data: never kept by a browser or a proxy.
  // Others keep what the route chose (the public discovery documents), else no-store too.
  if (authenticated || !headers['Cache-Control']) headers['Cache-Control'] = 'no-store';
  let payload: Buffer | undefined;
  if (Buffer.isBuffer(response.body)) {
    payload = response.body;
    headers['Content-Type'] ??= 'application/octet-stream';
  } else if (response.body !== undefined) {
    payload = Buffer.from(response.body instanceof JsonBody ? response.body.text : JSON.stringify(response.body));
    headers['Content-Type'] ??= 'application/fhir+json; charset=utf-8';
  }
  if (payload) headers['Content-Length'] = String(payload.length);
  res.writeHead(response.status, headers);
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/** Turns anything thrown into a response; unexpected errors are logged and answer 500. */
export function errorResponse(err: unknown): ServerResponse {
  if (err instanceof TooManyRequestsError)
    return { status: 429, body: err.outcome, headers: { 'Retry-After': String(err.retryAfterSeconds) } };
  if (isOperationOutcomeError(err)) return { status: statusOfOutcome(err.outcome), body: err.outcome };
  console.error('[http] unexpected error', err);
  return { status: 500, body: serverErrorOutcome() };
}

/** A node:http request listener that serves the router. */
export function createRequestListener(opts: HttpOptions): (req: IncomingMessage, res: NodeResponse) => void {
  return (req, res) => {
    const started = performance.now();
    const served: Served = {};
    void handle(opts, req, res, served)
      .catch((err) => {
        console.error('[http] failed to answer', err);
        if (!res.headersSent) send(req, res, errorResponse(err), opts.corsOrigins, !!served.request?.auth);
        else res.destroy();
      })
      .finally(() => logRequest(opts, req, res, served, started));
  };
}

/** What the handling learned about a request, for the access log. */
interface Served {
  request?: ServerRequest;
  pattern?: string;
}

function logRequest(opts: HttpOptions, req: IncomingMessage, res: NodeResponse, served: Served, started: number) {
  if (!opts.accessLog) return;
  const method = (req.method ?? 'GET').toUpperCase();
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const fhirBase = opts.fhirBase;
  const isFhir = !!fhirBase && (path === fhirBase || path.startsWith(fhirBase + '/'));
  writeAccessLog(opts.accessLog, {
    time: new Date().toISOString(),
    kind: 'http',
    event: method,
    ...(isFhir
      ? fhirInteraction(method, path.slice(fhirBase.length), served.request?.body)
      : { route: served.pattern ?? (served.request ? undefined : 'unmatched') }),
    params: parameterNames(url.searchParams),
    status: res.statusCode,
    ms: Math.round(performance.now() - started),
    ...whoOf(served.request?.auth),
    address: req.socket.remoteAddress,
  });
}

async function handle(opts: HttpOptions, req: IncomingMessage, res: NodeResponse, served: Served): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (method === 'OPTIONS') {
    served.pattern = 'OPTIONS *';
    const cors = corsHeaders(req, opts.corsOrigins);
    if (!cors['Access-Control-Allow-Origin']) {
      res.writeHead(204, { Allow: 'GET, POST, PUT, PATCH, DELETE, OPTIONS', ...ALWAYS_HEADERS });
      res.end();
      return;
    }
    res.writeHead(204, {
      ...ALWAYS_HEADERS,
      ...cors,
      'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type',
      'Access-Control-Max-Age': '600',
    });
    res.end();
    return;
  }
  let rawBody: Buffer;
  try {
    rawBody = await readBody(req, opts.bodyLimit(method, path));
  } catch (err) {
    if (err instanceof BodyTooLarge) {
      send(
        req,
        res,
        errorResponse(tooLarge(`Request body is larger than ${opts.bodyLimit(method, path)} bytes`)),
        opts.corsOrigins
      );
      return;
    }
    throw err;
  }
  const headers = headersOf(req);
  for (const [key, value] of url.searchParams) {
    if (hasUnstorableCharacter(key) || hasUnstorableCharacter(value)) {
      send(
        req,
        res,
        errorResponse(badRequest(`Invalid character in query parameter: ${key.slice(0, 100)}`)),
        opts.corsOrigins
      );
      return;
    }
  }
  const serverReq: ServerRequest = {
    method,
    path,
    query: url.searchParams,
    headers,
    body: undefined,
    rawBody,
    params: {},
    remoteAddress: req.socket.remoteAddress,
  };
  served.request = serverReq;
  let response: ServerResponse;
  try {
    const match = opts.router.match(method, path);
    if (!match) throw notFound(`No route for ${method} ${path}`);
    if ('allowed' in match)
      throw methodNotAllowed(
        `Method ${method} not allowed on ${path} (allowed: ${[...new Set(match.allowed)].join(', ')})`
      );
    serverReq.params = match.params;
    served.pattern = match.pattern;
    if (opts.beforeHandler) await opts.beforeHandler(serverReq);
    serverReq.body = parseBody(rawBody, headers['content-type'] ?? '');
    response = await match.handler(serverReq);
  } catch (err) {
    response = errorResponse(err);
  }
  send(req, res, response, opts.corsOrigins, !!serverReq.auth);
}
