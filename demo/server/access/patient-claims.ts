// What a patient's own write may say about who wrote it. A patient's DocumentReference could name
// the doctor as its author, a Communication the doctor as its sender: the record then showed the
// doctor vouching for what the patient wrote. The elements that name an author, sender, performer
// or requester may name only the patient, and a patient attaches no security labels.
import { forbidden } from '../core/errors';
import { referenceOf, type StoredResource } from '../core/stored-resource';
import { normalizeReference } from '../search/extract';

/** Per type a patient may create, the elements that say who wrote, sent, performed or asked for it. */
export const AUTHOR_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  DocumentReference: ['author', 'authenticator'],
  Communication: ['sender'],
  QuestionnaireResponse: ['author'],
  Observation: ['performer'],
  Task: ['requester'],
};

/**
 * Throws 403 when a patient's new resource names anyone but them as its author (any element of
 * AUTHOR_ELEMENTS; a reference by display alone counts as someone else), or carries meta.security.
 */
export function assertPatientClaims(patientRef: string, resource: StoredResource): void {
  for (const element of AUTHOR_ELEMENTS[resource.resourceType] ?? []) {
    const value: unknown = resource[element];
    if (value === undefined) continue;
    for (const entry of Array.isArray(value) ? value : [value]) {
      const reference = referenceOf(entry);
      if (reference === undefined || normalizeReference(reference) !== patientRef)
        throw forbidden(`Forbidden: a patient's ${resource.resourceType}.${element} may name only the patient`);
    }
  }
  if ((resource.meta as Record<string, unknown> | undefined)?.security !== undefined)
    throw forbidden('Forbidden: a patient may not set security labels (meta.security)');
}
