// Operations: $validate on any type, ValueSet/$expand, Patient/$everything, and the
// CapabilityStatement (metadata, no token needed).
import { allOkOutcome } from '../../../src/fhir/outcomes';
import { isJsonObject } from '../core/stored-resource';
import type { ServerRequest, ServerResponse } from '../http/router';
import { validateResource } from '../store/validate';
import { capabilityStatement } from './capability';
import { expandParamsFrom, expandValueSet } from './expand';
import { FHIR_BASE, bundleResponse, idParam, resourceBody, typeParam, type FhirArea } from './route-kit';

/** The named parameter of a Parameters resource, if the body is one. */
function parameters(body: unknown): { name?: unknown; resource?: unknown; [value: string]: unknown }[] | undefined {
  if (!isJsonObject(body) || body.resourceType !== 'Parameters') return undefined;
  return Array.isArray(body.parameter) ? body.parameter : [];
}

/** GET metadata. */
export const metadataRoutes: FhirArea = (fhir) => {
  fhir.router.add('GET', `${FHIR_BASE}/metadata`, async () => ({
    status: 200,
    body: capabilityStatement(fhir.ctx.baseUrl),
  }));
};

/** POST /{type}/$validate: the resource alone or in Parameters.resource. */
export const validateRoutes: FhirArea = (fhir) => {
  fhir.router.add('POST', `${FHIR_BASE}/:type/$validate`, async (req) => {
    const type = typeParam(req);
    const posted = parameters(req.body);
    const resource = posted ? posted.find((p) => p?.name === 'resource')?.resource : req.body;
    resourceBody(resource, type);
    const issues = validateResource(resource);
    if (issues.length) return { status: 400, body: { resourceType: 'OperationOutcome', issue: issues } };
    return { status: 200, body: allOkOutcome() };
  });
};

/** ValueSet/$expand, by url (GET or POST Parameters) or by id. */
export const valueSetRoutes: FhirArea = (fhir) => {
  const expand = async (req: ServerRequest, id?: string): Promise<ServerResponse> => {
    let query = req.query;
    const posted = req.method === 'POST' ? parameters(req.body) : undefined;
    if (posted) {
      query = new URLSearchParams(query);
      for (const p of posted) {
        const v = p.valueUri ?? p.valueString ?? p.valueInteger ?? p.valueCode;
        if (typeof p.name === 'string' && v !== undefined) query.set(p.name, String(v));
      }
    }
    return {
      status: 200,
      body: await expandValueSet(fhir.repoOf(req), { ...expandParamsFrom(query), ...(id ? { id } : {}) }),
    };
  };
  fhir.router.add('GET', `${FHIR_BASE}/ValueSet/$expand`, (req) => expand(req));
  fhir.router.add('POST', `${FHIR_BASE}/ValueSet/$expand`, (req) => expand(req));
  fhir.router.add('GET', `${FHIR_BASE}/ValueSet/:id/$expand`, (req) => expand(req, idParam(req)));
};

/** Patient/{id}/$everything. */
export const everythingRoutes: FhirArea = (fhir) => {
  fhir.router.add('GET', `${FHIR_BASE}/Patient/:id/$everything`, async (req) =>
    bundleResponse(fhir, await fhir.repoOf(req).patientEverything(idParam(req), req.query, { asText: true }))
  );
};
