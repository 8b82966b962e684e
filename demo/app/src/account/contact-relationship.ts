// How an emergency contact is related to the patient, as Patient.contact.relationship carries it.
// Two CodeableConcepts, because FHIR's binding for the field (the PatientContactRelationship value
// set, v2-0131) says what role a contact plays (C: emergency contact) but has no family words:
// spouse, parent or friend come from HL7 v3 RoleCode (PersonalRelationshipRoleType), the codes
// US Core and the big EHRs use for the same field. So an emergency contact who is a spouse is
// [{C}, {SPS}]: C is how the portal finds the contact again, SPS is what the patient chose.
import type { CodeableConcept, Coding, PatientContact } from 'fhir-portal-kit';

export const CONTACT_ROLE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v2-0131';
export const PERSONAL_RELATIONSHIP_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-RoleCode';

/** The role every emergency contact has. */
export const EMERGENCY_CONTACT: Coding = { system: CONTACT_ROLE_SYSTEM, code: 'C', display: 'Emergency Contact' };

/**
 * The relationships offered, in the order people think of them: v3 RoleCode codes with the code
 * system's display, and the label the patient reads.
 */
export const PERSONAL_RELATIONSHIPS = [
  { code: 'SPS', display: 'spouse', label: 'Spouse' },
  { code: 'DOMPART', display: 'domestic partner', label: 'Domestic partner' },
  { code: 'PRN', display: 'parent', label: 'Parent' },
  { code: 'CHILD', display: 'child', label: 'Child' },
  { code: 'SIB', display: 'sibling', label: 'Sibling' },
  { code: 'FAMMEMB', display: 'family member', label: 'Other family member' },
  { code: 'FRND', display: 'unrelated friend', label: 'Friend' },
  { code: 'NBOR', display: 'neighbor', label: 'Neighbor' },
] as const;

/** True for a contact with the emergency-contact role. */
export function isEmergencyContact(contact: PatientContact): boolean {
  return !!contact.relationship?.some((r) => r.coding?.some((c) => c.system === CONTACT_ROLE_SYSTEM && c.code === 'C'));
}

function isPersonal(concept: CodeableConcept): boolean {
  return !!concept.coding?.some((c) => c.system === PERSONAL_RELATIONSHIP_SYSTEM);
}

/** The personal relationship a contact records (its v3 RoleCode coding), if any. */
export function personalRelationshipOf(contact: PatientContact | undefined): Coding | undefined {
  for (const concept of contact?.relationship ?? []) {
    const coding = concept.coding?.find((c) => c.system === PERSONAL_RELATIONSHIP_SYSTEM && c.code);
    if (coding) return coding;
  }
  return undefined;
}

/**
 * The label of a relationship code: ours (from `labels`, the portal's language, else English),
 * else what the record says about a code we do not offer.
 */
export function relationshipLabel(code: string, recorded?: Coding, labels?: Readonly<Record<string, string>>): string {
  const known = PERSONAL_RELATIONSHIPS.find((r) => r.code === code);
  if (known) return labels?.[known.code] ?? known.label;
  return recorded?.code === code && recorded.display ? recorded.display : code;
}

/**
 * The relationship list of an emergency contact: the role, then the chosen personal relationship
 * (none when `code` is empty). Other concepts the record held (other roles, other systems) are
 * kept; its old personal relationship is replaced. A code we do not offer keeps its recorded coding.
 */
export function emergencyRelationships(code: string, existing: readonly CodeableConcept[] = []): CodeableConcept[] {
  const recorded = existing.map((r) => r.coding?.find((c) => c.system === PERSONAL_RELATIONSHIP_SYSTEM)).find(Boolean);
  const known = PERSONAL_RELATIONSHIPS.find((r) => r.code === code);
  const personal: Coding | undefined = known
    ? { system: PERSONAL_RELATIONSHIP_SYSTEM, code: known.code, display: known.display }
    : code && recorded?.code === code
      ? recorded
      : undefined;
  const kept = existing.filter(
    (r) => !isPersonal(r) && !r.coding?.some((c) => c.system === CONTACT_ROLE_SYSTEM && c.code === 'C')
  );
  return [
    { coding: [EMERGENCY_CONTACT] },
    ...(personal ? [{ coding: [personal], text: relationshipLabel(personal.code ?? '', personal) }] : []),
    ...kept,
  ];
}
