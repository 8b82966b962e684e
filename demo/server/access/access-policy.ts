// A project member's AccessPolicy on the server, with the library's matcher (src/fhir/access-policy.ts)
// so the server and the client agree: which types and interactions a rule allows (readonly,
// interaction list, '*' without the protected types), compartment and criteria (skipped for
// Binary), fields hidden from every response, and read-only fields a write may not change.
// A policy is checked when it is stored, so a malformed one is refused with a 400 saying why.
import {
  canPerformInteraction,
  isFieldHidden,
  isFieldReadonly,
  type AccessPolicy,
  type AccessPolicyInteraction,
  type AccessPolicyResource,
} from '../../../src/fhir/access-policy';
import { parseSearchRequest } from '../../../src/fhir/search';
import type { Resource } from '../../../src/fhir/types';
import { badRequest, forbidden } from '../core/errors';
import { isKnownResourceType } from '../core/resource-types';
import { isJsonObject } from '../core/stored-resource';

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

/** The field paths the rules of a type mention, hidden or read-only, in a stable order. */
function fieldPaths(policy: AccessPolicy, type: string, key: 'hiddenFields' | 'readonlyFields'): string[] {
  const rules = (policy.resource ?? []).filter(
    (r: AccessPolicyResource) => r.resourceType === type || r.resourceType === '*'
  );
  return [...new Set(rules.flatMap((r) => r[key] ?? []))];
}

/** A copy of the resource without the fields the policy hides (every array item included). */
export function removeHiddenFields<T extends Resource>(policy: AccessPolicy | undefined, resource: T): T {
  if (!policy) return resource;
  const hidden = fieldPaths(policy, resource.resourceType, 'hiddenFields').filter((p) =>
    isFieldHidden(policy, resource, p)
  );
  if (!hidden.length) return resource;
  const copy = structuredClone(resource);
  for (const path of hidden) deletePath(copy as unknown as Record<string, unknown>, path.split('.'));
  return copy;
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

/** The written resource with the hidden top-level elements of the stored one put back (the client could not send them); nested hidden paths are not restored. */
export function restoreHiddenFields<T extends Resource>(policy: AccessPolicy | undefined, before: T, after: T): T {
  if (!policy) return after;
  const copy = structuredClone(after) as Record<string, unknown>;
  for (const path of fieldPaths(policy, after.resourceType, 'hiddenFields')) {
    if (!isFieldHidden(policy, before, path) || path.includes('.')) continue;
    const value = (before as unknown as Record<string, unknown>)[path];
    if (value === undefined) delete copy[path];
    else copy[path] = structuredClone(value);
  }
  return copy as T;
}
