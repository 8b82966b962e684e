// Canonical urls of the stored questionnaires the portal's fixed routes show. They match the
// seed data of the reference server (demo/server/seed/ids.ts); any server holding
// questionnaires with these urls works.
export const PortalQuestionnaires = {
  screening: 'http://example.com/fhir-portal-kit/Questionnaire/ahc-hrsn-screening',
  intake: 'http://example.com/fhir-portal-kit/Questionnaire/patient-intake',
} as const;
