// The one access decision (issue 19): may this caller do this interaction on this type, and on
// this stored resource when one is given; if so, which fields are masked. REST reads, searches
// and their includes, history, $everything, Bundle entries (through the repository), GraphQL,
// websocket notifications and FHIRcast all ask here, so they cannot disagree. It puts together
// what used to be asked in two places: the role, project, compartment and scopes (the
// repository) and the member's AccessPolicy (a middleware that filtered answers afterwards).
// Anything it does not recognise, an interaction, a type or a caller whose policy was never
// loaded, is refused.
import {
  canPerformInteraction,
  type AccessPolicy,
  type AccessPolicyInteraction,
} from '../../../src/fhir/access-policy';
import type { OperationOutcomeError } from '../../../src/fhir/outcomes';
import type { Resource } from '../../../src/fhir/types';
import { forbidden, notFound, unauthorized } from '../core/errors';
import { ResourceJson } from '../core/json-text';
import { SYSTEM, type Caller, type RequestAuth } from '../core/request-auth';
import { isKnownResourceType } from '../core/resource-types';
import type { StoredResource } from '../core/stored-resource';
import { computeCompartments } from './compartment';
import { FieldMask } from './field-mask';
import { readScope } from './policy';
import { scopeAllows, scopeRefusal, type ScopeInteraction } from './scopes';

/** An interaction, in the words of an AccessPolicy. */
export type AccessInteraction = AccessPolicyInteraction;

/** The SMART scope letter each interaction needs. */
const SCOPE_LETTER: Readonly<Record<AccessInteraction, ScopeInteraction>> = {
  read: 'r',
  vread: 'r',
  history: 'r',
  search: 's',
  create: 'c',
  update: 'u',
  patch: 'u',
  delete: 'd',
};

const READS: ReadonlySet<string> = new Set(['read', 'vread', 'history', 'search']);

/** A stored resource the decision is about: its content (object or JSON text) and its compartments column. */
export interface AccessTarget {
  resource: StoredResource | Resource | ResourceJson;
  /** The row's compartments column; worked out from the content when absent. */
  compartments?: readonly string[];
}

/** What the decision answers: refused with the outcome to send, or allowed with the field mask. */
export type AccessDecision = { allow: false; outcome: OperationOutcomeError } | { allow: true; mask: FieldMask };

const ALLOWED: AccessDecision = { allow: true, mask: FieldMask.NONE };
const deny = (outcome: OperationOutcomeError): AccessDecision => ({ allow: false, outcome });

function isInteraction(value: string): value is AccessInteraction {
  return Object.hasOwn(SCOPE_LETTER, value);
}

/** True when the caller's AccessPolicy has been loaded onto it (as undefined when the member has none). */
export function hasLoadedPolicy(caller: RequestAuth): boolean {
  return 'accessPolicy' in caller;
}

/**
 * Decides an interaction. Without `target` it decides the type (before anything is read: a 403
 * when refused) and the mask is the type's (a field counts as hidden when any rule for the type
 * hides it); with `target` it decides that stored resource too (a 404 when refused, so its
 * existence is not told) and the mask is the resource's. Only SYSTEM is the system.
 */
export function decideAccess(caller: Caller, interaction: string, type: string, target?: AccessTarget): AccessDecision {
  if (!isInteraction(interaction)) return deny(forbidden('Forbidden: unknown interaction'));
  if (!isKnownResourceType(type)) return deny(forbidden(`Forbidden: ${type.slice(0, 64)} is not accessible`));
  if (caller === SYSTEM) return ALLOWED;
  // Deny by default: no caller (or anything that is not one) is anonymous, with no rights.
  if (typeof caller !== 'object' || caller === null) return deny(unauthorized());
  if (!hasLoadedPolicy(caller)) return deny(forbidden('Forbidden: the access policy of the caller is not known'));
  const policy = caller.accessPolicy;
  if (policy && !canPerformInteraction(policy, interaction, type)) {
    return deny(forbidden(`Forbidden: the access policy does not allow ${interaction} on ${type}`));
  }
  const scope = READS.has(interaction) ? readScope(caller, type) : undefined;
  if (scope?.kind === 'none') return deny(forbidden(`Forbidden: ${type} is not accessible`));
  if (!scopeAllows(caller, type, SCOPE_LETTER[interaction])) return deny(scopeRefusal(type, SCOPE_LETTER[interaction]));
  if (!target) return policy ? { allow: true, mask: new FieldMask(policy, type) } : ALLOWED;

  const content = target.resource instanceof ResourceJson ? undefined : (target.resource as Resource);
  let parsed: Resource | undefined = content;
  const resource = () => (parsed ??= JSON.parse((target.resource as ResourceJson).text) as Resource);
  const compartments = target.compartments ?? computeCompartments(resource() as unknown as StoredResource);
  if (scope?.kind === 'within' && !scope.required.every((key) => compartments.includes(key))) {
    return deny(notFound());
  }
  if (!policy) return ALLOWED;
  const view = policyView(resource(), compartments);
  if (!canPerformInteraction(policy, interaction, view)) {
    return deny(
      READS.has(interaction)
        ? notFound()
        : forbidden(`Forbidden: the access policy does not allow ${interaction} on this ${type}`)
    );
  }
  return { allow: true, mask: new FieldMask(policy, view) };
}

/**
 * The resource as the policy's matcher sees it: `meta.compartment` holds the compartments the
 * server files it under (its patients and project), which the stored JSON does not carry, so a
 * rule's `compartment` can be checked.
 */
function policyView(resource: Resource, compartments: readonly string[]): Resource {
  const compartment = compartments.map((reference) => ({ reference }));
  return { ...resource, meta: { ...resource.meta, compartment } } as unknown as Resource;
}

/**
 * The mask of a resource the caller has just written, for the answer: the write itself was
 * decided by the write checks (access/policy.ts), which also keep hidden and read-only fields.
 */
export function writtenMask(caller: RequestAuth | undefined, resource: Resource): FieldMask {
  const policy = caller?.accessPolicy;
  if (!policy) return FieldMask.NONE;
  return new FieldMask(policy, policyView(resource, computeCompartments(resource as unknown as StoredResource)));
}

/**
 * True when a count of the type's matches would tell more than the caller sees: a rule for it
 * narrows by compartment or criteria, so a search or history answers without `total`.
 */
export function policyNarrows(caller: RequestAuth | undefined, type: string): boolean {
  const policy: AccessPolicy | undefined = caller?.accessPolicy;
  return !!policy?.resource?.some(
    (r) => (r.resourceType === type || r.resourceType === '*') && Boolean(r.compartment || r.criteria)
  );
}
