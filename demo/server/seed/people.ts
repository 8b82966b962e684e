/** Seed: the demo project, its people, their accounts and the demo client application. */
import type { Organization, Patient, Practitioner, PractitionerRole, Resource } from '../../../src/fhir/types';
import type { ClientApplicationRecord, MembershipRecord, ProjectRecord, UserRecord } from '../core/account-records';
import { hashPassword } from '../auth/password';
import { clientSecretDigest } from '../auth/client-secrets';
import {
  DEMO_CLIENT_ID,
  DEMO_CLIENT_REDIRECT_URI,
  DEMO_CLIENT_REDIRECT_URIS,
  DEMO_CLIENT_SECRET,
  DEMO_MFA_SECRET,
  DEMO_PROJECT_ID,
  DemoCredentials,
  DemoIds,
} from './ids';
import { seedId } from './seed-id';

type AnyRecord = Resource | UserRecord | MembershipRecord | ProjectRecord | ClientApplicationRecord;

const projectRef = { reference: `Project/${DEMO_PROJECT_ID}`, display: 'Demo Project' };

/**
 * Insurers, the pharmacies a patient may choose as preferred pharmacy, and the clinic: for
 * Coverage payors, the intake form's reference pickers and account/provider's pharmacy picker.
 */
export const Organizations = {
  acme: { id: seedId('org:acme'), name: 'Acme Health Insurance' },
  mutual: { id: seedId('org:springfield-mutual'), name: 'Springfield Mutual Dental' },
  blue: { id: seedId('org:blue-horizon'), name: 'Blue Horizon Health Plans' },
  pharmacy: { id: seedId('org:pharmacy'), name: 'Evergreen Pharmacy' },
  mainStreetPharmacy: { id: seedId('org:pharmacy-main-street'), name: 'Main Street Pharmacy' },
  riversidePharmacy: { id: seedId('org:pharmacy-riverside'), name: 'Riverside Pharmacy' },
  clinic: { id: seedId('org:clinic'), name: 'Springfield Family Clinic' },
} as const;

/** The doctor and the three other practitioners. */
export const Practitioners = [
  {
    id: DemoIds.doctor,
    given: ['Julia'],
    family: 'Hibbert',
    prefix: 'Dr.',
    qualification: 'MD',
    specialty: 'Family medicine',
    email: 'doctor@example.com',
  },
  {
    id: seedId('practitioner:okafor'),
    given: ['Amara'],
    family: 'Okafor',
    prefix: 'Dr.',
    qualification: 'MD',
    specialty: 'Cardiology',
    email: 'amara.okafor@example.com',
  },
  {
    id: seedId('practitioner:chen'),
    given: ['Daniel'],
    family: 'Chen',
    prefix: 'Dr.',
    qualification: 'DO',
    specialty: 'Internal medicine',
    email: 'daniel.chen@example.com',
  },
  {
    id: seedId('practitioner:raman'),
    given: ['Priya'],
    family: 'Raman',
    prefix: '',
    qualification: 'NP',
    specialty: 'Nurse practitioner',
    email: 'priya.raman@example.com',
  },
] as const;

/** Display name of the demo doctor. */
export const DOCTOR_NAME = 'Dr. Julia Hibbert';
/** Display name of the demo patient. */
export const PATIENT_NAME = 'Homer Simpson';

function practitioner(p: (typeof Practitioners)[number]): Practitioner {
  return {
    resourceType: 'Practitioner',
    id: p.id,
    active: true,
    name: [
      {
        use: 'official',
        ...(p.prefix ? { prefix: [p.prefix] } : {}),
        given: [...p.given],
        family: p.family,
        suffix: [p.qualification],
      },
    ],
    telecom: [
      { system: 'email', use: 'work', value: p.email },
      { system: 'phone', use: 'work', value: '+1-541-555-0100' },
    ],
    gender: p.given[0] === 'Daniel' ? 'male' : 'female',
    qualification: [{ code: { text: p.qualification } }],
    extension: [{ url: 'http://example.com/fhir-portal-kit/StructureDefinition/specialty', valueString: p.specialty }],
  };
}

/** The system of the clinicians' role codes (doctor, nurse...). */
export const PRACTITIONER_ROLE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/practitioner-role';

/**
 * The clinicians' roles at the clinic, which the patient's Messages page lists (role doctor or
 * nurse): the people a patient writes to are the clinic's clinicians; the front desk has a role of
 * its own and is not offered (its policy leaves out Communication).
 */
