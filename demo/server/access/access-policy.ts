// A project member's AccessPolicy on the server, with the library's matcher (src/fhir/access-policy.ts)
// so the server and the client agree: which types and interactions a rule allows (readonly,
// interaction list, '*' without the protected types), compartment and criteria (skipped for
// Binary), fields hidden from every response, and read-only fields a write may not change.
// A policy is checked when it is stored, so a malformed one is refused with a 400 saying why.
import {
  canPerformInteraction,
  isFieldHidden,
  isFieldReadonly,
  normalizeFieldPath,
  ruleMatchesResourceType,
  type AccessPolicy,
  type AccessPolicyInteraction,
  type AccessPolicyResource,
} from '../../../src/fhir/access-policy';
import { parseSearchRequest } from '../../../src/fhir/search';
import type { Resource } from '../../../src/fhir/types';
import { badRequest, forbidden } from '../core/errors';
import { isKnownResourceType } from '../core/resource-types';
import { computeCompartments } from './compartment';
import { isJsonObject, type StoredResource } from '../core/stored-resource';

const INTERACTIONS: readonly AccessPolicyInteraction[] = [
  'create',
  'read',
  'vread',
  'update',
  'patch',
  'delete',
  'history',
  'search',
];
const MAX_RULES = 200;
const MAX_FIELDS = 100;
const MAX_TEXT = 256;
// A dotted element path: names of letters and digits, at most 16 levels. Bounded and linear.
const FIELD_PATH = /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*){0,15}$/;
const REFERENCE = /^[A-Z][A-Za-z]*\/[A-Za-z0-9\-.]{1,64}$/;

/** Throws a 400 OperationOutcome naming the first malformed part of an AccessPolicy; returns it typed otherwise. */
export function validateAccessPolicy(value: unknown): AccessPolicy {
  if (!isJsonObject(value) || value.resourceType !== 'AccessPolicy') {
    throw badRequest('Invalid AccessPolicy: resourceType must be AccessPolicy', 'AccessPolicy');
  }
  const rules: unknown = value.resource;
  if (rules === undefined) return value as unknown as AccessPolicy;
  if (!Array.isArray(rules) || rules.length > MAX_RULES) {
    throw badRequest(
      `Invalid AccessPolicy: resource must be a list of at most ${MAX_RULES} rules`,
      'AccessPolicy.resource'
    );
  }
  rules.forEach((rule, i) => validateRule(rule, `AccessPolicy.resource[${i}]`));
  return value as unknown as AccessPolicy;
}

function validateRule(rule: unknown, at: string): void {
  const fail = (text: string, field: string) => {
    throw badRequest(`Invalid AccessPolicy: ${text}`, `${at}.${field}`);
  };
  if (typeof rule !== 'object' || rule === null) fail('a rule must be an object', 'resourceType');
  const r = rule as Record<string, unknown>;
  if (typeof r.resourceType !== 'string' || (r.resourceType !== '*' && !isKnownResourceType(r.resourceType))) {
    fail(`unknown resource type ${JSON.stringify(String(r.resourceType).slice(0, 64))}`, 'resourceType');
  }
  if (r.readonly !== undefined && typeof r.readonly !== 'boolean') fail('readonly must be true or false', 'readonly');
  if (r.interaction !== undefined) {
    if (!Array.isArray(r.interaction) || r.interaction.length > INTERACTIONS.length) {
      fail('interaction must be a list of interactions', 'interaction');
    }
    (r.interaction as unknown[]).forEach((x, j) => {
      if (!INTERACTIONS.includes(x as AccessPolicyInteraction)) {
        fail(`unknown interaction ${JSON.stringify(String(x).slice(0, 32))}`, `interaction[${j}]`);
      }
    });
  }
  if (r.compartment !== undefined) {
    const ref = (r.compartment as { reference?: unknown } | null)?.reference;
    if (typeof ref !== 'string' || ref.length > 80 || !REFERENCE.test(ref)) {
      fail('compartment must be a reference such as Patient/123', 'compartment');
    }
  }
  if (r.criteria !== undefined) {
    if (typeof r.criteria !== 'string' || r.criteria.length > MAX_TEXT || !r.criteria.includes('?')) {
      fail('criteria must be a search such as Observation?status=final', 'criteria');
    }
    const criteria = r.criteria as string;
    const type = criteria.slice(0, criteria.indexOf('?'));
    if (type !== '*' && type !== r.resourceType) fail("criteria must search the rule's resource type", 'criteria');
    try {
      parseSearchRequest(type === '*' ? `Patient${criteria.slice(1)}` : criteria);
    } catch (error) {
      fail(`criteria cannot be parsed: ${error instanceof Error ? error.message : String(error)}`, 'criteria');
    }
  }
  for (const key of ['hiddenFields', 'readonlyFields'] as const) {
    const fields = r[key];
    if (fields === undefined) continue;
    if (!Array.isArray(fields) || fields.length > MAX_FIELDS) fail(`${key} must be a list of field paths`, key);
    (fields as unknown[]).forEach((f, j) => {
      if (typeof f !== 'string' || f.length > MAX_TEXT || !FIELD_PATH.test(f)) {
        fail(`${key} entries must be element paths such as telecom or name.given`, `${key}[${j}]`);
      }
    });
  }
}

