// The bridge from node:http to the Router: canonicalises the path once (canonical-path.mjs),
// reads the body under a size limit, parses JSON and forms, runs the before-handler hook
// (negotiation, auth), writes JSON or raw responses, turns every thrown error into an
// OperationOutcome with its status, and writes the access log.
import type { IncomingMessage, ServerResponse as NodeResponse } from 'node:http';
import { errorOutcome, isOperationOutcomeError, serverErrorOutcome } from '../../../src/fhir/outcomes';
import {
  TooManyRequestsError,
  badRequest,
  methodNotAllowed,
  notFound,
  statusOfOutcome,
  tooLarge,
} from '../core/errors';
import { JsonBody } from '../core/json-text';
import { canonicalTarget } from './canonical-path.mjs';
import { fhirInteraction, parameterNames, whoOf, writeAccessLog, type AccessLogSink } from './access-log';
import type { MatchedRoute, Router, ServerRequest, ServerResponse } from './router';

/** How the listener treats requests. */
export interface HttpOptions {
  router: Router;
  /** Body size limit in bytes for a request (method and canonical path known, body not read yet). */
  bodyLimit(method: string, path: string): number;
  /**
   * Runs before the body is parsed and the handler runs, with the route the router matched:
   * content negotiation, authentication (sets req.auth). May throw.
   */
  beforeHandler?(req: ServerRequest, route: MatchedRoute): Promise<void>;
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

/**
 * The body, at most `limit` bytes. One declared larger is refused before a byte is read, one
 * that grows larger as soon as it passes the limit: the answer then closes the connection
 * (refuseAndClose), so nobody makes the server read megabytes it will not keep.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return reject(new BodyTooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      reject(new BodyTooLarge());
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Answers before the body is read (a refused path, a body over the limit) and closes the
 * connection after the answer: node then stops reading, and what is left of the body is never
 * taken in. The client still reads the answer (node half-closes after writing it).
 */
function refuseAndClose(
  req: IncomingMessage,
  res: NodeResponse,
  response: ServerResponse,
  corsOrigins: ReadonlySet<string> | undefined
): void {
  res.shouldKeepAlive = false;
  send(req, res, response, corsOrigins);
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
  /** The canonical path and query; unset when the target was refused. */
  path?: string;
  query?: URLSearchParams;
  request?: ServerRequest;
  pattern?: string;
}

function logRequest(opts: HttpOptions, req: IncomingMessage, res: NodeResponse, served: Served, started: number) {
  if (!opts.accessLog) return;
  const method = (req.method ?? 'GET').toUpperCase();
  const path = served.path;
  const fhirBase = opts.fhirBase;
  const isFhir = !!path && !!fhirBase && (path === fhirBase || path.startsWith(fhirBase + '/'));
  writeAccessLog(opts.accessLog, {
    time: new Date().toISOString(),
    kind: 'http',
    event: method,
    ...(isFhir
      ? fhirInteraction(method, path.slice(fhirBase.length), served.request?.body)
      : { route: served.pattern ?? (!path ? 'refused' : served.request ? undefined : 'unmatched') }),
    params: served.query ? parameterNames(served.query) : [],
    status: res.statusCode,
    ms: Math.round(performance.now() - started),
    ...whoOf(served.request?.auth),
    address: req.socket.remoteAddress,
  });
}

async function handle(opts: HttpOptions, req: IncomingMessage, res: NodeResponse, served: Served): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  // The one parse of the path: everything below (CORS preflight, body limit, routing, the
  // before-handler's authentication, the policy gate) reads `path`, never req.url.
  const target = canonicalTarget(req.url ?? '/');
  if (!target.ok) {
    const response =
      target.status === 414
        ? { status: 414, body: errorOutcome(target.reason, 'too-long') }
        : errorResponse(badRequest(target.reason));
    refuseAndClose(req, res, response, opts.corsOrigins);
    return;
  }
  const path = target.path;
  const query = new URLSearchParams(target.query);
  served.path = path;
  served.query = query;
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
  const limit = opts.bodyLimit(method, path);
  let rawBody: Buffer;
  try {
    rawBody = await readBody(req, limit);
  } catch (err) {
    if (err instanceof BodyTooLarge) {
      refuseAndClose(req, res, errorResponse(tooLarge(`Request body is larger than ${limit} bytes`)), opts.corsOrigins);
      return;
    }
    throw err;
  }
  const headers = headersOf(req);
  for (const [key, value] of query) {
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
    query,
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
    if (opts.beforeHandler) await opts.beforeHandler(serverReq, match.route);
    serverReq.body = parseBody(rawBody, headers['content-type'] ?? '');
    response = await match.handler(serverReq);
  } catch (err) {
    response = errorResponse(err);
  }
  send(req, res, response, opts.corsOrigins, !!serverReq.auth);
}
