// FHIRcast events, their context keys and validation.
// The spec names the rules but no error texts; each text below says what to fix.

import { throwError } from './index';

/** The FHIRcast events the library supports. */
export const FHIRCAST_EVENT_NAMES = [
  'Patient-open',
  'Patient-close',
  'ImagingStudy-open',
  'ImagingStudy-close',
  'Encounter-open',
  'Encounter-close',
  'DiagnosticReport-open',
  'DiagnosticReport-close',
  'DiagnosticReport-select',
  'DiagnosticReport-update',
  'syncerror',
] as const;

/** A supported FHIRcast event name. */
export type FhircastEventName = (typeof FHIRCAST_EVENT_NAMES)[number];

/** What one context key of an event holds. */
export interface FhircastContextKeyDefinition {
  /** The resource type expected, or '*' for any. */
  readonly resourceType: string;
  /** The key may be left out. */
  readonly optional?: boolean;
  /** The key may appear more than once. */
  readonly manyAllowed?: boolean;
  /** The key holds `resources` (a list) instead of one `resource`. */
  readonly array?: boolean;
}

// Marked free of side effects, so the tables below drop away from a bundle that never validates
// an event (FhirClient alone, say).
/* @__NO_SIDE_EFFECTS__ */
function opt(resourceType: string, extra?: Partial<FhircastContextKeyDefinition>): FhircastContextKeyDefinition {
  return { resourceType, optional: true, ...extra };
}
/* @__NO_SIDE_EFFECTS__ */
function req(resourceType: string, extra?: Partial<FhircastContextKeyDefinition>): FhircastContextKeyDefinition {
  return { resourceType, ...extra };
}

const PATIENT_OPEN = { patient: req('Patient'), encounter: opt('Encounter') };
const IMAGING_OPEN = { study: req('ImagingStudy'), encounter: opt('Encounter'), patient: opt('Patient') };
const ENCOUNTER_OPEN = { encounter: req('Encounter'), patient: req('Patient') };
const REPORT_OPEN = {
  report: req('DiagnosticReport'),
  encounter: opt('Encounter'),
  study: opt('ImagingStudy', { manyAllowed: true }),
  patient: req('Patient'),
};

/** The context keys of each event (FHIRcast STU3). */
export const FHIRCAST_EVENT_CONTEXT: Record<FhircastEventName, Record<string, FhircastContextKeyDefinition>> = {
  'Patient-open': PATIENT_OPEN,
  'Patient-close': PATIENT_OPEN,
  'ImagingStudy-open': IMAGING_OPEN,
  'ImagingStudy-close': IMAGING_OPEN,
  'Encounter-open': ENCOUNTER_OPEN,
  'Encounter-close': ENCOUNTER_OPEN,
  'DiagnosticReport-open': REPORT_OPEN,
  'DiagnosticReport-close': REPORT_OPEN,
  'DiagnosticReport-select': {
    report: req('DiagnosticReport'),
    patient: opt('Patient'),
    select: req('*', { array: true }),
  },
  'DiagnosticReport-update': { report: req('DiagnosticReport'), patient: opt('Patient'), updates: req('Bundle') },
  syncerror: { operationoutcome: req('OperationOutcome') },
};

/** Events that need a context version id. */
export const FHIRCAST_VERSIONED_EVENTS: readonly FhircastEventName[] = ['DiagnosticReport-update'];

/** A resource as FHIRcast carries it: at least id and resourceType. */
export interface FhircastResource {
  id: string;
  resourceType: string;
  [key: string]: unknown;
}

/** One entry of an event's context. */
export type FhircastContextEntry =
  { key: string; resource: FhircastResource } | { key: string; resources: FhircastResource[] };

/** True when the name is a supported FHIRcast event. */
export function isFhircastEventName(value: unknown): value is FhircastEventName {
  return typeof value === 'string' && (FHIRCAST_EVENT_NAMES as readonly string[]).includes(value);
}

/** Throws unless the topic is a non-empty string. */
export function validateFhircastTopic(topic: unknown): asserts topic is string {
  if (typeof topic !== 'string' || topic === '')
    throwError('Invalid topic provided. Topic must be a non-empty string.', 'invalid');
}

function validateResource(event: string, key: string, resource: unknown, expected: string): void {
  const r = resource as Partial<FhircastResource> | null;
  if (
    typeof r !== 'object' ||
    r === null ||
    typeof r.id !== 'string' ||
    typeof r.resourceType !== 'string' ||
    (expected !== '*' && r.resourceType !== expected)
  ) {
    throwError(
      `Context key '${key}' of ${event} needs a resource with a string id and resourceType ${expected === '*' ? 'set' : expected}.`,
      'invalid'
    );
  }
}

/**
 * Validates an event and its context: known event, object or array of objects, known keys, required
 * keys present, single keys once, resources with string id and the expected type, and a version id
 * for events that need one. Returns the context as an array.
 */