/** Throws 403 unless the policy allows the interaction on the resource (or, before it is read, the type). */
export function assertPolicyAllows(
  policy: AccessPolicy | undefined,
  interaction: AccessPolicyInteraction,
  resourceOrType: Resource | string
): void {
  if (canPerformInteraction(policy, interaction, resourceOrType)) return;
  const type = typeof resourceOrType === 'string' ? resourceOrType : resourceOrType.resourceType;
  throw forbidden(`Forbidden: the access policy does not allow ${interaction} on ${type}`);
}

/**
 * The resource as the matcher sees it: `meta.compartment` holds the compartments the server
 * files it under (the compartments column: its patients and project), which the stored JSON
 * does not carry, so a rule's `compartment` can be checked.
 */
export function policyView<T extends Resource>(resource: T): T {
  const compartment = computeCompartments(resource as unknown as StoredResource).map((reference) => ({ reference }));
  return { ...resource, meta: { ...resource.meta, compartment } } as T;
}

/**
 * Checks a write against the policy: the rule for the interaction must cover the resource as
 * it was (`before`, undefined for a create) and as it will be; hidden fields the client never
 * saw are put back into `after` in place (it is the object the repository stores); read-only
 * fields must come out unchanged. An update checks 'update' or 'patch' here: the route has
 * already checked the exact interaction for the type (PUT is an update, PATCH a patch).
 */
export function assertPolicyAllowsWrite(
  policy: AccessPolicy | undefined,
  interaction: 'create' | 'update' | 'delete',
  before: Resource | undefined,
  after: Resource | undefined
): void {
  if (!policy) return;
  const allows = (resource: Resource) =>
    interaction === 'update'
      ? canPerformInteraction(policy, 'update', resource) || canPerformInteraction(policy, 'patch', resource)
      : canPerformInteraction(policy, interaction, resource);
  for (const resource of [before, after]) {
    if (resource && !allows(policyView(resource))) {
      throw forbidden(`Forbidden: the access policy does not allow ${interaction} on this ${resource.resourceType}`);
    }
  }
  if (!after) return;
  if (before) putBackHiddenFields(policy, before, after);
  assertReadonlyFieldsUnchanged(policy, before, after);
}

/** The field paths the rules of a type mention, hidden or read-only, in a stable order. */
function fieldPaths(policy: AccessPolicy, type: string, key: 'hiddenFields' | 'readonlyFields'): string[] {
  const rules = (policy.resource ?? []).filter(
    (r: AccessPolicyResource) => r.resourceType === type || r.resourceType === '*'
  );
  return [...new Set(rules.flatMap((r) => r[key] ?? []))];
}

/**
 * The field paths the policy hides on this resource (its rules' compartment and criteria
 * checked), or, given a type, those any rule for the type hides: before a resource is read, a
 * field counts as hidden when a rule that may apply hides it.
 */
export function hiddenFieldPaths(policy: AccessPolicy, subject: Resource | string): string[] {
  if (typeof subject === 'string') {
    return [
      ...new Set(
        (policy.resource ?? [])
          .filter((r) => ruleMatchesResourceType(r, subject))
          .flatMap((r) => r.hiddenFields ?? [])
          .map((f) => normalizeFieldPath(subject, f))
      ),
    ];
  }
  return fieldPaths(policy, subject.resourceType, 'hiddenFields').filter((p) => isFieldHidden(policy, subject, p));
}

