import type { PractitionerRole } from 'fhir-portal-kit';

/**
 * The search for the people a patient may write to: the clinic's clinicians, by their
 * PractitionerRole (doctor or nurse). Staff with other roles, like the front desk, whose access
 * policy leaves out messages, are not offered: a message to them would never be read.
 */
export const CLINICIAN_ROLES = {
  role: 'http://terminology.hl7.org/CodeSystem/practitioner-role|doctor,http://terminology.hl7.org/CodeSystem/practitioner-role|nurse',
  active: 'true',
  _count: '100',
} as const;

/** The ids of the practitioners the roles name, once each, in order. */
export function practitionerIds(roles: readonly PractitionerRole[]): string[] {
  const ids = roles
    .map((r) => r.practitioner?.reference)
    .filter((ref): ref is string => !!ref?.startsWith('Practitioner/'))
    .map((ref) => ref.slice('Practitioner/'.length));
  return [...new Set(ids)];
}
