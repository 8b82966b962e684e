/**
 * The access log: one JSON line per answered request (and per websocket event), saying who did
 * what to which resource type, the status and when. It never holds a token or a credential
 * (no header is read), a query value (only parameter names: values can hold names, birth dates,
 * identifiers) or a body. Paths are logged as their route pattern outside the FHIR base, so ids
 * that work as capabilities (a pending login's) stay out; inside it only ids of FHIR's id syntax.
 */
import { createWriteStream } from 'node:fs';
import type { RequestAuth } from '../core/request-auth';

/** One line of the access log. */
export interface AccessLogEntry {
  /** ISO instant the answer was sent. */
  time: string;
  kind: 'http' | 'ws';
  /** http: the method; ws: the event ('bind', 'bind-refused', 'refused', 'unbound-timeout'). */
  event: string;
  /** http: the route pattern ('/auth/login/:login') or the FHIR path shape. */
  route?: string;
  /** FHIR interaction: read, vread, search, create, update, patch, delete, history, batch, transaction, operation, capabilities. */
  interaction?: string;
  resourceType?: string;
  id?: string;
  /** Names of the query parameters (never their values). */
  params?: string[];
  status?: number;
  ms?: number;
  /** The caller's profile ('Patient/…', 'ClientApplication/…'), or 'anonymous'. */
  who: string;
  project?: string;
  client?: string;
  address?: string;
}

/** Where log lines go (one JSON text per call). */
export type AccessLogSink = (line: string) => void;

/** A FHIR id (1-64 of A-Za-z0-9-.): anything else in an id's place is not logged. */
const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;
const MAX_PARAM_NAMES = 20;
const MAX_PARAM_NAME_LENGTH = 64;

/** The caller as the log names it. */
export function whoOf(auth: RequestAuth | undefined): Pick<AccessLogEntry, 'who' | 'project' | 'client'> {
  if (!auth) return { who: 'anonymous' };
  return { who: auth.profile, project: auth.project, ...(auth.clientId ? { client: auth.clientId } : {}) };
}

/** Parameter names of a query, bounded (values are never read). */
export function parameterNames(query: URLSearchParams): string[] | undefined {
  const names = [...new Set(query.keys())]
    .slice(0, MAX_PARAM_NAMES)
    .map((n) => (n.length > MAX_PARAM_NAME_LENGTH ? `${n.slice(0, MAX_PARAM_NAME_LENGTH)}…` : n));
  return names.length ? names : undefined;
}

/** The FHIR interaction of a request under the FHIR base (`path` without the base). */
export function fhirInteraction(
  method: string,
  path: string,
  body: unknown
): Pick<AccessLogEntry, 'interaction' | 'resourceType' | 'id' | 'route'> {
  const parts = path.split('/').filter(Boolean);
  const id = (value: string | undefined) => (value && FHIR_ID.test(value) ? value : undefined);
  const operation = parts.find((p) => p.startsWith('$'));
  const [type, second, third] = parts;
  const resourceType = type && /^[A-Z][A-Za-z]{0,63}$/.test(type) ? type : undefined;
  const shape = parts.map((p, i) => (i === 0 || p.startsWith('$') || p === '_history' ? p : ':id')).join('/');
  const route = `/${shape}`;
  if (parts.length === 0) {
    const bundleType = (body as { type?: unknown } | undefined)?.type;
    return { interaction: bundleType === 'transaction' ? 'transaction' : 'batch', route };
  }
  if (type === 'metadata') return { interaction: 'capabilities', route };
  if (operation) {
    return {
      interaction: `operation ${operation.slice(0, 64)}`,
      resourceType,
      id: parts.indexOf(operation) === 2 ? id(second) : undefined,
      route,
    };
  }
  if (second === '_history') return { interaction: 'history-type', resourceType, route };
  if (second === '_search') return { interaction: 'search', resourceType, route };
  if (third === '_history') {
    return { interaction: parts.length > 3 ? 'vread' : 'history', resourceType, id: id(second), route };
  }
  if (second === undefined) {
    return {
      interaction:
        method === 'POST' ? 'create' : method === 'GET' || method === 'HEAD' ? 'search' : method.toLowerCase(),
      resourceType,
      route,
    };
  }
  const byMethod: Record<string, string> = {
    GET: 'read',
    HEAD: 'read',
    PUT: 'update',
    PATCH: 'patch',
    DELETE: 'delete',
  };
  return { interaction: byMethod[method] ?? method.toLowerCase(), resourceType, id: id(second), route };
}

/** Writes one entry as a JSON line; a sink that throws never fails the request. */
export function writeAccessLog(sink: AccessLogSink | undefined, entry: AccessLogEntry): void {
  if (!sink) return;
  try {
    sink(JSON.stringify(entry));
  } catch (err) {
    console.error('[access-log] write failed:', err instanceof Error ? err.message : err);
  }
}

/** The sink ACCESS_LOG names: 'stdout', a file path (appended to), or nothing ('off', unset). */
export function accessLogSink(target: string | undefined): AccessLogSink | undefined {
  if (!target || target === 'off') return undefined;
  if (target === 'stdout') return (line) => process.stdout.write(line + '\n');
  const file = createWriteStream(target, { flags: 'a' });
  file.on('error', (err) => console.error('[access-log] cannot write', target, err.message));
  return (line) => file.write(line + '\n');
}