/** The field paths the policy shows on this resource (or type) but lets no write change. */
export function readonlyFieldPaths(policy: AccessPolicy, subject: Resource | string): string[] {
  const type = typeof subject === 'string' ? subject : subject.resourceType;
  return fieldPaths(policy, type, 'readonlyFields').filter(
    (p) => isFieldReadonly(policy, subject, p) && !isFieldHidden(policy, subject, p)
  );
}

/** A copy of the resource without these fields (every array item included); the same object when there are none. */
export function removeFields<T extends Resource>(resource: T, paths: readonly string[]): T {
  if (!paths.length) return resource;
  const copy = structuredClone(resource);
  for (const path of paths) deletePath(copy as unknown as Record<string, unknown>, path.split('.'));
  return copy;
}

/** A copy of the resource without the fields the policy hides (every array item included). */
export function removeHiddenFields<T extends Resource>(policy: AccessPolicy | undefined, resource: T): T {
  if (!policy) return resource;
  return removeFields(resource, hiddenFieldPaths(policy, resource));
}

function deletePath(node: unknown, parts: string[]): void {
  if (Array.isArray(node)) {
    for (const item of node) deletePath(item, parts);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const [head, ...rest] = parts as [string, ...string[]];
  if (!rest.length) delete (node as Record<string, unknown>)[head];
  else deletePath((node as Record<string, unknown>)[head], rest);
}

function valuesAt(node: unknown, parts: string[]): unknown[] {
  if (Array.isArray(node)) return node.flatMap((item) => valuesAt(item, parts));
  if (!parts.length) return node === undefined ? [] : [node];
  if (typeof node !== 'object' || node === null) return [];
  const [head, ...rest] = parts as [string, ...string[]];
  return valuesAt((node as Record<string, unknown>)[head], rest);
}

/**
 * Throws 403 when a write changes a field the policy makes read-only (or hidden); `before` is
 * undefined for a create, where such fields must be absent. Hidden fields the client never saw
 * are put back from `before` by the caller with {@link restoreHiddenFields} first.
 */
export function assertReadonlyFieldsUnchanged(
  policy: AccessPolicy | undefined,
  before: Resource | undefined,
  after: Resource
): void {
  if (!policy) return;
  const paths = [
    ...fieldPaths(policy, after.resourceType, 'readonlyFields'),
    ...fieldPaths(policy, after.resourceType, 'hiddenFields'),
  ];
  for (const path of paths) {
    if (!isFieldReadonly(policy, after, path)) continue;
    const parts = path.split('.');
    if (JSON.stringify(valuesAt(before, parts)) !== JSON.stringify(valuesAt(after, parts))) {
      throw forbidden(`Forbidden: ${after.resourceType}.${path} is read-only`);
    }
  }
}

/**
 * Puts back into `after`, in place, the hidden fields of the stored `before` that the client
 * never saw and so could not send. Lists are walked item by item when both have the same length
 * (an edited list keeps its items in place); a list the client resized keeps what it sent, and
 * assertReadonlyFieldsUnchanged then refuses it if a hidden value went missing.
 */
export function putBackHiddenFields(policy: AccessPolicy | undefined, before: Resource, after: Resource): void {
  if (!policy) return;
  for (const path of fieldPaths(policy, after.resourceType, 'hiddenFields')) {
    if (isFieldHidden(policy, before, path)) putBack(before, after, path.split('.'));
  }
}

function putBack(before: unknown, after: unknown, parts: string[]): void {
  if (Array.isArray(before) || Array.isArray(after)) {
    if (!Array.isArray(before) || !Array.isArray(after) || before.length !== after.length) return;
    before.forEach((item, i) => putBack(item, after[i], parts));
    return;
  }
  if (typeof before !== 'object' || before === null || typeof after !== 'object' || after === null) return;
  const [head, ...rest] = parts as [string, ...string[]];
  const from = before as Record<string, unknown>;
  const to = after as Record<string, unknown>;
  if (rest.length) putBack(from[head], to[head], rest);
  else if (from[head] === undefined) delete to[head];
  else to[head] = structuredClone(from[head]);
}

/** A copy of the written resource with the stored resource's hidden fields put back (see {@link putBackHiddenFields}). */
export function restoreHiddenFields<T extends Resource>(policy: AccessPolicy | undefined, before: T, after: T): T {
  const copy = structuredClone(after);
  putBackHiddenFields(policy, before, copy);
  return copy;
}
