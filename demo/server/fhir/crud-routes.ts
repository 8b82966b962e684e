// Create, read (current and a version), update (plain and conditional), JSON Patch and delete
// of any storable type.
import type { Operation } from 'fast-json-patch';
import { allOkOutcome } from '../../../src/fhir/outcomes';
import { badRequest, preconditionFailed, unsupportedMediaType } from '../core/errors';
import type { StoredResource } from '../core/stored-resource';
import { mediaType } from '../http/server';
import { toSearchParams } from '../store/repository';
import { applyPatchWithinSize, assertResourceSize } from './resource-size';
import {
  FHIR_BASE,
  bundleEntryState,
  idParam,
  ifMatchOf,
  resourceBody,
  resourceResponse,
  typeParam,
  type FhirArea,
} from './route-kit';

/** POST, PUT (also PUT Type?search), PATCH, GET and DELETE on /{type} and /{type}/{id}; GET of a version. */
export const crudRoutes: FhirArea = (fhir) => {
  const { router, repoOf } = fhir;
  const { maxResourceBytes } = fhir.ctx;

  router.add('POST', `${FHIR_BASE}/:type`, async (req) => {
    const type = typeParam(req);
    assertResourceSize(req, maxResourceBytes);
    const { id: _ignored, ...body } = resourceBody(req.body, type);
    const result = await repoOf(req).conditionalCreate<StoredResource>(body, {
      ifNoneExist: req.headers['if-none-exist'],
      assignedId: bundleEntryState(req)?.assignedId,
    });
    return resourceResponse(fhir, result.resource, result.created ? 201 : 200);
  });

  router.add('PUT', `${FHIR_BASE}/:type`, async (req) => {
    // Conditional update: PUT Type?search
    const type = typeParam(req);
    if (![...req.query.keys()].length)
      throw badRequest('Conditional update needs search parameters (PUT Type?param=value)');
    assertResourceSize(req, maxResourceBytes);
    const body = resourceBody(req.body, type);
    const ifMatch = ifMatchOf(req);
    const query = toSearchParams(req.query);
    return repoOf(req).transaction(async (tx) => {
      // Under the search's lock: two racing conditional updates that match nothing create one.
      const matches = await tx.findConditional<StoredResource>(body, query);
      if (matches.length > 1)
        throw preconditionFailed(`Conditional update matched ${matches.length} ${type} resources`);
      const match = matches[0];
      if (!match && ifMatch !== undefined)
        throw preconditionFailed(`Precondition failed: no ${type} matches ${query}, If-Match asked for ${ifMatch}`);
      if (!match && !body.id) return resourceResponse(fhir, await tx.createResource(body), 201);
      if (match && body.id && body.id !== match.id)
        throw badRequest(`Resource id ${body.id} does not match the found resource ${match.id}`, 'id');
      const result = await tx.updateWithOutcome(match ? { ...body, id: match.id } : body, { ifMatch });
      return resourceResponse(fhir, result.resource, result.created ? 201 : 200);
    });
  });

  router.add('GET', `${FHIR_BASE}/:type/:id`, async (req) =>
    resourceResponse(fhir, await repoOf(req).readResource<StoredResource>(typeParam(req), idParam(req)))
  );

  router.add('GET', `${FHIR_BASE}/:type/:id/_history/:vid`, async (req) =>
    resourceResponse(fhir, await repoOf(req).readVersion<StoredResource>(typeParam(req), idParam(req), req.params.vid))
  );

  router.add('PUT', `${FHIR_BASE}/:type/:id`, async (req) => {
    const type = typeParam(req);
    const id = idParam(req);
    assertResourceSize(req, maxResourceBytes);
    const body = resourceBody(req.body, type);
    if (!body.id) throw badRequest('Missing id', 'id');
    if (body.id !== id) throw badRequest(`Resource id ${body.id} does not match the URL id ${id}`, 'id');
    const result = await repoOf(req).updateWithOutcome(body, { ifMatch: ifMatchOf(req) });
    return resourceResponse(fhir, result.resource, result.created ? 201 : 200);
  });

  router.add('PATCH', `${FHIR_BASE}/:type/:id`, async (req) => {
    const type = typeParam(req);
    const id = idParam(req);
    const contentType = mediaType(req.headers['content-type']);
    if (contentType && contentType !== 'application/json-patch+json' && contentType !== 'application/json') {
      throw unsupportedMediaType(`PATCH takes application/json-patch+json, not ${contentType}`);
    }
    if (!Array.isArray(req.body)) throw badRequest('PATCH body must be a JSON Patch array');
    const ifMatch = ifMatchOf(req);
    // Each op is checked as it is applied (applyPatchWithinSize).
    const ops = req.body as Operation[];
    return repoOf(req).transaction(async (tx) => {
      const current = await tx.readResource<StoredResource>(type, id);
      const patched = applyPatchWithinSize(current, ops, maxResourceBytes);
      if (patched?.resourceType !== type || patched?.id !== id)
        throw badRequest('JSON Patch may not change resourceType or id');
      // Without If-Match, the version the patch was applied to: a write in between gives 412.
      return resourceResponse(fhir, await tx.updateResource(patched, { ifMatch: ifMatch ?? current.meta?.versionId }));
    });
  });

  router.add('DELETE', `${FHIR_BASE}/:type/:id`, async (req) => {
    await repoOf(req).deleteResource(typeParam(req), idParam(req), { ifMatch: ifMatchOf(req) });
    return { status: 200, body: allOkOutcome() };
  });
};