function practitionerRole(p: (typeof Practitioners)[number]): PractitionerRole {
  const code = p.qualification === 'NP' ? 'nurse' : 'doctor';
  return {
    resourceType: 'PractitionerRole',
    id: seedId(`practitioner-role:${p.id}`),
    active: true,
    practitioner: {
      reference: `Practitioner/${p.id}`,
      display: [p.prefix, ...p.given, p.family].filter(Boolean).join(' '),
    },
    organization: { reference: `Organization/${Organizations.clinic.id}`, display: Organizations.clinic.name },
    code: [{ coding: [{ system: PRACTITIONER_ROLE_SYSTEM, code, display: code === 'nurse' ? 'Nurse' : 'Doctor' }] }],
  };
}

/**
 * How a pharmacy is marked: HL7's organization-type has no pharmacy code, so a pharmacy is a
 * healthcare provider ('prov') whose type also carries the NUCC provider taxonomy's Community/
 * Retail Pharmacy. The portal searches `Organization?type=<this system>|<this code>`
 * (demo/app/src/pharmacy/preferred-pharmacy.ts holds the same coding).
 */
export const PHARMACY_TYPE = {
  system: 'http://nucc.org/provider-taxonomy',
  code: '3336C0003X',
  display: 'Community/Retail Pharmacy',
} as const;

function organization(o: { id: string; name: string }, type: 'ins' | 'prov' | 'pharmacy'): Organization {
  const orgType = {
    system: 'http://terminology.hl7.org/CodeSystem/organization-type',
    code: type === 'ins' ? 'ins' : 'prov',
    display: type === 'ins' ? 'Insurance Company' : 'Healthcare Provider',
  };
  return {
    resourceType: 'Organization',
    id: o.id,
    active: true,
    name: o.name,
    type: [{ coding: type === 'pharmacy' ? [orgType, { ...PHARMACY_TYPE }] : [orgType] }],
    address: [{ line: ['100 Main Street'], city: 'Springfield', state: 'OR', postalCode: '97477', country: 'US' }],
  };
}

