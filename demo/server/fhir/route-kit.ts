// What every FHIR route module shares: the request's repository (in a Bundle, the Bundle's),
// path parameters checked, a resource body checked, and responses with ETag, Last-Modified,
// Location and absolute URLs.
import type { Bundle } from '../../../src/fhir/types';
import type { ServerContext } from '../context';
import { badRequest, unauthorized } from '../core/errors';
import { JsonBody, bundleJson } from '../core/json-text';
import { NON_STORABLE_TYPES, isKnownResourceType } from '../core/resource-types';
import { isJsonObject, type StoredResource } from '../core/stored-resource';
import type { Router, ServerRequest, ServerResponse } from '../http/router';
import type { Repository } from '../store/repository';
import { parseIfMatch } from '../store/conditional';
import { ID_PATTERN } from '../store/validate';

/** The FHIR base path. */
export const FHIR_BASE = '/fhir/R4';

/** Per-request state a Bundle sets on the requests it dispatches. */
export interface BundleEntryState {
  /** The Bundle's repository (a transaction's, for a transaction Bundle). */
  repo: Repository;
  /** The id a transaction assigned to an entry with a urn:uuid fullUrl. */
  assignedId?: string;
}
const entryState = new WeakMap<ServerRequest, BundleEntryState>();

/** Marks a request as dispatched inside a Bundle, with the repository to use. */
export function setRequestState(req: ServerRequest, state: BundleEntryState): void {
  entryState.set(req, state);
}

/** The Bundle state of a request; undefined for a request that came over HTTP itself. */
export function bundleEntryState(req: ServerRequest): BundleEntryState | undefined {
  return entryState.get(req);
}

/** What a FHIR route module registers its routes with. */
export interface FhirRoutes {
  router: Router;
  ctx: ServerContext;
  /** The FHIR base URL, with the trailing slash. */
  base: string;
  /** The repository of a request: the Bundle's, or the server's seen by the caller; 401 without one. */
  repoOf(req: ServerRequest): Repository;
}

/** One area of the FHIR API (CRUD, search, Binary, ...): adds its routes. */
export type FhirArea = (fhir: FhirRoutes) => void;

/** The FhirRoutes of a server. */
export function fhirRoutes(router: Router, ctx: ServerContext): FhirRoutes {
  return {
    router,
    ctx,
    base: `${ctx.baseUrl}fhir/R4/`,
    // No caller is no access: never the system's repository (that is for internal callers).
    repoOf: (req) => {
      const bundle = entryState.get(req)?.repo;
      if (bundle) return bundle;
      if (!req.auth) throw unauthorized();
      return ctx.systemRepo.withAuth(req.auth);
    },
  };
}

/** A URL relative to the FHIR base made absolute. */
export function absoluteUrl(fhir: FhirRoutes, url: string): string {
  return /^https?:/.test(url) ? url : fhir.base + url.replace(/^\//, '');
}

/** A Bundle answer: links and fullUrls absolute; stored resources as JSON text go out as they are. */
export function bundleResponse(fhir: FhirRoutes, bundle: Bundle<unknown>): ServerResponse {
  return {
    status: 200,
    body: new JsonBody(
      bundleJson({
        ...bundle,
        link: bundle.link?.map((l) => ({ ...l, url: absoluteUrl(fhir, l.url) })),
        entry: bundle.entry?.map((e) => (e.fullUrl ? { ...e, fullUrl: absoluteUrl(fhir, e.fullUrl) } : e)),
      })
    ),
  };
}

/** A resource answer with its ETag and Last-Modified, and Location when created (201). */
export function resourceResponse(fhir: FhirRoutes, resource: StoredResource, status = 200): ServerResponse {
  const headers: Record<string, string> = {};
  const meta = resource.meta;
  if (meta?.versionId) headers.ETag = `W/"${meta.versionId}"`;
  if (meta?.lastUpdated) headers['Last-Modified'] = new Date(meta.lastUpdated).toUTCString();
  if (status === 201)
    headers.Location = `${fhir.base}${resource.resourceType}/${resource.id}/_history/${meta?.versionId}`;
  return { status, body: resource, headers };
}

/** The :type of the path, a storable resource type; 400 otherwise. */
export function typeParam(req: ServerRequest): string {
  const type = req.params.type;
  if (!isKnownResourceType(type) || NON_STORABLE_TYPES.has(type))
    throw badRequest(`Unknown resource type: ${type}`, 'resourceType');
  return type;
}

/** The :id of the path, a valid FHIR id; 400 otherwise. */
export function idParam(req: ServerRequest): string {
  if (!ID_PATTERN.test(req.params.id)) throw badRequest(`Invalid id: ${req.params.id}`, 'id');
  return req.params.id;
}

/** The request body as a resource of the URL's type; 400 naming what is wrong otherwise. */
export function resourceBody(body: unknown, type: string): StoredResource {
  if (body === undefined) throw badRequest('Missing request body');
  if (!isJsonObject(body) || Buffer.isBuffer(body)) throw badRequest('Request body must be a JSON object');
  if (!body.resourceType) throw badRequest('Missing resourceType', 'resourceType');
  if (body.resourceType !== type)
    throw badRequest(`resourceType ${String(body.resourceType)} does not match the URL type ${type}`, 'resourceType');
  return body as StoredResource;
}

/** The request's If-Match, checked (400 when malformed) before anything is read or written. */
export function ifMatchOf(req: ServerRequest): string | undefined {
  const value = req.headers['if-match'];
  if (value === undefined) return undefined;
  parseIfMatch(value);
  return value;
}
