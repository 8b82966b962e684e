import { describe, expect, it } from 'vitest';
import { isOperationOutcomeError } from './outcomes';
import { childElements, elementName, parseStructureDefinition } from './schema';
import type { StructureDefinition } from './types';

const patient = {
  resourceType: 'StructureDefinition',
  name: 'Patient',
  type: 'Patient',
  url: 'http://hl7.org/fhir/StructureDefinition/Patient',
  kind: 'resource',
  snapshot: {
    element: [
      { path: 'Patient', min: 0, max: '*' },
      { path: 'Patient.id', min: 0, max: '1', type: [{ code: 'http://hl7.org/fhirpath/System.String' }] },
      { path: 'Patient.name', min: 0, max: '*', type: [{ code: 'HumanName' }], short: 'A name' },
      {
        path: 'Patient.gender',
        min: 0,
        max: '1',
        type: [{ code: 'code' }],
        binding: { strength: 'required', valueSet: 'http://hl7.org/fhir/ValueSet/administrative-gender|4.0.1' },
      },
      { path: 'Patient.contact', min: 0, max: '*', type: [{ code: 'BackboneElement' }] },
      { path: 'Patient.contact.name', min: 0, max: '1', type: [{ code: 'HumanName' }] },
      {
        path: 'Patient.generalPractitioner',
        min: 0,
        max: '*',
        type: [{ code: 'Reference', targetProfile: ['http://hl7.org/fhir/StructureDefinition/Practitioner'] }],
      },
      { path: 'Patient.link.other', min: 1, max: '1', contentReference: '#Patient.contact' },
    ],
  },
} as unknown as StructureDefinition;

describe('parseStructureDefinition', () => {
  it('reads the elements below the root with their cardinality, types and binding', () => {
    const schema = parseStructureDefinition(patient);
    expect(schema).toMatchObject({ name: 'Patient', type: 'Patient', kind: 'resource' });
    expect(schema.elements[0]).toEqual({ path: 'Patient.id', min: 0, max: 1, types: [{ code: 'string' }] });
    expect(schema.elements[1]).toEqual({
      path: 'Patient.name',
      min: 0,
      max: Infinity,
      types: [{ code: 'HumanName' }],
      short: 'A name',
    });
    expect(schema.elements[2]!.binding).toEqual({
      strength: 'required',
      valueSet: 'http://hl7.org/fhir/ValueSet/administrative-gender|4.0.1',
    });
    expect(schema.elements[5]!.types[0]!.targetProfile).toEqual([
      'http://hl7.org/fhir/StructureDefinition/Practitioner',
    ]);
    expect(schema.elements[6]!.contentReference).toBe('Patient.contact');
  });

  it("fails 'StructureDefinition type missing' without a type", () => {
    let error: unknown;
    try {
      parseStructureDefinition({ ...patient, type: undefined } as unknown as StructureDefinition);
    } catch (e) {
      error = e;
    }
    expect(isOperationOutcomeError(error) && error.message).toBe('StructureDefinition type missing');
  });
});

describe('childElements', () => {
  it('answers the direct children only', () => {
    const schema = parseStructureDefinition(patient);
    expect(childElements(schema, 'Patient').map((e) => elementName(e.path))).toEqual([
      'id',
      'name',
      'gender',
      'contact',
      'generalPractitioner',
    ]);
    expect(childElements(schema, 'Patient.contact').map((e) => e.path)).toEqual(['Patient.contact.name']);
  });

  it('names a choice element without [x]', () => {
    expect(elementName('Observation.value[x]')).toBe('value');
  });
});
