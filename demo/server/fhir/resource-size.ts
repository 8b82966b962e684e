// How large one resource may be, checked before the work it would cost: a single-resource write's
// body before it is parsed, a Bundle entry's resource before it is dispatched, a JSON Patch's
// result while it is applied (a `copy` doubles what it copies). Indexing and storing a 15 MB
// Observation held PGlite's one connection for seconds; a resource of 1 MB costs milliseconds.
import jsonpatch, { type Operation } from 'fast-json-patch';
import { DEFAULT_MAX_RESOURCE_BYTES } from '../context';
import { badRequest, tooLarge } from '../core/errors';
import type { StoredResource } from '../core/stored-resource';
import type { ServerRequest } from '../http/router';
import { FHIR_BASE } from './route-kit';

/** The resource cap unless createServer or MAX_RESOURCE_BYTES says otherwise. */
export { DEFAULT_MAX_RESOURCE_BYTES };
/** Bodies that carry several resources (a Bundle, an operation's Parameters). */
export const MAX_BODY = 16 * 1024 * 1024;
/** Binary has a cap of its own: its body is the file, not JSON. */
export const MAX_BINARY_BODY = 100 * 1024 * 1024;

/** MAX_RESOURCE_BYTES as a number when set; a value that is not a byte count stops the start. */
export function maxResourceBytesFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const value = env.MAX_RESOURCE_BYTES;
  if (value === undefined || value === '') return undefined;
  if (!/^[1-9]\d{0,9}$/.test(value))
    throw new Error(`MAX_RESOURCE_BYTES must be a whole number of bytes, got ${JSON.stringify(value)}`);
  return Number(value);
}

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The body limit of a request to the FHIR API (path canonical, body not read): Binary's own,
 * the resource cap for a write of one resource (`{type}`, `{type}/{id}`), else the Bundle's.
 */
export function fhirBodyLimit(method: string, path: string, maxResourceBytes: number): number {
  if (!path.startsWith(FHIR_BASE + '/')) return MAX_BODY;
  const segments = path.slice(FHIR_BASE.length + 1).split('/');
  if (segments[0] === 'Binary') return method === 'POST' || method === 'PUT' ? MAX_BINARY_BODY : MAX_BODY;
  const oneResource = segments.length <= 2 && !segments.some((s) => s.startsWith('$') || s.startsWith('_'));
  return WRITES.has(method) && oneResource ? Math.min(maxResourceBytes, MAX_BODY) : MAX_BODY;
}

const tooLargeResource = (maxResourceBytes: number) => tooLarge(`A resource may be at most ${maxResourceBytes} bytes`);

/**
 * Refuses (413) a resource body over the cap. A REST write's body was already held to it as it
 * arrived; a Bundle entry's resource (no raw body of its own) is measured as JSON here.
 */
export function assertResourceSize(req: ServerRequest, maxResourceBytes: number): void {
  const bytes = req.rawBody.length || Buffer.byteLength(JSON.stringify(req.body ?? null));
  if (bytes > maxResourceBytes) throw tooLargeResource(maxResourceBytes);
}

/**
 * Applies a JSON Patch to a copy of `current`, refusing (413) one whose result could pass the cap:
 * the ops are applied one at a time and every value they add or copy is counted, so a chain of
 * `copy` operations that doubles the resource stops at the cap instead of filling the memory.
 */
export function applyPatchWithinSize(
  current: StoredResource,
  ops: Operation[],
  maxResourceBytes: number
): StoredResource {
  let document = structuredClone(current);
  let bytes = Buffer.byteLength(JSON.stringify(current));
  for (const op of ops) {
    try {
      if (op.op === 'copy')
        bytes += Buffer.byteLength(JSON.stringify(jsonpatch.getValueByPointer(document, op.from)) ?? '');
      else if (op.op === 'add' || op.op === 'replace') bytes += Buffer.byteLength(JSON.stringify(op.value) ?? '');
    } catch {
      // A pointer that does not resolve: applyOperation below names it.
    }
    if (bytes > maxResourceBytes) throw tooLargeResource(maxResourceBytes);
    try {
      document = jsonpatch.applyOperation(document, op, true, true, true).newDocument;
    } catch (err) {
      throw badRequest(`Invalid JSON Patch: ${(err as Error).message?.split('\n')[0] ?? String(err)}`);
    }
  }
  return document;
}
