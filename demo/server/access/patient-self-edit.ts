// What a patient may change on their own Patient record: the profile screen's fields, their
// emergency contacts, and their primary care provider (account/provider). The provider must be
// a plain reference to a Practitioner, so a patient cannot point the field at another patient
// or an arbitrary URL.
import { forbidden } from '../core/errors';
import { referenceOf, type StoredResource } from '../core/stored-resource';

/** Patient elements a patient may change on their own record (telecom except email). */
export const PATIENT_SELF_EDITABLE = [
  'name',
  'birthDate',
  'gender',
  'address',
  'telecom',
  'contact',
  'generalPractitioner',
];

const PRACTITIONER_REFERENCE = /^Practitioner\/[A-Za-z0-9\-.]{1,64}$/;

/** Throws 403 unless every generalPractitioner of `after` is a reference to a Practitioner. */
export function assertPatientSelfEdit(after: StoredResource): void {
  const gps: unknown = after.generalPractitioner;
  if (gps === undefined) return;
  const ok =
    Array.isArray(gps) &&
    gps.length <= 10 &&
    gps.every((gp: unknown) => {
      const reference = typeof gp === 'object' ? referenceOf(gp) : undefined;
      return reference !== undefined && reference.length <= 80 && PRACTITIONER_REFERENCE.test(reference);
    });
  if (!ok) throw forbidden('Forbidden: a primary care provider must be a reference to a Practitioner');
}
