// Access-policy matching with the library's search matcher bound in.
// The server enforces policies; the client uses the same rules to hide what the user may not see
// or change, so the two must agree. The rules themselves are in access-policy-rules.ts; the
// matcher for `criteria` in access-policy-criteria.ts.

import { matchesAccessPolicyCriteria } from './access-policy-criteria';
import * as rules from './access-policy-rules';
import type { AccessPolicy, AccessPolicyInteraction, AccessPolicyResource } from './access-policy-rules';
import type { Resource } from './types';

export {
  canReadResourceType,
  canWriteResourceType,
  getTypeFieldAccess,
  normalizeFieldPath,
  policyNeedsCriteriaMatcher,
  PROTECTED_RESOURCE_TYPES,
  READ_INTERACTIONS,
  ruleAllowsInteraction,
  ruleMatchesResourceType,
  type AccessPolicy,
  type AccessPolicyInteraction,
  type AccessPolicyResource,
  type CriteriaMatcher,
} from './access-policy-rules';
export { matchesAccessPolicyCriteria } from './access-policy-criteria';

/**
 * True when the rule applies to the resource (or type) for the interaction. With a type only,
 * compartment and criteria cannot be checked, so the rule counts as possibly applying.
 */
export function matchesAccessPolicyRule(
  rule: AccessPolicyResource,
  interaction: AccessPolicyInteraction,
  resourceOrType: Resource | string
): boolean {
  return rules.matchesAccessPolicyRule(rule, interaction, resourceOrType, matchesAccessPolicyCriteria);
}

/** The first rule that allows the interaction, or undefined; with no policy, undefined too (see canPerformInteraction). */
export function findAccessPolicyRule(
  accessPolicy: AccessPolicy | undefined,
  interaction: AccessPolicyInteraction,
  resourceOrType: Resource | string
): AccessPolicyResource | undefined {
  return rules.findAccessPolicyRule(accessPolicy, interaction, resourceOrType, matchesAccessPolicyCriteria);
}

/** True when the policy allows the interaction on the resource or type; no policy allows everything. */
export function canPerformInteraction(
  accessPolicy: AccessPolicy | undefined,
  interaction: AccessPolicyInteraction,
  resourceOrType: Resource | string
): boolean {
  return rules.canPerformInteraction(accessPolicy, interaction, resourceOrType, matchesAccessPolicyCriteria);
}

/** True when the user may read this resource. */
export function canReadResource(accessPolicy: AccessPolicy | undefined, resource: Resource): boolean {
  return rules.canReadResource(accessPolicy, resource, matchesAccessPolicyCriteria);
}

/** True when the user may update this resource. */
export function canWriteResource(accessPolicy: AccessPolicy | undefined, resource: Resource): boolean {
  return rules.canWriteResource(accessPolicy, resource, matchesAccessPolicyCriteria);
}

/** True when the field (and so all its children) is hidden from the user. */
export function isFieldHidden(
  accessPolicy: AccessPolicy | undefined,
  resourceOrType: Resource | string,
  path: string
): boolean {
  return rules.isFieldHidden(accessPolicy, resourceOrType, path, matchesAccessPolicyCriteria);
}

/** True when the field is shown but may not be changed (hidden fields are read-only too). */
export function isFieldReadonly(
  accessPolicy: AccessPolicy | undefined,
  resourceOrType: Resource | string,
  path: string
): boolean {
  return rules.isFieldReadonly(accessPolicy, resourceOrType, path, matchesAccessPolicyCriteria);
}
