// batch and transaction Bundles. Each entry is dispatched through the same router handlers as a
// plain request (same validation, same access rules). A transaction runs in one SQL
// transaction: urn:uuid references are resolved first, entries run in FHIR order (DELETE,
// POST, PUT/PATCH, GET), and the first failure rolls everything back with its own status.
import { randomUUID } from 'node:crypto';
import type { Bundle, BundleEntry, OperationOutcome, Resource } from '../../../src/fhir/types';
import { isOperationOutcomeError } from '../../../src/fhir/outcomes';
import type { ServerContext } from '../context';
import type { Router, ServerRequest, ServerResponse } from '../http/router';
import { canonicalTarget } from '../http/canonical-path.mjs';
import { errorResponse } from '../http/server';
import { badRequest, notFound, methodNotAllowed, tooLarge } from '../core/errors';
import { JsonBody } from '../core/json-text';
import { isJsonObject, type StoredResource } from '../core/stored-resource';
import { DEFAULT_COUNT, MAX_COUNT } from '../search/request';
import { DEFAULT_EVERYTHING_COUNT, MAX_EVERYTHING_COUNT } from '../store/everything';
import { DEFAULT_HISTORY_COUNT, MAX_HISTORY_COUNT } from '../store/history';
import { ifNoneExistQuery } from '../store/conditional';
import type { Repository } from '../store/repository';
import { FHIR_BASE, setRequestState } from './route-kit';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};
const ORDER: Record<string, number> = { DELETE: 0, POST: 1, PUT: 2, PATCH: 2, GET: 3, HEAD: 3 };

// One request must not cost the server what a thousand would (issue 11, item 8: a patient's
// batch of 1,000 searches of 1,000 rows answered 84 MB in 9 s). Each limit answers 413.
/** The most entries one Bundle may carry. */
export const MAX_BUNDLE_ENTRIES = 1000;
/**
 * The most rows the entries of one Bundle may ask for together, checked before any entry runs:
 * a search, a history or $everything counts the page it asks for (_count, else its default
 * page), any other entry one.
 */
export const MAX_BUNDLE_ROWS = 10_000;
/**
 * The most bytes the entries of one Bundle may answer together. Rows asked for do not bound what
 * _include and _revinclude add, nor how large a row is: this does, as the entries run.
 */
export const MAX_BUNDLE_RESPONSE_BYTES = 16 * 1024 * 1024;

interface ParsedEntry {
  index: number;
  method: string;
  path: string;
  query: URLSearchParams;
  entry: BundleEntry;
}

function parseEntry(ctx: ServerContext, entry: BundleEntry, index: number): ParsedEntry {
  const method = entry.request?.method?.toUpperCase();
  const url = entry.request?.url;
  if (!method || !Object.hasOwn(ORDER, method))
    throw badRequest(
      `Bundle entry ${index}: missing or unsupported request.method`,
      `Bundle.entry[${index}].request.method`
    );
  if (!url) throw badRequest(`Bundle entry ${index}: missing request.url`, `Bundle.entry[${index}].request.url`);
  let relative = url;
  const fhirBase = `${ctx.baseUrl}fhir/R4/`;
  if (relative.startsWith(fhirBase)) relative = relative.slice(fhirBase.length);
  else if (/^https?:/.test(relative))
    throw badRequest(`Bundle entry ${index}: url ${url} is not on this server`, `Bundle.entry[${index}].request.url`);
  // The same one parse as a request's path (http/canonical-path.mjs): an entry spelled
  // `Patient//1`, `%50atient` or `../x` is refused here, not routed one way and checked another.
  const target = canonicalTarget(`${FHIR_BASE}/${relative.startsWith('/') ? relative.slice(1) : relative}`);
  if (!target.ok)
    throw badRequest(
      `Bundle entry ${index}: request.url is refused: ${target.reason}`,
      `Bundle.entry[${index}].request.url`
    );
  return { index, method, path: target.path, query: new URLSearchParams(target.query), entry };
}

/** The default and largest page of a GET route that answers many rows; undefined for a read. */
function pageOf(path: string): { fallback: number; max: number } | undefined {
  const parts = path.slice(FHIR_BASE.length + 1).split('/');
  if (parts.length === 1) return { fallback: DEFAULT_COUNT, max: MAX_COUNT };
  if (parts.at(-1) === '_history') return { fallback: DEFAULT_HISTORY_COUNT, max: MAX_HISTORY_COUNT };
  if (parts.at(-1) === '$everything') return { fallback: DEFAULT_EVERYTHING_COUNT, max: MAX_EVERYTHING_COUNT };
  return undefined;
}

/**
 * The rows an entry may answer: its page for a search, history or $everything (the largest
 * _count it names, at most the route's largest page, which refuses more; the default page when
 * it names none that is a number), else one.
 */
function rowsAsked(parsed: ParsedEntry): number {
  const page = parsed.method === 'GET' || parsed.method === 'HEAD' ? pageOf(parsed.path) : undefined;
  if (!page) return 1;
  const counts = parsed.query
    .getAll('_count')
    .filter((c) => /^\d{1,9}$/.test(c))
    .map(Number);
  return Math.min(counts.length ? Math.max(...counts) : page.fallback, page.max);
}

