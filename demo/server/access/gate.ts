// The AccessPolicy of a project member applied to every FHIR request (client-layer.md section 6,
// with the library's matcher): the type and interaction are checked before the handler runs,
// and what it answers is filtered after: a resource the rules' compartment or criteria do not
// cover is not found, leaves a search, include, history or $everything Bundle, and hidden fields
// are removed from every resource. Writes are checked on the stored resource inside the
// repository's transaction (access/policy.ts), which also puts back hidden fields and keeps
// read-only fields as they were. Bundle entries are dispatched through the router, so each
// entry passes this gate on its own.
import {
  canPerformInteraction,
  isFieldHidden,
  normalizeFieldPath,
  type AccessPolicy,
} from '../../../src/fhir/access-policy';
import { getSearchParameterDetails } from '../../../src/fhir/search-parameters';
import type { Bundle, Resource } from '../../../src/fhir/types';
import { assertPolicyAllows, policyView, removeHiddenFields } from './access-policy';
import { forbidden, notFound } from '../core/errors';
import { JsonBody } from '../core/json-text';
import type { Middleware, ServerRequest, ServerResponse } from '../http/router';
import { fhirInteraction, type FhirInteraction } from './interaction';
import { memberPolicyLoader, type PolicyContext } from './member-policy';

/** The router middleware; `router.use(accessPolicyGate(ctx))`. */
export function accessPolicyGate(ctx: PolicyContext): Middleware {
  const loadPolicy = memberPolicyLoader(ctx);
  return async (req, next) => {
    if (!req.auth || !req.path.startsWith('/fhir/R4')) return next(req);
    // A Bundle's entries carry the auth of the Bundle's request, policy already attached.
    if (!('accessPolicy' in req.auth)) req.auth = { ...req.auth, accessPolicy: await loadPolicy(req.auth) };
    const policy = req.auth.accessPolicy;
    const target = policy && fhirInteraction(req.method, req.path);
    if (!policy || !target) return next(req);
    for (const type of target.types) assertPolicyAllows(policy, target.interaction, type);
    if (target.interaction === 'search') assertSearchesShownFields(policy, target.types[0]!, req);
    if (target.interaction === 'patch') assertPatchTouchesShownFields(policy, target.types[0]!, req.body);
    return filterResponse(policy, target, await next(req));
  };
}

/** A search by a hidden field would tell its value by what matches: refused. */
function assertSearchesShownFields(policy: AccessPolicy, type: string, req: ServerRequest): void {
  const codes: string[] = [];
  const collect = (params: URLSearchParams) => {
    for (const [key, value] of params) {
      if (key === '_sort') codes.push(...value.split(',').map((c) => c.replace(/^-/, '')));
      else if (!key.startsWith('_')) codes.push(key.split(':')[0]!.split('.')[0]!);
    }
  };
  collect(req.query);
  // POST _search carries the parameters as a form body.
  if (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body)) {
    collect(new URLSearchParams(req.body as Record<string, string>));
  }
  for (const code of codes) {
    const paths = getSearchParameterDetails(type, code)?.paths ?? [];
    if (paths.some((p) => isFieldHidden(policy, type, p.replace(/\[x\]$/, '')))) {
      throw forbidden(`Forbidden: ${type} cannot be searched by ${code}`);
    }
  }
}

/** A JSON Patch may not read (test, copy, move) or write a hidden field. */
function assertPatchTouchesShownFields(policy: AccessPolicy, type: string, body: unknown): void {
  if (!Array.isArray(body)) return;
  for (const op of body as { path?: unknown; from?: unknown }[]) {
    for (const pointer of [op?.path, op?.from]) {
      if (typeof pointer !== 'string') continue;
      const field = pointer
        .split('/')
        .slice(1)
        .filter((part) => !/^(\d+|-)$/.test(part))
        .join('.');
      if (field && isFieldHidden(policy, type, normalizeFieldPath(type, field))) {
        throw forbidden(`Forbidden: ${type}.${field} is not accessible`);
      }
    }
  }
}

function allowed(policy: AccessPolicy, target: FhirInteraction, resource: Resource): boolean {
  return canPerformInteraction(policy, target.interaction, policyView(resource));
}

function filterBundle(policy: AccessPolicy, target: FhirInteraction, bundle: Bundle): Bundle {
  let dropped = false;
  const entry = (bundle.entry ?? []).flatMap((e) => {
    if (!e.resource) return [e];
    if (!allowed(policy, target, e.resource)) {
      dropped = true;
      return [];
    }
    return [{ ...e, resource: removeHiddenFields(policy, e.resource) }];
  });
  const out: Bundle = { ...bundle, entry };
  // A count that includes what the rules leave out would tell how much there is: a narrowed
  // page (or a type whose rules narrow by compartment or criteria) goes without a total.
  const narrowing = (policy.resource ?? []).some(
    (r) => target.types.includes(r.resourceType) && (r.compartment || r.criteria)
  );
  if (dropped || narrowing) delete out.total;
  return out;
}

function filterResponse(policy: AccessPolicy, target: FhirInteraction, response: ServerResponse): ServerResponse {
  if (response.status >= 400 || Buffer.isBuffer(response.body)) return response;
  if (response.body instanceof JsonBody) {
    const parsed = JSON.parse(response.body.text);
    if (parsed?.resourceType !== 'Bundle') return response;
    return { ...response, body: new JsonBody(JSON.stringify(filterBundle(policy, target, parsed))) };
  }
  const body = response.body as Resource | undefined;
  if (!body || typeof body !== 'object' || typeof body.resourceType !== 'string') return response;
  if (body.resourceType === 'Bundle') return { ...response, body: filterBundle(policy, target, body as Bundle) };
  if (body.resourceType === 'OperationOutcome' || body.resourceType === 'Parameters') return response;
  // A resource outside the rules is not found, as one outside the caller's compartment is.
  if ((target.interaction === 'read' || target.interaction === 'vread') && !allowed(policy, target, body)) {
    throw notFound();
  }
  return { ...response, body: removeHiddenFields(policy, body) };
}
