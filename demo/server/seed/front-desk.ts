/**
 * Seed: the front-desk staff member and the AccessPolicy that limits them (client-layer.md
 * section 6, issue 14): patients' demographics shown and editable except Patient.telecom, which
 * is read-only; scheduling and coverage for check-in; the catalogue and definitions read-only;
 * clinical resources (observations, reports, medications, conditions, messages...) not covered,
 * so the server refuses them and the staff tools leave their tabs out.
 */
import type { AccessPolicy } from '../../../src/fhir/access-policy';
import type { Practitioner, PractitionerRole } from '../../../src/fhir/types';
import type { MembershipRecord, UserRecord } from '../core/account-records';
import { hashPassword } from '../auth/password';
import { DEMO_PROJECT_ID, DemoCredentials, DemoIds } from './ids';

/** Display name of the front-desk member. */
export const FRONT_DESK_NAME = 'Rosa Martinez';

/** The front desk's policy. */
export const frontDeskPolicy: AccessPolicy = {
  resourceType: 'AccessPolicy',
  id: DemoIds.frontDeskPolicy,
  name: 'Front desk',
  resource: [
    {
      resourceType: 'Patient',
      interaction: ['create', 'read', 'vread', 'search', 'history', 'update', 'patch'],
      readonlyFields: ['telecom'],
    },
    { resourceType: 'Appointment' },
    { resourceType: 'Coverage' },
    ...[
      'Practitioner',
      'PractitionerRole',
      'Organization',
      'Location',
      'HealthcareService',
      'Schedule',
      'Slot',
      'ValueSet',
      'CodeSystem',
      'StructureDefinition',
      'SearchParameter',
    ].map((resourceType) => ({ resourceType, readonly: true })),
  ],
};

/** The front-desk member's profile, user, membership and policy. */
export async function buildFrontDesk(): Promise<
  (Practitioner | PractitionerRole | UserRecord | MembershipRecord | AccessPolicy)[]
> {
  const practitioner: Practitioner = {
    resourceType: 'Practitioner',
    id: DemoIds.frontDesk,
    active: true,
    name: [{ use: 'official', given: ['Rosa'], family: 'Martinez' }],
    telecom: [{ system: 'email', use: 'work', value: DemoCredentials.frontDesk.email }],
    qualification: [{ code: { text: 'Front desk' } }],
  };
  const user: UserRecord = {
    resourceType: 'User',
    id: DemoIds.frontDeskUser,
    email: DemoCredentials.frontDesk.email,
    passwordHash: await hashPassword(DemoCredentials.frontDesk.password),
    firstName: 'Rosa',
    lastName: 'Martinez',
    mfaEnrolled: false,
  };
  const membership: MembershipRecord = {
    resourceType: 'ProjectMembership',
    id: DemoIds.frontDeskMembership,
    project: { reference: `Project/${DEMO_PROJECT_ID}`, display: 'Demo Project' },
    user: { reference: `User/${DemoIds.frontDeskUser}`, display: DemoCredentials.frontDesk.email },
    profile: { reference: `Practitioner/${DemoIds.frontDesk}`, display: FRONT_DESK_NAME },
    accessPolicy: { reference: `AccessPolicy/${DemoIds.frontDeskPolicy}`, display: 'Front desk' },
    admin: false,
  };
  // Her role at the clinic is the front desk, not a clinician's (doctor, nurse): the patients'
  // Messages page, which lists clinicians, leaves her out; her policy has no Communication.
  const role: PractitionerRole = {
    resourceType: 'PractitionerRole',
    id: DemoIds.frontDeskRole,
    active: true,
    practitioner: { reference: `Practitioner/${DemoIds.frontDesk}`, display: FRONT_DESK_NAME },
    code: [{ text: 'Front desk' }],
  };
  return [practitioner, role, user, membership, frontDeskPolicy];
}
