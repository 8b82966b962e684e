// What a patient may change on their own Patient record: the profile screen's fields, their
// emergency contacts, the languages they speak and which one they prefer (communication: the
// portal's language switcher), and their primary care provider (account/provider). The provider must be
// a plain reference to a Practitioner, so a patient cannot point the field at another patient
// or an arbitrary URL; the record's security labels (meta.security) are the care team's to set.
// Of its extensions, a patient may set only their preferred pharmacy (preferred-pharmacy.ts).
// (Its narrative, text.div, is checked on every write: store/narrative.ts.)
import { isDeepStrictEqual } from 'node:util';
import { badRequest, forbidden } from '../core/errors';
import { referenceOf, type StoredResource } from '../core/stored-resource';
import { assertPreferredPharmacyEdit } from './preferred-pharmacy';

/** Patient elements a patient may change on their own record (telecom except email). */
export const PATIENT_SELF_EDITABLE = [
  'name',
  'birthDate',
  'gender',
  'address',
  'telecom',
  'contact',
  'generalPractitioner',
  // The language switcher marks the chosen language preferred, so the choice follows them.
  'communication',
  // Only its preferred-pharmacy entries: assertPreferredPharmacyEdit holds the others unchanged.
  'extension',
];

const PRACTITIONER_REFERENCE = /^Practitioner\/[A-Za-z0-9\-.]{1,64}$/;

/** The security labels of a stored resource, as plain JSON. */
function securityLabels(resource: StoredResource): unknown {
  const labels = (resource.meta as Record<string, unknown> | undefined)?.security;
  return labels === undefined ? undefined : JSON.parse(JSON.stringify(labels));
}

/** The official name of a Patient (use 'official', else the first), as stored JSON. */
function officialName(resource: StoredResource): Record<string, unknown> | undefined {
  const names = Array.isArray(resource.name) ? (resource.name as unknown[]) : [];
  const objects = names.filter((n): n is Record<string, unknown> => typeof n === 'object' && n !== null);
  return objects.find((n) => n.use === 'official') ?? objects[0];
}

/** Whether a name says something: a non-blank family or given name. */
function hasNameParts(name: Record<string, unknown> | undefined): boolean {
  if (!name) return false;
  const family = typeof name.family === 'string' && name.family.trim() !== '';
  const given = Array.isArray(name.given) && name.given.some((g) => typeof g === 'string' && g.trim() !== '');
  return family || given;
}

/**
 * Throws 400 (expression Patient.name) when an update empties the official name: the record had
 * a family or given name and the update leaves neither.
 */
export function assertNameKept(before: StoredResource, after: StoredResource): void {
  if (hasNameParts(officialName(before)) && !hasNameParts(officialName(after)))
    throw badRequest("A patient's name needs a first or last name; it cannot be emptied", 'Patient.name');
}

/**
 * Throws 400 when a patient's edit of their own record empties its official name (assertNameKept);
 * 403 when it changes its security labels or an extension other than the preferred pharmacy, or
 * names a primary care provider that is not a reference to a Practitioner.
 */
export function assertPatientSelfEdit(before: StoredResource, after: StoredResource): void {
  assertNameKept(before, after);
  if (!isDeepStrictEqual(securityLabels(before), securityLabels(after)))
    throw forbidden('Forbidden: a patient may not change the security labels (meta.security) of their record');
  assertPreferredPharmacyEdit(before, after);
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