/** Refuses (413) a Bundle whose entries ask for more than MAX_BUNDLE_ROWS rows together. */
function assertRowsWithinLimit(entries: ParsedEntry[]): void {
  const rows = entries.reduce((sum, parsed) => sum + rowsAsked(parsed), 0);
  if (rows > MAX_BUNDLE_ROWS)
    throw tooLarge(
      `This Bundle asks for up to ${rows} rows; a Bundle may ask for at most ${MAX_BUNDLE_ROWS} (each search, history or $everything counts its _count, or its default page)`,
      'Bundle.entry'
    );
}

/** Counts the bytes of entry responses; throws 413 once they pass MAX_BUNDLE_RESPONSE_BYTES. */
function responseBudget(): (response: ServerResponse) => void {
  let bytes = 0;
  return (response) => {
    const body: unknown = response.body;
    bytes +=
      body instanceof JsonBody
        ? Buffer.byteLength(body.text)
        : Buffer.isBuffer(body)
          ? body.length
          : body === undefined
            ? 0
            : Buffer.byteLength(JSON.stringify(body));
    if (bytes > MAX_BUNDLE_RESPONSE_BYTES)
      throw tooLarge(
        `The response to this Bundle would exceed ${MAX_BUNDLE_RESPONSE_BYTES / 1024 / 1024} MB; split it into smaller Bundles or ask for smaller pages`,
        'Bundle.entry'
      );
  };
}

function entryBody(entry: BundleEntry, method: string): { body: unknown; contentType: string } {
  const resource: unknown = entry.resource;
  if (method === 'PATCH') {
    if (isJsonObject(resource) && resource.resourceType === 'Binary' && typeof resource.data === 'string') {
      try {
        return {
          body: JSON.parse(Buffer.from(resource.data, 'base64').toString('utf8')),
          contentType: 'application/json-patch+json',
        };
      } catch {
        throw badRequest('PATCH entry: Binary data is not a JSON Patch');
      }
    }
    throw badRequest('PATCH entry: send the JSON Patch as a Binary resource (contentType application/json-patch+json)');
  }
  return { body: resource, contentType: 'application/fhir+json' };
}

async function dispatch(
  router: Router,
  parent: ServerRequest,
  repo: Repository,
  parsed: ParsedEntry,
  assignedId?: string
): Promise<ServerResponse> {
  const match = router.match(parsed.method, parsed.path);
  if (!match) throw notFound(`No route for ${parsed.method} ${parsed.path}`);
  if ('allowed' in match) throw methodNotAllowed(`Method ${parsed.method} not allowed on ${parsed.path}`);
  const { body, contentType } =
    parsed.method === 'GET' || parsed.method === 'DELETE' || parsed.method === 'HEAD'
      ? { body: undefined, contentType: '' }
      : entryBody(parsed.entry, parsed.method);
  const request = parsed.entry.request!;
  const req: ServerRequest = {
    method: parsed.method,
    path: parsed.path,
    query: parsed.query,
    headers: {
      accept: 'application/fhir+json',
      'content-type': contentType || undefined,
      'if-match': request.ifMatch,
      'if-none-exist': request.ifNoneExist,
      'if-none-match': request.ifNoneMatch,
    },
    body,
    rawBody: Buffer.alloc(0),
    params: match.params,
    auth: parent.auth,
    remoteAddress: parent.remoteAddress,
  };
  setRequestState(req, { repo, assignedId });
  return match.handler(req);
}

function toEntry(response: ServerResponse, fullUrl?: string): BundleEntry {
  const status = response.status;
  // A search answers JSON text; the entry wants the Bundle as an object.
  const body: unknown = response.body instanceof JsonBody ? JSON.parse(response.body.text) : response.body;
  const json = isJsonObject(body) && !Buffer.isBuffer(body) ? (body as StoredResource) : undefined;
  const isOutcome = json?.resourceType === 'OperationOutcome';
  return {
    ...(fullUrl ? { fullUrl } : {}),
    // An entry's resource is whatever the route answered: a resource or a Bundle.
    ...(json && !isOutcome ? { resource: json as unknown as Resource } : {}),
    response: {
      status: `${status} ${STATUS_TEXT[status] ?? ''}`.trim(),
      ...(response.headers?.Location ? { location: response.headers.Location } : {}),
      ...(response.headers?.ETag ? { etag: response.headers.ETag } : {}),
      ...(json?.meta?.lastUpdated ? { lastModified: json.meta.lastUpdated } : {}),
      ...(isOutcome ? { outcome: json as unknown as OperationOutcome } : {}),
    },
  };
}

/** Replaces every string equal to a key of `map` (urn:uuid:...) in a value, deeply. */
function replaceReferences(value: unknown, map: Map<string, string>): unknown {
  if (typeof value === 'string') return map.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => replaceReferences(v, map));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = replaceReferences(v, map);
    return out;
  }
  return value;
}

