import type { AccessPolicy } from './access-policy';
import { getFieldLabel, getResourceFields, guessDatatype } from './resource-fields';
import type { Observation } from './types';

const observation: Observation = {
  resourceType: 'Observation',
  valueQuantity: { value: 72, unit: 'beats/minute' },
  subject: { reference: 'Patient/1', display: 'Homer Simpson' },
  status: 'final',
  code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }], text: 'Heart rate' },
  id: 'o1',
  effectiveDateTime: '2024-05-01T10:00:00Z',
  text: { status: 'generated', div: '<div xmlns="http://www.w3.org/1999/xhtml">72</div>' },
  note: [],
  meta: { versionId: '2' },
};

describe('getResourceFields', () => {
  it('lists the fields in definition order with labels and datatypes', () => {
    expect(getResourceFields(observation).map((f) => [f.key, f.label, f.type])).toEqual([
      ['id', 'Id', 'string'],
      ['meta', 'Meta', 'Meta'],
      ['status', 'Status', 'string'],
      ['code', 'Code', 'CodeableConcept'],
      ['subject', 'Subject', 'Reference'],
      ['effectiveDateTime', 'Effective', 'dateTime'],
      ['valueQuantity', 'Value', 'quantity'],
    ]);
  });

  it('leaves out the fields the access policy hides, by element or choice name', () => {
    const policy: AccessPolicy = {
      resourceType: 'AccessPolicy',
      resource: [{ resourceType: 'Observation', hiddenFields: ['subject', 'value'] }],
    } as AccessPolicy;
    expect(getResourceFields(observation, policy).map((f) => f.key)).toEqual([
      'id',
      'meta',
      'status',
      'code',
      'effectiveDateTime',
    ]);
  });

  it('keeps the JSON order for types it has no table for, after the common elements', () => {
    const fields = getResourceFields({
      resourceType: 'Basic',
      code: { text: 'x' },
      author: { reference: 'Patient/1' },
      id: 'b',
    });
    expect(fields.map((f) => f.key)).toEqual(['id', 'code', 'author']);
  });
});

describe('guessDatatype', () => {
  it.each([
    ['birthDate', '1956-05-12', 'date'],
    ['issued', '2024-05-01T10:00:00Z', 'dateTime'],
    ['description', '2024', 'string'],
    ['active', true, 'boolean'],
    ['count', 3, 'integer'],
    ['name', [{ family: 'Simpson' }], 'HumanName'],
    ['address', [{ city: 'Springfield' }], 'Address'],
    ['telecom', [{ system: 'phone', value: '555' }], 'ContactPoint'],
    ['identifier', [{ system: 'urn:mrn', value: '42' }], 'Identifier'],
    ['period', { start: '2024' }, 'Period'],
    ['dosageInstruction', [{ text: 'Once', timing: {} }], 'Dosage'],
    ['note', [{ text: 'Hi' }], 'Annotation'],
    ['photo', [{ contentType: 'image/png', url: 'https://x' }], 'Attachment'],
    ['referenceRange', [{ low: { value: 1 } }], 'BackboneElement'],
    ['component', [{ code: { coding: [] }, valueQuantity: {} }], 'BackboneElement'],
  ])('reads %s %j as %s', (key, value, type) => expect(guessDatatype(key, value)).toBe(type));

  it('labels element names', () => {
    expect(getFieldLabel('dosageInstruction')).toBe('Dosage Instruction');
  });
});