export function validateFhircastContext(event: unknown, context: unknown, versionId?: unknown): FhircastContextEntry[] {
  if (!isFhircastEventName(event)) {
    throwError(`Invalid event '${String(event)}'. Supported events: ${FHIRCAST_EVENT_NAMES.join(', ')}.`, 'invalid');
  }
  const entries = Array.isArray(context) ? context : [context];
  if (entries.some((entry) => typeof entry !== 'object' || entry === null || Array.isArray(entry))) {
    throwError('Context must be an object or an array of objects.', 'invalid');
  }
  const definitions = FHIRCAST_EVENT_CONTEXT[event];
  const seen = new Map<string, number>();
  for (const entry of entries as Record<string, unknown>[]) {
    const key = entry.key;
    if (typeof key !== 'string' || !Object.hasOwn(definitions, key)) {
      throwError(
        `Key '${String(key)}' is not a context key of ${event}. Allowed keys: ${Object.keys(definitions).join(', ')}.`,
        'invalid'
      );
    }
    const definition = definitions[key];
    seen.set(key, (seen.get(key) ?? 0) + 1);
    if (!definition.manyAllowed && (seen.get(key) as number) > 1) {
      throwError(`Key '${key}' may appear only once in the context of ${event}.`, 'invalid');
    }
    if (definition.array) {
      if (!Array.isArray(entry.resources))
        throwError(`Context key '${key}' of ${event} needs a resources array.`, 'invalid');
      for (const resource of entry.resources) validateResource(event, key, resource, definition.resourceType);
    } else {
      validateResource(event, key, entry.resource, definition.resourceType);
    }
  }
  for (const [key, definition] of Object.entries(definitions)) {
    if (!definition.optional && !seen.has(key))
      throwError(`Missing required key '${key}' in the context of ${event}.`, 'invalid');
  }
  if (FHIRCAST_VERSIONED_EVENTS.includes(event) && (typeof versionId !== 'string' || versionId === '')) {
    throwError(`${event} needs a context version id.`, 'invalid');
  }
  return entries as FhircastContextEntry[];
}

/** A FHIRcast subscription request. */
export interface FhircastSubscriptionRequest {
  channelType: 'websocket';
  mode: 'subscribe' | 'unsubscribe';
  topic: string;
  events: FhircastEventName[];
  /** The websocket endpoint the hub returned; needed to unsubscribe. */
  endpoint?: string;
}

/** True when the subscription request is valid (section 5): websocket, known mode, topic, known events, ws endpoint. */
export function validateFhircastSubscriptionRequest(request: unknown): request is FhircastSubscriptionRequest {
  const r = request as Partial<FhircastSubscriptionRequest> | null;
  if (typeof r !== 'object' || r === null) return false;
  if (r.channelType !== 'websocket') return false;
  if (r.mode !== 'subscribe' && r.mode !== 'unsubscribe') return false;
  if (typeof r.topic !== 'string' || r.topic === '') return false;
  if (!Array.isArray(r.events) || r.events.length === 0 || !r.events.every(isFhircastEventName)) return false;
  if (r.endpoint !== undefined && (typeof r.endpoint !== 'string' || !r.endpoint.startsWith('ws'))) return false;
  return true;
}

/** The form-encoded body of a subscription request; throws 'Subscription request failed validation.' when invalid. */
export function serializeFhircastSubscriptionRequest(request: FhircastSubscriptionRequest): string {
  if (!validateFhircastSubscriptionRequest(request)) throwError('Subscription request failed validation.', 'invalid');
  const params = new URLSearchParams({
    'hub.channel.type': request.channelType,
    'hub.mode': request.mode,
    'hub.topic': request.topic,
    'hub.events': request.events.join(','),
  });
  if (request.endpoint) params.set('hub.channel.endpoint', request.endpoint);
  return params.toString();
}

/** The JSON body of a published event. */
export interface FhircastMessagePayload {
  timestamp: string;
  id: string;
  event: {
    'hub.topic': string;
    'hub.event': FhircastEventName;
    context: FhircastContextEntry[];
    'context.versionId'?: string;
  };
}

/** Builds the payload of an event after validating topic, event, context and version id. */
export function createFhircastMessagePayload(
  topic: string,
  event: FhircastEventName,
  context: FhircastContextEntry | FhircastContextEntry[],
  options: { versionId?: string; id?: string; timestamp?: string } = {}
): FhircastMessagePayload {
  validateFhircastTopic(topic);
  const entries = validateFhircastContext(event, context, options.versionId);
  return {
    timestamp: options.timestamp ?? new Date().toISOString(),
    id: options.id ?? globalThis.crypto.randomUUID(),
    event: {
      'hub.topic': topic,
      'hub.event': event,
      context: entries,
      ...(options.versionId ? { 'context.versionId': options.versionId } : {}),
    },
  };
}