/**
 * The advisory lock keys of an entry that is a conditional write: a POST with ifNoneExist, a PUT
 * by search (`Type?param=value`). Not for an entry whose resource is missing or of another type:
 * that one fails on its own when it runs.
 */
function conditionalKeys(tx: Repository, parsed: ParsedEntry): string[] {
  const resource: unknown = parsed.entry.resource;
  if (!isJsonObject(resource) || typeof resource.resourceType !== 'string') return [];
  const parts = parsed.path.slice(FHIR_BASE.length + 1).split('/');
  if (parts.length !== 1 || parts[0] !== resource.resourceType) return [];
  const ifNoneExist = parsed.entry.request?.ifNoneExist;
  const query =
    parsed.method === 'POST' && ifNoneExist !== undefined
      ? ifNoneExistQuery(ifNoneExist)
      : parsed.method === 'PUT' && [...parsed.query.keys()].length
        ? parsed.query
        : undefined;
  return query ? [tx.conditionalKey(resource as StoredResource, query)] : [];
}

/** Runs a batch or transaction Bundle and returns its response Bundle. */
export async function processBundle(
  ctx: ServerContext,
  router: Router,
  req: ServerRequest,
  repo: Repository,
  bundle: Bundle
): Promise<Bundle> {
  if (bundle.type !== 'batch' && bundle.type !== 'transaction')
    throw badRequest(`Bundle type must be batch or transaction, not ${bundle.type}`, 'Bundle.type');
  const entries = bundle.entry ?? [];
  if (!Array.isArray(entries)) throw badRequest('Bundle.entry must be an array', 'Bundle.entry');
  if (entries.length > MAX_BUNDLE_ENTRIES)
    throw tooLarge(`A Bundle may carry at most ${MAX_BUNDLE_ENTRIES} entries`, 'Bundle.entry');
  const spend = responseBudget();
  if (bundle.type === 'batch') {
    // An entry that does not parse is answered on its own; it asks for no rows.
    const parsed = entries.map((entry, i): ParsedEntry | { error: unknown } => {
      try {
        return parseEntry(ctx, entry, i);
      } catch (error) {
        return { error };
      }
    });
    assertRowsWithinLimit(parsed.filter((p): p is ParsedEntry => !('error' in p)));
    const out: BundleEntry[] = [];
    for (const entry of parsed) {
      let response: ServerResponse;
      try {
        if ('error' in entry) throw entry.error;
        response = await dispatch(router, req, repo, entry);
      } catch (err) {
        response = errorResponse(err);
      }
      spend(response);
      out.push(toEntry(response));
    }
    return { resourceType: 'Bundle', type: 'batch-response', entry: out };
  }
  assertRowsWithinLimit(entries.map((e, i) => parseEntry(ctx, e, i)));
  return repo.transaction(async (tx) => {
    const firstPass = entries.map((e, i) => parseEntry(ctx, e, i));
    // Every conditional write's lock before anything runs, in one order (store/conditional.ts).
    await tx.lockConditionals(firstPass.flatMap((parsed) => conditionalKeys(tx, parsed)));
    // Resolve urn:uuid fullUrls of created resources to ids before anything runs.
    const map = new Map<string, string>();
    const assigned = new Map<number, string>();
    for (const parsed of firstPass) {
      const fullUrl = parsed.entry.fullUrl;
      if (parsed.method !== 'POST' || !fullUrl?.startsWith('urn:uuid:')) continue;
      const type = parsed.entry.resource?.resourceType;
      if (!type)
        throw badRequest(`Bundle entry ${parsed.index}: missing resource`, `Bundle.entry[${parsed.index}].resource`);
      let id: string = randomUUID();
      const ifNoneExist = parsed.entry.request?.ifNoneExist;
      if (ifNoneExist !== undefined) {
        const resource = parsed.entry.resource as unknown as StoredResource;
        const found = await tx.findConditional<StoredResource>(resource, ifNoneExistQuery(ifNoneExist));
        if (found.length === 1 && found[0].id) id = found[0].id;
      }
      map.set(fullUrl, `${type}/${id}`);
      assigned.set(parsed.index, id);
    }
    const resolved = map.size ? (replaceReferences(entries, map) as BundleEntry[]) : entries;
    const parsedEntries = resolved.map((e, i) => parseEntry(ctx, e, i));
    const order = [...parsedEntries].sort((a, b) => ORDER[a.method] - ORDER[b.method] || a.index - b.index);
    const results: BundleEntry[] = new Array(entries.length);
    for (const parsed of order) {
      try {
        const response = await dispatch(router, req, tx, parsed, assigned.get(parsed.index));
        results[parsed.index] = toEntry(response, entries[parsed.index].fullUrl);
        spend(response);
      } catch (err) {
        if (isOperationOutcomeError(err)) {
          const issue = err.outcome.issue?.[0];
          if (issue && !issue.expression) issue.expression = [`Bundle.entry[${parsed.index}]`];
        }
        throw err;
      }
    }
    return { resourceType: 'Bundle', type: 'transaction-response', entry: results };
  });
}
