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
