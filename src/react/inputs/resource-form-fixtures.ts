// Schemas for ResourceForm's tests and stories: a Patient and the data types its fields use,
// shaped as the server's StructureDefinitions are (a snapshot of elements). Not exported.
import { parseStructureDefinition, type TypeSchema } from '../../fhir';
import type { SchemaLoader } from './useResourceForm';

type Element = { path: string; min?: number; max?: string; type?: string[]; binding?: string; target?: string[] };

function definition(type: string, elements: Element[]): TypeSchema {
  return parseStructureDefinition({
    resourceType: 'StructureDefinition',
    name: type,
    type,
    url: `http://hl7.org/fhir/StructureDefinition/${type}`,
    snapshot: {
      element: [
        { path: type, min: 0, max: '*' },
        ...elements.map((e) => ({
          path: `${type}.${e.path}`,
          min: e.min ?? 0,
          max: e.max ?? '1',
          type: (e.type ?? []).map((code) => ({
            code,
            ...(e.target ? { targetProfile: e.target.map((t) => `http://hl7.org/fhir/StructureDefinition/${t}`) } : {}),
          })),
          ...(e.binding ? { binding: { strength: 'required' as const, valueSet: e.binding } } : {}),
        })),
      ],
    },
  });
}

/** The Patient fields the fixtures define. */
export const patientSchema = definition('Patient', [
  { path: 'id', type: ['id'] },
  { path: 'meta', type: ['Meta'] },
  { path: 'extension', max: '*', type: ['Extension'] },
  { path: 'active', type: ['boolean'] },
  { path: 'name', max: '*', type: ['HumanName'], min: 1 },
  { path: 'telecom', max: '*', type: ['ContactPoint'] },
  { path: 'gender', type: ['code'], binding: 'http://hl7.org/fhir/ValueSet/administrative-gender|4.0.1' },
  { path: 'birthDate', type: ['date'] },
  { path: 'deceased[x]', type: ['boolean', 'dateTime'] },
  { path: 'address', max: '*', type: ['Address'] },
  { path: 'multipleBirth[x]', type: ['boolean', 'integer'] },
  { path: 'contact', max: '*', type: ['BackboneElement'] },
  { path: 'contact.relationship', max: '*', type: ['CodeableConcept'] },
  { path: 'contact.name', type: ['HumanName'] },
  { path: 'generalPractitioner', max: '*', type: ['Reference'], target: ['Organization', 'Practitioner'] },
]);

/** ContactPoint, the data type a Patient's telecom holds. */
export const contactPointSchema = definition('ContactPoint', [
  { path: 'id', type: ['string'] },
  {
    path: 'system',
    type: ['code'],
    binding: 'http://hl7.org/fhir/ValueSet/contact-point-system|4.0.1',
  },
  { path: 'value', type: ['string'] },
  { path: 'use', type: ['code'] },
]);

/** Answers the fixtures' schemas; anything else fails as the client does. */
export const loadFixtureSchema: SchemaLoader = async (type) => {
  const schema = { Patient: patientSchema, ContactPoint: contactPointSchema }[type];
  if (!schema) throw new Error('StructureDefinition not found');
  return schema;
};
