import type { Resource } from '../../fhir/types';

/** The system of the identifier the client gives each create, so a replay can be recognised. */
export const OUTBOX_IDENTIFIER_SYSTEM = 'https://fhir-portal-kit.dev/outbox';

/** Where a write waiting in the outbox stands. */
export type OutboxState = 'pending' | 'sending' | 'sent' | 'conflict' | 'failed';

/** The resource writes the outbox keeps; other calls (operations, batches, auth) are never queued. */
export type OutboxKind = 'create' | 'update' | 'patch' | 'delete';

/** A write kept on the device until the server has it: the request as it will be sent, without any token. */
export interface OutboxEntry {
  /** Sorts in the order the writes were made (the store lists by it). */
  id: string;
  kind: OutboxKind;
  method: string;
  url: string;
  resourceType: string;
  resourceId?: string;
  /** Only the headers that make a replay safe (If-None-Exist, If-Match) and the caller's own, never Authorization. */
  headers: Record<string, string>;
  body?: unknown;
  contentType?: string;
  state: OutboxState;
  /** Failed sends so far; the next retry waits longer. */
  attempts: number;
  /** When the write was made (ISO). */
  queuedAt: string;
  /** What the server answered, once sent. */
  result?: Resource;
  /** Why the server refused it (state failed). */
  error?: string;
  /** Both versions of an update the server refused with 412 (state conflict). */
  conflict?: OutboxConflict;
}

/** An update the server refused because the resource changed meanwhile: what this device wrote, and what the server holds now. */
export interface OutboxConflict {
  local: Resource;
  server?: Resource;
}

/** A write as the client's #write sees it. */
export interface WriteRequest {
  method: string;
  href: string;
  headers?: Record<string, string>;
  body?: unknown;
  contentType?: string;
}

/** A resource write made safe to send twice: the headers and body it goes out with. */
export interface PreparedWrite {
  kind: OutboxKind;
  resourceType: string;
  resourceId?: string;
  headers: Record<string, string>;
  body?: unknown;
}

const RESOURCE_PATH = /^([A-Z][A-Za-z]+)(?:\/([A-Za-z0-9\-.]{1,64}))?$/;

/**
 * Recognises a resource write under the FHIR base and makes it idempotent: a create gets a
 * client-made identifier and goes out as a conditional create (If-None-Exist), so a create whose
 * answer was lost is never doubled; an update of a known version carries If-Match, so it never
 * overwrites a newer one. Undefined for anything else, which is sent as it is and never queued.
 */
export function prepareWrite(
  request: WriteRequest,
  fhirBaseUrl: string,
  newId: () => string
): PreparedWrite | undefined {
  if (!request.href.startsWith(fhirBaseUrl)) return undefined;
  const match = RESOURCE_PATH.exec(request.href.slice(fhirBaseUrl.length));
  if (!match) return undefined;
  const [, resourceType, resourceId] = match;
  // A Subscription is a live channel wanted now (the websocket binds to it at once): queued
  // offline, it would count as a change the user made and be replayed later as an orphan.
  if (resourceType === 'Subscription') return undefined;
  const headers = withoutAuthorization(request.headers);
  const body = request.body as Resource | undefined;
  if (request.method === 'POST' && !resourceId && body?.resourceType === resourceType) {
    return { kind: 'create', resourceType, ...identifiedCreate(body, headers, newId) };
  }
  if (!resourceId) return undefined;
  if (request.method === 'PUT' && body?.resourceType === resourceType) {
    const version = body.meta?.versionId;
    if (version && !hasHeader(headers, 'if-match')) headers['If-Match'] = `W/"${version}"`;
    return { kind: 'update', resourceType, resourceId, headers, body };
  }
  if (request.method === 'PATCH') return { kind: 'patch', resourceType, resourceId, headers, body: request.body };
  if (request.method === 'DELETE') return { kind: 'delete', resourceType, resourceId, headers };
  return undefined;
}

/**
 * The types whose identifier is one Identifier (0..1 in R4), not a list: the outbox identifier
 * is written as the identifier itself, and one the body already has is the create's own key.
 */
const SINGLE_IDENTIFIER = new Set([
  'AdverseEvent',
  'Bundle',
  'Composition',
  'ConceptMap',
  'MedicinalProductIngredient',
  'QuestionnaireResponse',
  'SpecimenDefinition',
  'SubstanceSpecification',
  'TestReport',
  'TestScript',
]);

interface IdentifierLike {
  system?: string;
  value?: string;
}

/** A resource's identifiers as a list, whichever shape the type (or a caller) gave them. */
function identifiersOf(value: unknown): IdentifierLike[] {
  if (typeof value !== 'object' || value === null) return [];
  const identifier = (value as { identifier?: unknown }).identifier;
  const list = Array.isArray(identifier) ? identifier : identifier ? [identifier] : [];
  return list.filter((item): item is IdentifierLike => typeof item === 'object' && item !== null);
}

/** The value of the outbox identifier a body carries (one Identifier or a list of them), if any. */
export function outboxIdentifierOf(value: unknown): string | undefined {
  return identifiersOf(value).find((identifier) => identifier.system === OUTBOX_IDENTIFIER_SYSTEM)?.value;
}

/**
 * A create made safe to replay. Normally the body gets (or keeps) an outbox identifier and the
 * create is conditional on it. A type with a single identifier that already has its own (not
 * ours) has no room for ours: its own identifier is the condition when it has a system and a
 * value, else the create goes out unconditional rather than overwriting the caller's identifier.
 */
function identifiedCreate(
  body: Resource,
  headers: Record<string, string>,
  newId: () => string
): { headers: Record<string, string>; body: Resource } {
  const single = SINGLE_IDENTIFIER.has(body.resourceType);
  const known = identifiersOf(body);
  let mine = known.find((identifier) => identifier.system === OUTBOX_IDENTIFIER_SYSTEM);
  if (single && !mine && known.length > 0) {
    const own = known[0];
    if (own.system && own.value && !hasHeader(headers, 'if-none-exist')) {
      headers['If-None-Exist'] = `identifier=${tokenParam(own.system)}|${tokenParam(own.value)}`;
    }
    return { headers, body };
  }
  mine ??= { system: OUTBOX_IDENTIFIER_SYSTEM, value: newId() };
  const identifier = single ? mine : known.includes(mine) ? known : [...known, mine];
  if (!hasHeader(headers, 'if-none-exist')) {
    headers['If-None-Exist'] = `identifier=${OUTBOX_IDENTIFIER_SYSTEM}|${mine.value}`;
  }
  return { headers, body: { ...body, identifier } as Resource };
}

/** One half of a token search value: FHIR's escapes for its separators, then URL encoding. */
const tokenParam = (value: string): string => encodeURIComponent(value.replace(/[\\|,$]/g, '\\$&'));

const hasHeader = (headers: Record<string, string>, name: string): boolean =>
  Object.keys(headers).some((key) => key.toLowerCase() === name);

/** The caller's headers minus any credential: an outbox entry is stored, and tokens never are. */
function withoutAuthorization(headers: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !/^(authorization|cookie)$/i.test(name)));
}