/** Every account and profile record of the seed. */
export async function buildPeople(): Promise<AnyRecord[]> {
  const [patientHash, doctorHash, mfaHash, spanishHash] = await Promise.all([
    hashPassword(DemoCredentials.patient.password),
    hashPassword(DemoCredentials.doctor.password),
    hashPassword(DemoCredentials.mfa.password),
    hashPassword(DemoCredentials.spanish.password),
  ]);

  const project: ProjectRecord = {
    resourceType: 'Project',
    id: DEMO_PROJECT_ID,
    name: 'Demo Project',
    owner: { reference: `User/${DemoIds.doctorUser}` },
  };

  const homer: Patient = {
    resourceType: 'Patient',
    id: DemoIds.patient,
    active: true,
    name: [{ use: 'official', given: ['Homer', 'Jay'], family: 'Simpson' }],
    gender: 'male',
    birthDate: '1979-05-12',
    address: [
      {
        use: 'home',
        type: 'both',
        line: ['742 Evergreen Terrace'],
        city: 'Springfield',
        state: 'OR',
        postalCode: '97477',
        country: 'US',
      },
    ],
    telecom: [
      { system: 'email', use: 'home', value: DemoCredentials.patient.email },
      { system: 'phone', use: 'mobile', value: '+1-541-555-0142' },
    ],
    generalPractitioner: [{ reference: `Practitioner/${DemoIds.doctor}`, display: DOCTOR_NAME }],
    managingOrganization: { reference: `Organization/${Organizations.clinic.id}`, display: Organizations.clinic.name },
  };

  const marge: Patient = {
    resourceType: 'Patient',
    id: DemoIds.mfaPatient,
    active: true,
    name: [{ use: 'official', given: ['Marge'], family: 'Simpson' }],
    gender: 'female',
    birthDate: '1981-03-19',
    address: [
      {
        use: 'home',
        type: 'both',
        line: ['742 Evergreen Terrace'],
        city: 'Springfield',
        state: 'OR',
        postalCode: '97477',
        country: 'US',
      },
    ],
    telecom: [{ system: 'email', use: 'home', value: DemoCredentials.mfa.email }],
    generalPractitioner: [{ reference: `Practitioner/${DemoIds.doctor}`, display: DOCTOR_NAME }],
  };

  // Reads Spanish first: Patient.communication says so (preferred), and the portal opens in
  // Spanish when she signs in, on any device (demo/app/src/i18n/LanguageProvider.tsx).
  const lucia: Patient = {
    resourceType: 'Patient',
    id: DemoIds.spanishPatient,
    active: true,
    name: [{ use: 'official', given: ['Lucía'], family: 'Ramírez' }],
    gender: 'female',
    birthDate: '1986-09-02',
    address: [
      {
        use: 'home',
        type: 'both',
        line: ['1250 Cypress Street'],
        city: 'Springfield',
        state: 'OR',
        postalCode: '97477',
        country: 'US',
      },
    ],
    telecom: [
      { system: 'email', use: 'home', value: DemoCredentials.spanish.email },
      { system: 'phone', use: 'mobile', value: '+1-541-555-0178' },
    ],
    communication: [
      { language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'es', display: 'Spanish' }] }, preferred: true },
      { language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'en', display: 'English' }] } },
    ],
    generalPractitioner: [{ reference: `Practitioner/${DemoIds.doctor}`, display: DOCTOR_NAME }],
    managingOrganization: { reference: `Organization/${Organizations.clinic.id}`, display: Organizations.clinic.name },
  };

  const users: UserRecord[] = [
    {
      resourceType: 'User',
      id: DemoIds.patientUser,
      email: DemoCredentials.patient.email,
      passwordHash: patientHash,
      firstName: 'Homer',
      lastName: 'Simpson',
      mfaEnrolled: false,
    },
    {
      resourceType: 'User',
      id: DemoIds.doctorUser,
      email: DemoCredentials.doctor.email,
      passwordHash: doctorHash,
      firstName: 'Julia',
      lastName: 'Hibbert',
      mfaEnrolled: false,
    },
    {
      resourceType: 'User',
      id: DemoIds.mfaUser,
      email: DemoCredentials.mfa.email,
      passwordHash: mfaHash,
      firstName: 'Marge',
      lastName: 'Simpson',
      mfaEnrolled: true,
      mfaSecret: DEMO_MFA_SECRET,
    },
    {
      resourceType: 'User',
      id: DemoIds.spanishUser,
      email: DemoCredentials.spanish.email,
      passwordHash: spanishHash,
      firstName: 'Lucía',
      lastName: 'Ramírez',
      mfaEnrolled: false,
    },
  ];

  const memberships: MembershipRecord[] = [
    {
      resourceType: 'ProjectMembership',
      id: DemoIds.patientMembership,
      project: projectRef,
      user: { reference: `User/${DemoIds.patientUser}`, display: DemoCredentials.patient.email },
      profile: { reference: `Patient/${DemoIds.patient}`, display: PATIENT_NAME },
      admin: false,
    },
    {
      resourceType: 'ProjectMembership',
      id: DemoIds.doctorMembership,
      project: projectRef,
      user: { reference: `User/${DemoIds.doctorUser}`, display: DemoCredentials.doctor.email },
      profile: { reference: `Practitioner/${DemoIds.doctor}`, display: DOCTOR_NAME },
      admin: true,
    },
    {
      resourceType: 'ProjectMembership',
      id: DemoIds.mfaMembership,
      project: projectRef,
      user: { reference: `User/${DemoIds.mfaUser}`, display: DemoCredentials.mfa.email },
      profile: { reference: `Patient/${DemoIds.mfaPatient}`, display: 'Marge Simpson' },
      admin: false,
    },
    {
      resourceType: 'ProjectMembership',
      id: DemoIds.spanishMembership,
      project: projectRef,
      user: { reference: `User/${DemoIds.spanishUser}`, display: DemoCredentials.spanish.email },
      profile: { reference: `Patient/${DemoIds.spanishPatient}`, display: 'Lucía Ramírez' },
      admin: false,
    },
    {
      resourceType: 'ProjectMembership',
      id: DemoIds.clientMembership,
      project: projectRef,
      user: { reference: `ClientApplication/${DEMO_CLIENT_ID}` },
      profile: { reference: `ClientApplication/${DEMO_CLIENT_ID}`, display: 'Demo client' },
      admin: false,
    },
  ];

  const client: ClientApplicationRecord = {
    resourceType: 'ClientApplication',
    id: DEMO_CLIENT_ID,
    name: 'Demo client',
    // Only the digest is stored; the secret itself is a published demo value (README.md).
    secretDigest: clientSecretDigest(DEMO_CLIENT_SECRET),
    redirectUri: DEMO_CLIENT_REDIRECT_URI,
    redirectUris: DEMO_CLIENT_REDIRECT_URIS,
    // First-party (the demo's own): any page on its origins; third-party apps match exactly.
    redirectUriMatch: 'origin',
    project: projectRef,
  };

  return [
    project,
    ...Practitioners.map(practitioner),
    ...Practitioners.map(practitionerRole),
    organization(Organizations.acme, 'ins'),
    organization(Organizations.mutual, 'ins'),
    organization(Organizations.blue, 'ins'),
    organization(Organizations.pharmacy, 'pharmacy'),
    organization(Organizations.mainStreetPharmacy, 'pharmacy'),
    organization(Organizations.riversidePharmacy, 'pharmacy'),
    organization(Organizations.clinic, 'prov'),
    homer,
    marge,
    lucia,
    ...users,
    ...memberships,
    client,
  ];
}
