import {
  createReference,
  getReferenceHref,
  getReferenceString,
  isReference,
  isResource,
  parseReference,
  resolveId,
} from './references';
import type { Patient } from './types';

const alice: Patient = { resourceType: 'Patient', id: '123' };

describe('createReference', () => {
  describe('when given a resource', () => {
    it('points at Type/id', () => {
      expect(createReference(alice)).toEqual({ reference: 'Patient/123' });
      expect(createReference(alice, 'Alice')).toEqual({ reference: 'Patient/123', display: 'Alice' });
    });
  });
});

describe('getReferenceString', () => {
  it('reads resources and references', () => {
    expect(getReferenceString(alice)).toBe('Patient/123');
    expect(getReferenceString({ reference: 'Practitioner/9' })).toBe('Practitioner/9');
  });
});

describe('parseReference', () => {
  describe('when the reference is well formed', () => {
    it.each([
      ['Patient/123', ['Patient', '123']],
      [{ reference: 'Observation/a-1.b' }, ['Observation', 'a-1.b']],
      ['Patient/123/_history/2', ['Patient', '123']],
      ['https://example.com/fhir/R4/Patient/123', ['Patient', '123']],
    ])('splits %j', (input, expected) => expect(parseReference(input as string)).toEqual(expected));
  });

  describe('when there is no reference', () => {
    it.each([undefined, '', {}])("throws 'Missing reference' for %j", (input) =>
      expect(() => parseReference(input as string)).toThrow('Missing reference')
    );
  });

  describe('when the reference is not Type/id', () => {
    it.each(['123', 'Patient', 'patient/1', 'Patient/1/extra', 'Patient/', '#contained'])(
      "throws 'Invalid reference' for %j",
      (input) => expect(() => parseReference(input)).toThrow('Invalid reference')
    );
  });
});

describe('isReference and isResource', () => {
  it('tell the shapes apart', () => {
    expect(isReference({ reference: 'Patient/1' })).toBe(true);
    expect(isReference(alice)).toBe(false);
    expect(isResource(alice)).toBe(true);
    expect(isResource(null)).toBe(false);
  });
});

describe('resolveId', () => {
  it('reads the id of resources and references', () => {
    expect(resolveId(alice)).toBe('123');
    expect(resolveId({ reference: 'Patient/456/_history/1' })).toBe('456');
    expect(resolveId({ display: 'x' })).toBeUndefined();
    expect(resolveId(undefined)).toBeUndefined();
  });
});

describe('getReferenceHref', () => {
  it('links to /Type/id, keeping absolute and slash-led links', () => {
    expect(getReferenceHref(alice)).toBe('/Patient/123');
    expect(getReferenceHref({ reference: 'https://x.org/Patient/1' })).toBe('https://x.org/Patient/1');
    expect(getReferenceHref({ reference: '/Patient/1' })).toBe('/Patient/1');
  });
});

describe('parseReference with absolute references', () => {
  it('reads the last two segments, with or without a version', () => {
    expect(parseReference('https://x.org/fhir/R4/Patient/123/_history/4')).toEqual(['Patient', '123']);
    expect(() => parseReference('https://x.org/')).toThrow('Invalid reference');
  });
});
