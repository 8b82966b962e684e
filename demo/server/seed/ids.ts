/**
 * Fixed ids and credentials of the seed data, so tests, docs and the demo can name them.
 * Ids are UUID-shaped so they suit any id column. Everything here is demo data only.
 */

/** The demo project: new patients join it when auth/newpatient gets no projectId. */
export const DEMO_PROJECT_ID = '0d3e0000-0000-4000-8000-000000000001';

export const DemoIds = {
  project: DEMO_PROJECT_ID,
  patientUser: '0d3e0000-0000-4000-8000-000000000101',
  patient: '0d3e0000-0000-4000-8000-000000000102',
  patientMembership: '0d3e0000-0000-4000-8000-000000000103',
  doctorUser: '0d3e0000-0000-4000-8000-000000000201',
  doctor: '0d3e0000-0000-4000-8000-000000000202',
  doctorMembership: '0d3e0000-0000-4000-8000-000000000203',
  mfaUser: '0d3e0000-0000-4000-8000-000000000301',
  mfaPatient: '0d3e0000-0000-4000-8000-000000000302',
  mfaMembership: '0d3e0000-0000-4000-8000-000000000303',
  spanishUser: '0d3e0000-0000-4000-8000-000000000311',
  spanishPatient: '0d3e0000-0000-4000-8000-000000000312',
  spanishMembership: '0d3e0000-0000-4000-8000-000000000313',
  clientMembership: '0d3e0000-0000-4000-8000-000000000401',
  frontDeskUser: '0d3e0000-0000-4000-8000-000000000701',
  frontDesk: '0d3e0000-0000-4000-8000-000000000702',
  frontDeskMembership: '0d3e0000-0000-4000-8000-000000000703',
  frontDeskPolicy: '0d3e0000-0000-4000-8000-000000000704',
  frontDeskRole: '0d3e0000-0000-4000-8000-000000000705',
  schedule: '0d3e0000-0000-4000-8000-000000000501',
  generalQuestionnaire: '0d3e0000-0000-4000-8000-000000000601',
  screeningQuestionnaire: '0d3e0000-0000-4000-8000-000000000602',
  intakeQuestionnaire: '0d3e0000-0000-4000-8000-000000000603',
} as const;

/** The client application seeded for client_credentials and SMART launches. */
export const DEMO_CLIENT_ID = 'demo-client';
/** Its secret (demo only; documented in demo/server/README.md). */
export const DEMO_CLIENT_SECRET = 'demo-client-secret';
/** Redirect URI registered for the demo client (the portal of `npm start`); any path on these origins is accepted. */
export const DEMO_CLIENT_REDIRECT_URI = 'http://localhost:3000/';
/** Every origin the demo client may redirect to. */
export const DEMO_CLIENT_REDIRECT_URIS = ['http://localhost:3000/', 'http://127.0.0.1:3000/'];

/** Demo sign-ins (email / password). */
export const DemoCredentials = {
  patient: { email: 'patient@example.com', password: 'patient-demo-1' },
  doctor: { email: 'doctor@example.com', password: 'doctor-demo-1' },
  mfa: { email: 'mfa@example.com', password: 'mfa-demo-1' },
  /** A patient whose preferred language is Spanish: the portal opens in Spanish for her. */
  spanish: { email: 'lucia@example.com', password: 'lucia-demo-1' },
  frontDesk: { email: 'frontdesk@example.com', password: 'frontdesk-demo-1' },
} as const;

/** The fixed TOTP secret (base32) of mfa@example.com. */
export const DEMO_MFA_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Canonical urls of the stored questionnaires. */
export const QuestionnaireUrls = {
  general: 'http://example.com/fhir-portal-kit/Questionnaire/general-health',
  screening: 'http://example.com/fhir-portal-kit/Questionnaire/ahc-hrsn-screening',
  intake: 'http://example.com/fhir-portal-kit/Questionnaire/patient-intake',
} as const;
