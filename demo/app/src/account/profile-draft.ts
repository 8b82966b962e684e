import type { Address, HumanName, Patient, PatientContact } from 'fhir-portal-kit';

const EMERGENCY = { system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'C', display: 'Emergency Contact' };

/** What the profile form edits, kept apart from the stored Patient so a failed save loses nothing. */
export interface ProfileDraft {
  /** The first given name. */
  firstName: string;
  /** The other given names, space-separated (given[1..]). */
  middleName: string;
  lastName: string;
  gender: string;
  birthDate: string;
  address: Address;
  contactName: HumanName;
  contactPhone: string;
}

/** What is wrong with a draft, per field; empty when it may be saved. */
export type ProfileErrors = Partial<Record<'firstName' | 'lastName', string>>;

/** The draft of a stored Patient: its first name split into first and middle names. */
export function draftOf(patient: Patient): ProfileDraft {
  const name = patient.name?.[0];
  const contact = emergencyContact(patient);
  return {
    firstName: name?.given?.[0] ?? '',
    middleName: name?.given?.slice(1).join(' ') ?? '',
    lastName: name?.family ?? '',
    gender: patient.gender ?? '',
    birthDate: patient.birthDate ?? '',
    address: patient.address?.[0] ?? {},
    contactName: contact?.name ?? {},
    contactPhone: contact?.telecom?.find((t) => t.system === 'phone')?.value ?? '',
  };
}

/** First and last name are required: the errors to show on those fields, none when both are filled. */
export function validateProfile(draft: ProfileDraft): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!draft.firstName.trim()) errors.firstName = 'Enter your first name';
  if (!draft.lastName.trim()) errors.lastName = 'Enter your last name';
  return errors;
}

function emergencyContact(patient: Patient): PatientContact | undefined {
  return patient.contact?.find((c) => c.relationship?.some((r) => r.coding?.some((x) => x.code === EMERGENCY.code)));
}

/** The given names of a draft: the first name, then each middle name. */
function givenOf(d: ProfileDraft): string[] | undefined {
  const given = [d.firstName.trim(), ...d.middleName.trim().split(/\s+/)].filter(Boolean);
  return given.length ? given : undefined;
}

/** The Patient with the draft applied: the first name, address and emergency contact replaced, the rest kept. */
export function applyDraft(patient: Patient, d: ProfileDraft): Patient {
  const name: HumanName = { ...patient.name?.[0], given: givenOf(d), family: d.lastName.trim() || undefined };
  const hasContact = Object.keys(d.contactName).length > 0 || d.contactPhone.trim() !== '';
  const contact: PatientContact | undefined = hasContact
    ? {
        relationship: [{ coding: [EMERGENCY] }],
        name: d.contactName,
        ...(d.contactPhone.trim() ? { telecom: [{ system: 'phone', value: d.contactPhone.trim() }] } : {}),
      }
    : undefined;
  const others = (patient.contact ?? []).filter((c) => c !== emergencyContact(patient));
  return {
    ...patient,
    name: [name, ...(patient.name ?? []).slice(1)],
    gender: (d.gender || undefined) as Patient['gender'],
    birthDate: d.birthDate || undefined,
    address: Object.keys(d.address).length
      ? [d.address, ...(patient.address ?? []).slice(1)]
      : patient.address?.slice(1),
    contact: contact ? [contact, ...others] : others.length ? others : undefined,
  };
}
