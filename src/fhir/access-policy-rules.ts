// Access-policy rules without the search matcher. A rule with
// `criteria` needs one: the functions take it as their last argument, and without it such a rule
// never matches, so a missing matcher denies rather than grants. `access-policy.ts` binds the
// library's matcher (what the server and most callers use); a component that shows fields can
// import this module and load the matcher (about 6 KB gzipped: the search parser, its parameter
// table and the matcher) only when the policy in hand has criteria.
//
// Choices the spec leaves open:
// - Field rules (`hiddenFields`, `readonlyFields`) name dotted paths without the resource type;
//   a rule covers the path and all its children; array indices in a checked path are ignored.
// - When several rules apply to a type, a field is hidden only if every rule that grants reading
//   hides it, and read-only only if no rule grants writing it.
// - A criteria that cannot be parsed never matches, so a broken policy denies rather than grants.

import type { ExtendedMeta, Reference, Resource } from './types';

/** Whether a resource matches a rule's `criteria` search (e.g. `Observation?status=final`). */
export type CriteriaMatcher = (resource: Resource, criteria: string) => boolean;

/** True when a rule for the resource's type (or any type) carries criteria, so checking it needs a matcher. */
export function policyNeedsCriteriaMatcher(accessPolicy: AccessPolicy | undefined, resourceType: string): boolean {
  return !!accessPolicy?.resource?.some((rule) => rule.criteria && ruleMatchesResourceType(rule, resourceType));
}
/** The interactions an access policy can allow. */
export type AccessPolicyInteraction =
  'create' | 'read' | 'vread' | 'update' | 'patch' | 'delete' | 'history' | 'search';

/** One rule of an access policy. */
export interface AccessPolicyResource {
  /** The resource type it covers, or '*' for every type but the protected ones. */
  resourceType: string;
  /** Only resources in this compartment (`meta.compartment`). */
  compartment?: Reference;
  /** Only resources that match this search, e.g. `Observation?status=final`; `*?` stands for any type. */
  criteria?: string;
  /** Only read, vread, history and search. */
  readonly?: boolean;
  /** Only these interactions. */
  interaction?: AccessPolicyInteraction[];
  /** Field paths not shown. */
  hiddenFields?: string[];
  /** Field paths shown but not editable. */
  readonlyFields?: string[];
}

/** An access policy: the rules of what a user may do. */
export interface AccessPolicy {
  resourceType: 'AccessPolicy';
  id?: string;
  name?: string;
  resource?: AccessPolicyResource[];
}

/** Interactions a readonly rule allows. */
export const READ_INTERACTIONS: readonly AccessPolicyInteraction[] = ['read', 'vread', 'history', 'search'];

/** Resource types that a '*' rule does not cover. */
export const PROTECTED_RESOURCE_TYPES: readonly string[] = [
  'UserSecurityRequest',
  'Project',
  'ProjectMembership',
  'User',
];

const WRITE_INTERACTIONS: readonly AccessPolicyInteraction[] = ['create', 'update', 'patch', 'delete'];

/** True when the rule covers the resource type: same type, or '*' for an unprotected type. */
export function ruleMatchesResourceType(rule: AccessPolicyResource, resourceType: string): boolean {
  return (
    rule.resourceType === resourceType ||
    (rule.resourceType === '*' && !PROTECTED_RESOURCE_TYPES.includes(resourceType))
  );
}

/** True when the rule allows the interaction (interaction list and readonly flag). */
export function ruleAllowsInteraction(rule: AccessPolicyResource, interaction: AccessPolicyInteraction): boolean {
  if (rule.interaction && !rule.interaction.includes(interaction)) return false;
  if (rule.readonly && !READ_INTERACTIONS.includes(interaction)) return false;
  return true;
}

/**
 * True when the rule applies to the resource (or type) for the interaction. With a type only,
 * compartment and criteria cannot be checked, so the rule counts as possibly applying.
 */
export function matchesAccessPolicyRule(
  rule: AccessPolicyResource,
  interaction: AccessPolicyInteraction,
  resourceOrType: Resource | string,
  matchCriteria?: CriteriaMatcher
): boolean {
  const resourceType = typeof resourceOrType === 'string' ? resourceOrType : resourceOrType.resourceType;
  if (!ruleMatchesResourceType(rule, resourceType) || !ruleAllowsInteraction(rule, interaction)) return false;
  if (typeof resourceOrType === 'string' || resourceType === 'Binary') return true;
  const resource = resourceOrType;
  if (rule.compartment?.reference) {
    const compartments = (resource.meta as ExtendedMeta | undefined)?.compartment;
    if (!compartments?.some((c) => c.reference === rule.compartment?.reference)) return false;
  }
  if (rule.criteria && !matchCriteria?.(resource, rule.criteria)) return false;
  return true;
}

/** The first rule that allows the interaction, or undefined; with no policy, undefined too (see canPerformInteraction). */
export function findAccessPolicyRule(
  accessPolicy: AccessPolicy | undefined,
  interaction: AccessPolicyInteraction,
  resourceOrType: Resource | string,
  matchCriteria?: CriteriaMatcher
): AccessPolicyResource | undefined {
  return accessPolicy?.resource?.find((rule) =>
    matchesAccessPolicyRule(rule, interaction, resourceOrType, matchCriteria)
  );
}

