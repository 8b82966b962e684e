import type { Address, HumanName, Patient, PatientContact } from 'fhir-portal-kit';
import { emergencyRelationships, isEmergencyContact, personalRelationshipOf } from './contact-relationship';

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
  /** The emergency contact's v3 RoleCode relationship (SPS, PRN...), '' when none is chosen. */
  contactRelationship: string;
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
    contactRelationship: personalRelationshipOf(contact)?.code ?? '',
  };
}

/** The texts of the required-name errors, in the portal's language (account/text.ts). */
export interface ProfileErrorTexts {
  readonly enterFirstName: string;
  readonly enterLastName: string;
}

const ENGLISH_ERRORS: ProfileErrorTexts = {
  enterFirstName: 'Enter your first name',
  enterLastName: 'Enter your last name',
};

/** First and last name are required: the errors to show on those fields, none when both are filled. */
export function validateProfile(draft: ProfileDraft, texts: ProfileErrorTexts = ENGLISH_ERRORS): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!draft.firstName.trim()) errors.firstName = texts.enterFirstName;
  if (!draft.lastName.trim()) errors.lastName = texts.enterLastName;
  return errors;
}

/** The Patient's emergency contact: the first contact with the v2-0131 role C. */
export function emergencyContact(patient: Patient): PatientContact | undefined {
  return patient.contact?.find(isEmergencyContact);
}

/** The given names of a draft: the first name, then each middle name. */
function givenOf(d: ProfileDraft): string[] | undefined {
  const given = [d.firstName.trim(), ...d.middleName.trim().split(/\s+/)].filter(Boolean);
  return given.length ? given : undefined;
}

/**
 * The emergency contact with the draft applied: its name, phone and relationship replaced, what
 * the form does not show (address, gender, other telecoms) kept; none when the form holds nothing.
 */
function contactOf(existing: PatientContact | undefined, d: ProfileDraft): PatientContact | undefined {
  const phone = d.contactPhone.trim();
  const hasName = Object.keys(d.contactName).length > 0;
  if (!hasName && !phone && !d.contactRelationship) return undefined;
  const telecom = [
    ...(phone ? [{ system: 'phone' as const, value: phone }] : []),
    ...(existing?.telecom ?? []).filter((t) => t.system !== 'phone'),
  ];
  const { name: _name, telecom: _telecom, relationship, ...kept } = existing ?? {};
  return {
    ...kept,
    relationship: emergencyRelationships(d.contactRelationship, relationship),
    ...(hasName ? { name: d.contactName } : {}),
    ...(telecom.length ? { telecom } : {}),
  };
}

/** The Patient with the draft applied: the first name, address and emergency contact replaced, the rest kept. */
export function applyDraft(patient: Patient, d: ProfileDraft): Patient {
  const name: HumanName = { ...patient.name?.[0], given: givenOf(d), family: d.lastName.trim() || undefined };
  const existing = emergencyContact(patient);
  const contact = contactOf(existing, d);
  const others = (patient.contact ?? []).filter((c) => c !== existing);
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
