// The patient compartment of a resource: which patients a resource belongs to. Stored in the
// resources.compartments column (GIN index) so reads and searches can filter by it.
import { referenceOf, type StoredResource } from '../core/stored-resource';
import { normalizeReference } from '../search/extract';

/** Elements whose Patient references put a resource in that patient's compartment. */
export const COMPARTMENT_ELEMENTS = [
  'subject',
  'patient',
  'beneficiary',
  'sender',
  'recipient',
  'source',
  'for',
] as const;

function refsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const v of list) {
    const ref = referenceOf(v);
    if (ref) out.push(normalizeReference(ref));
  }
  return out;
}

/** The 'Patient/id' references a resource's compartment elements point at (and itself, for a Patient). */
export function patientReferences(resource: StoredResource): string[] {
  const refs = new Set<string>();
  if (resource.resourceType === 'Patient' && resource.id) refs.add(`Patient/${resource.id}`);
  for (const element of COMPARTMENT_ELEMENTS) for (const ref of refsOf(resource[element])) refs.add(ref);
  if (Array.isArray(resource.participant)) {
    for (const participant of resource.participant) for (const ref of refsOf(participant?.actor)) refs.add(ref);
  }
  return [...refs].filter((r) => r.startsWith('Patient/'));
}

/** Types that name no patient: a patient reaches the ones they wrote (meta.author) through their compartment. */
export const AUTHORED_TYPES = new Set(['Binary', 'Subscription']);

/**
 * The compartments column of a resource. Binary and Subscription join the compartment of their
 * creator (a patient); Binary also that of its securityContext, and PaymentNotice (not in R4's
 * Patient compartment) that of the patient whose Coverage or Claim it pays for: both resolved by
 * the caller (store/versions.ts) into `extra`.
 */
export function computeCompartments(resource: StoredResource, extra: string[] = []): string[] {
  const refs = new Set(patientReferences(resource));
  if (AUTHORED_TYPES.has(resource.resourceType)) {
    const author = refsOf(resource.meta?.author)[0];
    if (author?.startsWith('Patient/')) refs.add(author);
  }
  if (resource.resourceType === 'Binary') {
    for (const ref of refsOf(resource.securityContext)) if (ref.startsWith('Patient/')) refs.add(ref);
  }
  for (const e of extra) if (e.startsWith('Patient/')) refs.add(e);
  // The project partition: reads and searches require the caller's project key (GIN index).
  if (typeof resource.meta?.project === 'string' && resource.meta.project) refs.add(`Project/${resource.meta.project}`);
  return [...refs].sort();
}
