// Which interaction a FHIR request is, in the words of an AccessPolicy: the route's method and
// path say it before the handler runs, for a plain request and for each entry of a Bundle.
import type { AccessPolicyInteraction } from '../../../src/fhir/access-policy';

/** The FHIR base path (the routes' FHIR_BASE). */
const FHIR_PREFIX = '/fhir/R4/';

/** What a request does: the interaction and the resource types it touches. */
export interface FhirInteraction {
  readonly interaction: AccessPolicyInteraction;
  readonly types: readonly string[];
  /** The id in the path, for a single resource. */
  readonly id?: string;
}

/**
 * The interaction of a request under the FHIR base, or undefined for what touches no stored
 * data of a type ($validate, metadata) or is checked entry by entry (a Bundle posted to the base).
 */
export function fhirInteraction(method: string, path: string): FhirInteraction | undefined {
  if (!path.startsWith(FHIR_PREFIX)) return undefined;
  const [type, second, third, fourth, ...more] = path.slice(FHIR_PREFIX.length).split('/');
  if (!type || more.length) return undefined;
  const m = method === 'HEAD' ? 'GET' : method;
  // The schema operations read StructureDefinition (and SearchParameter through GraphQL).
  if (type === '$graphql') return { interaction: 'search', types: ['StructureDefinition', 'SearchParameter'] };
  if (!/^[A-Z][A-Za-z]*$/.test(type)) return undefined;
  const one = (interaction: AccessPolicyInteraction, id?: string): FhirInteraction => ({
    interaction,
    types: [type],
    ...(id ? { id } : {}),
  });
  if (second === undefined) {
    if (m === 'GET') return one('search');
    if (m === 'POST') return one('create');
    if (m === 'PUT') return one('update');
    return undefined;
  }
  if (second === '_search') return m === 'POST' && third === undefined ? one('search') : undefined;
  if (second === '_history') return m === 'GET' && third === undefined ? one('history') : undefined;
  if (second.startsWith('$')) {
    // ValueSet/$expand, StructureDefinition/$expand-profile: reading definitions.
    return second === '$validate' ? undefined : one('read');
  }
  if (third === undefined) {
    if (m === 'GET') return one('read', second);
    if (m === 'PUT') return one('update', second);
    if (m === 'PATCH') return one('patch', second);
    if (m === 'DELETE') return one('delete', second);
    return undefined;
  }
  if (third === '_history') return one(fourth === undefined ? 'history' : 'vread', second);
  // Patient/{id}/$everything, ValueSet/{id}/$expand, Subscription/{id}/$get-ws-binding-token.
  if (third.startsWith('$') && fourth === undefined) return one('read', second);
  return undefined;
}

// issue 19, fail-closed: what fhirInteraction cannot classify is refused for a caller with an
// AccessPolicy, unless it is one of these, which touch no stored data of a type (metadata, the
// SMART configuration, $validate) or are checked entry by entry (a Bundle posted to the base).
/** Whether a request fhirInteraction leaves unclassified may pass the policy gate unchecked. */
export function isPolicyFree(method: string, path: string): boolean {
  const m = method === 'HEAD' ? 'GET' : method;
  if (path === FHIR_PREFIX.slice(0, -1)) return m === 'POST';
  if (path === `${FHIR_PREFIX}metadata` || path === `${FHIR_PREFIX}.well-known/smart-configuration`) return m === 'GET';
  return m === 'POST' && /^\/fhir\/R4\/[A-Z][A-Za-z]{0,63}\/\$validate$/.test(path);
}
