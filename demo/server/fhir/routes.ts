// The FHIR REST API under /fhir/R4: CRUD, history, search, Binary, $validate, $expand,
// $everything, metadata and Bundles. Handlers use the request's repository (in a transaction
// Bundle, the transaction's), so access rules apply the same on every path.
import jsonpatch from 'fast-json-patch';
import type { Bundle, Resource } from '../../../src/fhir/types';
import { allOkOutcome } from '../../../src/fhir/outcomes';
import type { ServerContext } from '../context';
import type { Router, ServerRequest, ServerResponse } from '../http/router';
import { mediaType } from '../http/server';
import { processBundle } from './bundle';
import { capabilityStatement } from './capability';
import { badRequest, notAcceptable, preconditionFailed, unsupportedMediaType } from '../core/errors';
import { expandParamsFrom, expandValueSet } from './expand';
import { JsonBody, bundleJson } from '../core/json-text';
import { Repository, toSearchParams } from '../store/repository';
import { ID_PATTERN, validateResource } from '../store/validate';
import { NON_STORABLE_TYPES, isKnownResourceType } from '../core/resource-types';

/** The FHIR base path. */
export const FHIR_BASE = '/fhir/R4';

/** Body limits: 16 MB for FHIR JSON, 100 MB for Binary. */
export const MAX_BODY = 16 * 1024 * 1024;
export const MAX_BINARY_BODY = 100 * 1024 * 1024;

/** Filename extension on a Binary uploaded with ?_filename. */
export const FILENAME_EXTENSION = 'https://fhir-portal-kit.dev/StructureDefinition/binary-filename';

/** Per-request state a Bundle sets on the requests it dispatches. */
interface FhirRequestState {
  repo: Repository;
  assignedId?: string;
}
const requestState = new WeakMap<ServerRequest, FhirRequestState>();

/** Marks a request as dispatched inside a Bundle, with the repository to use. */
export function setRequestState(req: ServerRequest, state: FhirRequestState): void {
  requestState.set(req, state);
}

const FHIR_JSON = new Set(['application/fhir+json', 'application/json']);

/** True when an Accept header asks for FHIR JSON (explicitly, not just '*\/*'). */
function wantsFhirJson(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((part) => FHIR_JSON.has(mediaType(part)));
}

/** Checks Accept and Content-Type of a FHIR request: JSON only (Binary excepted). */
export function negotiateFhir(req: ServerRequest): void {
  const isBinary = /^\/fhir\/R4\/Binary(\/|$)/.test(req.path);
  const format = req.query.get('_format');
  if (format && !/json/i.test(format))
    throw notAcceptable(`Not acceptable: _format ${format}; this server speaks JSON only`);
  const accept = req.headers.accept;
  if (accept && !isBinary) {
    const ok = accept.split(',').some((part) => {
      const type = mediaType(part);
      return type === '' || type === '*/*' || type === 'application/*' || type.includes('json');
    });
    if (!ok) throw notAcceptable(`Not acceptable: ${accept}; this server answers application/fhir+json only`);
  }
  if (req.rawBody.length && ['POST', 'PUT', 'PATCH'].includes(req.method) && !isBinary) {
    const type = mediaType(req.headers['content-type']);
    if (!type) req.headers['content-type'] = 'application/fhir+json';
    else if (type === 'application/x-www-form-urlencoded') {
      if (!req.path.endsWith('/_search'))
        throw unsupportedMediaType('Unsupported content type: a form body is accepted only by _search');
    } else if (!type.includes('json')) {
      throw unsupportedMediaType(`Unsupported content type: ${type}; send application/fhir+json`);
    }
  }
}