/** True when the policy allows the interaction on the resource or type; no policy allows everything. */
export function canPerformInteraction(
  accessPolicy: AccessPolicy | undefined,
  interaction: AccessPolicyInteraction,
  resourceOrType: Resource | string,
  matchCriteria?: CriteriaMatcher
): boolean {
  if (!accessPolicy) return true;
  return !!findAccessPolicyRule(accessPolicy, interaction, resourceOrType, matchCriteria);
}

/** True when the user may read resources of the type. */
export function canReadResourceType(accessPolicy: AccessPolicy | undefined, resourceType: string): boolean {
  return canPerformInteraction(accessPolicy, 'read', resourceType);
}

/** True when the user may create or update resources of the type. */
export function canWriteResourceType(accessPolicy: AccessPolicy | undefined, resourceType: string): boolean {
  return (
    canPerformInteraction(accessPolicy, 'create', resourceType) ||
    canPerformInteraction(accessPolicy, 'update', resourceType)
  );
}

/** True when the user may read this resource. */
export function canReadResource(
  accessPolicy: AccessPolicy | undefined,
  resource: Resource,
  matchCriteria?: CriteriaMatcher
): boolean {
  return canPerformInteraction(accessPolicy, 'read', resource, matchCriteria);
}

/** True when the user may update this resource. */
export function canWriteResource(
  accessPolicy: AccessPolicy | undefined,
  resource: Resource,
  matchCriteria?: CriteriaMatcher
): boolean {
  return canPerformInteraction(accessPolicy, 'update', resource, matchCriteria);
}

/** A field path with the resource type prefix and array indices removed: `Patient.name[0].given` → `name.given`. */
export function normalizeFieldPath(resourceType: string, path: string): string {
  const clean = path.replace(/\[\d*\]/g, '');
  return clean.startsWith(resourceType + '.') ? clean.slice(resourceType.length + 1) : clean;
}

function covers(fields: readonly string[] | undefined, path: string): boolean {
  return !!fields?.some((field) => path === field || path.startsWith(field + '.'));
}

function readRules(
  accessPolicy: AccessPolicy,
  resourceOrType: Resource | string,
  matchCriteria: CriteriaMatcher | undefined
): AccessPolicyResource[] {
  return (accessPolicy.resource ?? []).filter((rule) =>
    matchesAccessPolicyRule(rule, 'read', resourceOrType, matchCriteria)
  );
}

function hiddenBy(rules: AccessPolicyResource[], field: string): boolean {
  return rules.every((rule) => covers(rule.hiddenFields, field));
}

function readonlyBy(rules: AccessPolicyResource[], field: string): boolean {
  return !rules.some(
    (rule) =>
      WRITE_INTERACTIONS.some((i) => ruleAllowsInteraction(rule, i)) &&
      !covers(rule.hiddenFields, field) &&
      !covers(rule.readonlyFields, field)
  );
}

/**
 * The field rules of a type, without reading any resource: every rule for the type that allows
 * reading counts (compartment and criteria are the server's to check). For forms, which need
 * no search matcher this way.
 */
export function getTypeFieldAccess(accessPolicy: AccessPolicy | undefined, resourceType: string) {
  const rules = (accessPolicy?.resource ?? []).filter(
    (rule) => ruleMatchesResourceType(rule, resourceType) && ruleAllowsInteraction(rule, 'read')
  );
  const field = (path: string) => normalizeFieldPath(resourceType, path);
  return {
    /** True when the field (and so all its children) is hidden. */
    isHidden: (path: string) => !!accessPolicy && hiddenBy(rules, field(path)),
    /** True when the field is shown but may not be changed. */
    isReadonly: (path: string) => !!accessPolicy && readonlyBy(rules, field(path)),
  };
}

/** True when the field (and so all its children) is hidden from the user. */
export function isFieldHidden(
  accessPolicy: AccessPolicy | undefined,
  resourceOrType: Resource | string,
  path: string,
  matchCriteria?: CriteriaMatcher
): boolean {
  if (!accessPolicy) return false;
  const resourceType = typeof resourceOrType === 'string' ? resourceOrType : resourceOrType.resourceType;
  return hiddenBy(readRules(accessPolicy, resourceOrType, matchCriteria), normalizeFieldPath(resourceType, path));
}

/** True when the field is shown but may not be changed (hidden fields are read-only too). */
export function isFieldReadonly(
  accessPolicy: AccessPolicy | undefined,
  resourceOrType: Resource | string,
  path: string,
  matchCriteria?: CriteriaMatcher
): boolean {
  if (!accessPolicy) return false;
  const resourceType = typeof resourceOrType === 'string' ? resourceOrType : resourceOrType.resourceType;
  return readonlyBy(readRules(accessPolicy, resourceOrType, matchCriteria), normalizeFieldPath(resourceType, path));
}
