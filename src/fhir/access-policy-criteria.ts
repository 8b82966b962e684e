// The search matcher for access-policy `criteria`, apart from the rules so a component can load
// it on demand (see access-policy-rules.ts).
import { matchesSearchRequest } from './match';
import { isOperationOutcomeError } from './outcomes';
import { parseSearchRequest } from './search';
import type { Resource } from './types';

/** True when the resource matches the criteria search; `*?` stands for the resource's own type. */
export function matchesAccessPolicyCriteria(resource: Resource, criteria: string): boolean {
  const text = criteria.startsWith('*?') ? resource.resourceType + criteria.slice(1) : criteria;
  try {
    return matchesSearchRequest(resource, parseSearchRequest(text));
  } catch (error) {
    if (isOperationOutcomeError(error)) {
      console.warn(`Access policy criteria not applied: ${criteria}: ${error.message}`);
      return false;
    }
    throw error;
  }
}
