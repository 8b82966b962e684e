/**
 * Who may use a FHIRcast topic, in one function so the server's single access decision can take
 * it over later.
 *
 * Ownership is in the name. `staff-{id}` belongs to the member whose profile is
 * Practitioner/{id}, `patient-{id}` to the one whose profile is Patient/{id}; either may carry a
 * label, `staff-{id}_{label}`, for more than one session of the same person. The owner is known
 * from the name alone, so every server process agrees without a shared registry, and nobody can
 * claim another person's topic before they first use it (recording the first user would let
 * anyone squat `staff-{doctorId}`). A FHIR id never holds `_`, so the split is unambiguous.
 *
 * Then the caller must be allowed to read what the context carries:
 * - the membership's AccessPolicy must allow `read` on each resource type (a Bundle's entries
 *   count, the Bundle itself does not; OperationOutcome, syncerror's, is no one's data);
 * - a token with SMART resource scopes needs read on each type (scopes only narrow: a
 *   first-party session without resource scopes, the portal's `openid profile`, is not narrowed);
 * - a token holding FHIRcast scopes (`fhircast/{event}.read|write|*`, FHIRcast STU3 section 2.3)
 *   needs the one for the event: read to subscribe and read, write to publish.
 * On subscribe the types are the ones each event must carry (its optional keys are checked on
 * delivery, with the context at hand); on publish, read and delivery, the types the context holds.
 */
import { canPerformInteraction, type AccessPolicy } from '../../../src/fhir/access-policy';
import {
  FHIRCAST_EVENT_CONTEXT,
  type FhircastContextEntry,
  type FhircastEventName,
} from '../../../src/fhir/fhircast-events';
import { scopeAllows } from '../access/scopes';
import type { RequestAuth } from '../core/request-auth';

/** What is asked of a topic: follow it (subscribe, and each delivery), publish to it, read its context. */
export type TopicAction = 'subscribe' | 'publish' | 'read';

/** One question to decideTopicAccess. */
export interface TopicAccessRequest {
  auth: RequestAuth;
  /** The membership's AccessPolicy; undefined: none, the role alone decides. */
  policy: AccessPolicy | undefined;
  topic: string;
  action: TopicAction;
  /** subscribe: the events asked for; publish and read: the event at hand (none for an empty context). */
  events: readonly FhircastEventName[];
  /** publish, read and delivery: the context itself. */
  context?: readonly FhircastContextEntry[];
}

/** The answer: allowed, or why not (the 403's text). */
export type TopicDecision = { allowed: true } | { allowed: false; reason: string };

/** Topic name prefixes and the profile type that owns them. */
const OWNER_TYPES: Record<string, string> = { staff: 'Practitioner', patient: 'Patient' };
const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;
const LABEL = /^[A-Za-z0-9-]{1,64}$/;
/** Types whose read says nothing about a person: the container and the error report. */
const NOT_DATA = new Set(['Bundle', 'OperationOutcome']);

/** The profile a topic name belongs to ('Practitioner/{id}'), or undefined when the name names no one. */
export function topicOwner(topic: string): string | undefined {
  // Bounded before any pattern: the longest owned name is prefix, id, '_' and label.
  if (topic.length > 8 + 1 + 64 + 1 + 64) return undefined;
  const dash = topic.indexOf('-');
  const prefix = dash > 0 ? topic.slice(0, dash) : '';
  if (!Object.hasOwn(OWNER_TYPES, prefix)) return undefined;
  const type = OWNER_TYPES[prefix];
  const rest = topic.slice(dash + 1);
  const underscore = rest.indexOf('_');
  const id = underscore < 0 ? rest : rest.slice(0, underscore);
  if (!FHIR_ID.test(id)) return undefined;
  if (underscore >= 0 && !LABEL.test(rest.slice(underscore + 1))) return undefined;
  return `${type}/${id}`;
}

/** The resource types a context carries, a Bundle's entries in its place. */
function contextTypes(context: readonly FhircastContextEntry[]): Set<string> {
  const types = new Set<string>();
  const add = (resource: { resourceType: string; [key: string]: unknown }) => {
    types.add(resource.resourceType);
    if (resource.resourceType !== 'Bundle' || !Array.isArray(resource.entry)) return;
    for (const entry of resource.entry as unknown[]) {
      const inner = (entry as { resource?: { resourceType?: unknown } } | null)?.resource?.resourceType;
      // An entry whose type cannot be read is someone's data all the same: no reader may pass it.
      types.add(typeof inner === 'string' ? inner : '');
    }
  };
  for (const entry of context) {
    if ('resources' in entry) entry.resources.forEach(add);
    else add(entry.resource);
  }
  return types;
}

/** The types an event must carry, as subscribing to it promises them. */
function requiredTypes(events: readonly FhircastEventName[]): Set<string> {
  const types = new Set<string>();
  for (const event of events)
    for (const key of Object.values(FHIRCAST_EVENT_CONTEXT[event]))
      if (!key.optional && key.resourceType !== '*') types.add(key.resourceType);
  return types;
}

/** True when the token's FHIRcast scopes (if it holds any) cover the event for the action. */
function fhircastScopeAllows(scope: string, event: FhircastEventName, action: TopicAction): boolean {
  const granted = scope.split(' ').filter((s) => s.startsWith('fhircast/'));
  if (!granted.length) return true;
  const wanted = action === 'publish' ? 'write' : 'read';
  return granted.some((s) => {
    const dot = s.lastIndexOf('.');
    const name = s.slice('fhircast/'.length, dot);
    const permission = s.slice(dot + 1);
    return dot > 0 && (name === event || name === '*') && (permission === wanted || permission === '*');
  });
}

/** Decides one use of a topic; see the top of this file for the rule. */
export function decideTopicAccess(request: TopicAccessRequest): TopicDecision {
  const { auth, policy, topic, action, events } = request;
  if (topicOwner(topic) !== auth.profile)
    return { allowed: false, reason: 'Forbidden: this FHIRcast topic belongs to another user' };
  for (const event of events) {
    if (!fhircastScopeAllows(auth.scope, event, action))
      return { allowed: false, reason: `Forbidden: the granted scopes do not allow ${event}` };
  }
  const types = action === 'subscribe' ? requiredTypes(events) : contextTypes(request.context ?? []);
  for (const type of types) {
    if (NOT_DATA.has(type)) continue;
    if (!type || !scopeAllows(auth, type, 'r') || !canPerformInteraction(policy, 'read', type))
      return {
        allowed: false,
        reason: `Forbidden: this FHIRcast context holds ${type || 'a resource'} you may not read`,
      };
  }
  return { allowed: true };
}