/** Registers every FHIR route on the router. */
export function registerFhirRoutes(router: Router, ctx: ServerContext): void {
  const base = `${ctx.baseUrl}fhir/R4/`;
  const repoOf = (req: ServerRequest): Repository => requestState.get(req)?.repo ?? ctx.systemRepo.withAuth(req.auth);
  const absolute = (url: string) => (/^https?:/.test(url) ? url : base + url.replace(/^\//, ''));
  const bundleOut = (bundle: Bundle<any>): ServerResponse => ({
    status: 200,
    // Stored resources of a search or $everything arrive as JSON text and leave as it is.
    body: new JsonBody(
      bundleJson({
        ...bundle,
        link: bundle.link?.map((l) => ({ ...l, url: absolute(l.url) })),
        entry: bundle.entry?.map((e) => (e.fullUrl ? { ...e, fullUrl: absolute(e.fullUrl) } : e)),
      })
    ),
  });
  const resourceOut = (resource: any, status = 200): ServerResponse => {
    const headers: Record<string, string> = {};
    if (resource?.meta?.versionId) headers.ETag = `W/"${resource.meta.versionId}"`;
    if (resource?.meta?.lastUpdated) headers['Last-Modified'] = new Date(resource.meta.lastUpdated).toUTCString();
    if (status === 201)
      headers.Location = `${base}${resource.resourceType}/${resource.id}/_history/${resource.meta.versionId}`;
    return { status, body: resource, headers };
  };
  const typeParam = (req: ServerRequest): string => {
    const type = req.params.type;
    if (!isKnownResourceType(type) || NON_STORABLE_TYPES.has(type))
      throw badRequest(`Unknown resource type: ${type}`, 'resourceType');
    return type;
  };
  const idParam = (req: ServerRequest): string => {
    if (!ID_PATTERN.test(req.params.id)) throw badRequest(`Invalid id: ${req.params.id}`, 'id');
    return req.params.id;
  };
  const resourceBody = (req: ServerRequest, type: string): Record<string, any> => {
    const body = req.body;
    if (body === undefined) throw badRequest('Missing request body');
    if (typeof body !== 'object' || body === null || Array.isArray(body) || Buffer.isBuffer(body))
      throw badRequest('Request body must be a JSON object');
    const r = body as Record<string, any>;
    if (!r.resourceType) throw badRequest('Missing resourceType', 'resourceType');
    if (r.resourceType !== type)
      throw badRequest(`resourceType ${r.resourceType} does not match the URL type ${type}`, 'resourceType');
    return r;
  };
  const withBinaryData = async (repo: Repository, binary: any): Promise<any> => {
    const data = await repo.readBinaryData(binary.id, binary.meta?.versionId);
    return data ? { ...binary, data: data.toString('base64') } : binary;
  };
  const binaryFromRaw = (req: ServerRequest, id?: string): Record<string, any> => {
    const filename = req.query.get('_filename');
    const securityContext = req.headers['x-security-context'];
    return {
      resourceType: 'Binary',
      ...(id ? { id } : {}),
      contentType: req.headers['content-type'] || 'application/octet-stream',
      ...(securityContext ? { securityContext: { reference: securityContext } } : {}),
      ...(filename ? { extension: [{ url: FILENAME_EXTENSION, valueString: filename }] } : {}),
      data: req.rawBody,
    };
  };
  const isRawBinary = (req: ServerRequest): boolean => {
    const body = req.body as any;
    return !(
      FHIR_JSON.has(mediaType(req.headers['content-type'])) &&
      body &&
      typeof body === 'object' &&
      !Buffer.isBuffer(body) &&
      body.resourceType === 'Binary'
    );
  };
  const binaryOut = (resource: any, status: number): ServerResponse => {
    const out = resourceOut({ ...resource, url: `${base}Binary/${resource.id}` }, status);
    return out;
  };

  router.add('GET', `${FHIR_BASE}/metadata`, async () => ({ status: 200, body: capabilityStatement(ctx.baseUrl) }));

  router.add('POST', FHIR_BASE, async (req) => {
    if (requestState.has(req)) throw badRequest('A Bundle cannot be nested inside another Bundle');
    const body = req.body as Bundle;
    if (!body || typeof body !== 'object' || (body as any).resourceType !== 'Bundle')
      throw badRequest('Expected a Bundle', 'resourceType');
    const result = await processBundle(ctx, router, req, repoOf(req), body);
    return {
      status: 200,
      body: { ...result, entry: result.entry?.map((e) => (e.fullUrl ? { ...e, fullUrl: absolute(e.fullUrl) } : e)) },
    };
  });

  const expand = async (req: ServerRequest, id?: string): Promise<ServerResponse> => {
    let query = req.query;
    if (
      req.method === 'POST' &&
      req.body &&
      typeof req.body === 'object' &&
      (req.body as any).resourceType === 'Parameters'
    ) {
      query = new URLSearchParams(query);
      for (const p of (req.body as any).parameter ?? []) {
        const v = p.valueUri ?? p.valueString ?? p.valueInteger ?? p.valueCode;
        if (v !== undefined) query.set(p.name, String(v));
      }
    }
    return {
      status: 200,
      body: await expandValueSet(repoOf(req), { ...expandParamsFrom(query), ...(id ? { id } : {}) }),
    };
  };
  router.add('GET', `${FHIR_BASE}/ValueSet/$expand`, (req) => expand(req));
  router.add('POST', `${FHIR_BASE}/ValueSet/$expand`, (req) => expand(req));
  router.add('GET', `${FHIR_BASE}/ValueSet/:id/$expand`, (req) => expand(req, idParam(req)));

  router.add('POST', `${FHIR_BASE}/:type/$validate`, async (req) => {
    const type = typeParam(req);
    let resource = req.body as any;
    if (resource?.resourceType === 'Parameters')
      resource = resource.parameter?.find((p: any) => p.name === 'resource')?.resource;
    resourceBody({ ...req, body: resource }, type);
    const issues = validateResource(resource);
    if (issues.length) return { status: 400, body: { resourceType: 'OperationOutcome', issue: issues } };
    return { status: 200, body: allOkOutcome() };
  });

  router.add('GET', `${FHIR_BASE}/Patient/:id/$everything`, async (req) =>
    bundleOut(await repoOf(req).patientEverything(idParam(req), req.query, { asText: true }))
  );

  router.add('GET', `${FHIR_BASE}/:type/_history`, async (req) =>
    bundleOut(await repoOf(req).readHistory(typeParam(req), undefined, req.query))
  );
  router.add('GET', `${FHIR_BASE}/:type/:id/_history`, async (req) =>
    bundleOut(await repoOf(req).readHistory(typeParam(req), idParam(req), req.query))
  );
  router.add('GET', `${FHIR_BASE}/:type/:id/_history/:vid`, async (req) => {
    const type = typeParam(req);
    const repo = repoOf(req);
    const resource = await repo.readVersion<any>(type, idParam(req), req.params.vid);
    if (type === 'Binary') {
      if (!wantsFhirJson(req.headers.accept)) return rawBinary(repo, resource, req.params.vid);
      return resourceOut(await withBinaryData(repo, resource));
    }
    return resourceOut(resource);
  });

  const search = async (req: ServerRequest, query: URLSearchParams) =>
    bundleOut(await repoOf(req).search(typeParam(req), query, { asText: true }));
  router.add('GET', `${FHIR_BASE}/:type`, (req) => search(req, req.query));
  router.add('POST', `${FHIR_BASE}/:type/_search`, (req) => {
    const query = new URLSearchParams(req.query);
    if (req.rawBody.length) {
      if (mediaType(req.headers['content-type']) !== 'application/x-www-form-urlencoded') {
        throw unsupportedMediaType('POST _search takes an application/x-www-form-urlencoded body');
      }
      for (const [k, v] of new URLSearchParams(req.rawBody.toString('utf8'))) query.append(k, v);
    }
    return search(req, query);
  });

  router.add('POST', `${FHIR_BASE}/:type`, async (req) => {
    const type = typeParam(req);
    const repo = repoOf(req);
    const assignedId = requestState.get(req)?.assignedId;
    if (type === 'Binary' && isRawBinary(req)) {
      if (requestState.has(req)) throw badRequest('Binary in a Bundle must be a Binary resource');
      const created = await repo.createResource<any>(binaryFromRaw(req));
      return binaryOut(created, 201);
    }
    const body = resourceBody(req, type);
    const { id: _ignored, ...rest } = body;
    const result = await repo.conditionalCreate<any>(rest, { ifNoneExist: req.headers['if-none-exist'], assignedId });
    return type === 'Binary'
      ? binaryOut(result.resource, result.created ? 201 : 200)
      : resourceOut(result.resource, result.created ? 201 : 200);
  });

  router.add('PUT', `${FHIR_BASE}/:type`, async (req) => {
    // Conditional update: PUT Type?search
    const type = typeParam(req);
    if (![...req.query.keys()].length)
      throw badRequest('Conditional update needs search parameters (PUT Type?param=value)');
    const body = resourceBody(req, type);
    const repo = repoOf(req);
    return repo.transaction(async (tx) => {
      const matches = await tx.searchResources<any>(type, toSearchParams(req.query), 2);
      if (matches.length > 1)
        throw preconditionFailed(`Conditional update matched ${matches.length} ${type} resources`);
      if (matches.length === 0) {
        if (body.id) {
          const result = await tx.updateWithOutcome<any>(body, { ifMatch: req.headers['if-match'] });
          return resourceOut(result.resource, result.created ? 201 : 200);
        }
        return resourceOut(await tx.createResource<any>(body), 201);
      }
      const match = matches[0];
      if (body.id && body.id !== match.id)
        throw badRequest(`Resource id ${body.id} does not match the found resource ${match.id}`, 'id');
      const result = await tx.updateWithOutcome<any>({ ...body, id: match.id }, { ifMatch: req.headers['if-match'] });
      return resourceOut(result.resource, result.created ? 201 : 200);
    });
  });

  router.add('GET', `${FHIR_BASE}/:type/:id`, async (req) => {
    const type = typeParam(req);
    const repo = repoOf(req);
    const resource = await repo.readResource<any>(type, idParam(req));
    if (type === 'Binary') {
      if (!wantsFhirJson(req.headers.accept) && !requestState.has(req)) return rawBinary(repo, resource);
      return resourceOut(await withBinaryData(repo, resource));
    }
    return resourceOut(resource);
  });

  router.add('PUT', `${FHIR_BASE}/:type/:id`, async (req) => {
    const type = typeParam(req);
    const id = idParam(req);
    const repo = repoOf(req);
    if (type === 'Binary' && isRawBinary(req)) {
      const result = await repo.updateWithOutcome<any>(binaryFromRaw(req, id), { ifMatch: req.headers['if-match'] });
      return binaryOut(result.resource, result.created ? 201 : 200);
    }
    const body = resourceBody(req, type);
    if (!body.id) throw badRequest('Missing id', 'id');
    if (body.id !== id) throw badRequest(`Resource id ${body.id} does not match the URL id ${id}`, 'id');
    const result = await repo.updateWithOutcome<any>(body, { ifMatch: req.headers['if-match'] });
    return resourceOut(result.resource, result.created ? 201 : 200);
  });

  router.add('PATCH', `${FHIR_BASE}/:type/:id`, async (req) => {
    const type = typeParam(req);
    const id = idParam(req);
    const type_ = mediaType(req.headers['content-type']);
    if (type_ && type_ !== 'application/json-patch+json' && type_ !== 'application/json') {
      throw unsupportedMediaType(`PATCH takes application/json-patch+json, not ${type_}`);
    }
    const ops = req.body;
    if (!Array.isArray(ops)) throw badRequest('PATCH body must be a JSON Patch array');
    return repoOf(req).transaction(async (tx) => {
      const current = await tx.readResource<any>(type, id);
      const ifMatch = req.headers['if-match'];
      let patched: any;
      try {
        const error = jsonpatch.validate(ops as any, current);
        if (error) throw error;
        patched = jsonpatch.applyPatch(structuredClone(current), ops as any, true, false).newDocument;
      } catch (err) {
        throw badRequest(`Invalid JSON Patch: ${(err as Error).message?.split('\n')[0] ?? String(err)}`);
      }
      if (patched?.resourceType !== type || patched?.id !== id)
        throw badRequest('JSON Patch may not change resourceType or id');
      const updated = await tx.updateResource<any>(patched, { ifMatch: ifMatch ?? current.meta?.versionId });
      return resourceOut(updated);
    });
  });

  router.add('DELETE', `${FHIR_BASE}/:type/:id`, async (req) => {
    await repoOf(req).deleteResource(typeParam(req), idParam(req));
    return { status: 200, body: allOkOutcome() };
  });
}

async function rawBinary(repo: Repository, binary: any, versionId?: string): Promise<ServerResponse> {
  const data = (await repo.readBinaryData(binary.id, versionId ?? binary.meta?.versionId)) ?? Buffer.alloc(0);
  const filename = binary.extension?.find((e: any) => e.url === FILENAME_EXTENSION)?.valueString;
  const headers: Record<string, string> = { 'Content-Type': binary.contentType || 'application/octet-stream' };
  if (binary.meta?.versionId) headers.ETag = `W/"${binary.meta.versionId}"`;
  if (filename) headers['Content-Disposition'] = `inline; filename="${String(filename).replace(/["\\\r\n]/g, '_')}"`;
  return { status: 200, body: data, headers };
}

export type { Resource };
