import { describe, expect, it } from 'vitest';
import { ResourceJson, bundleJson } from './json-text';

describe('bundleJson', () => {
  it('splices stored JSON text into the entries and serialises everything else', () => {
    const text = bundleJson({
      resourceType: 'Bundle',
      type: 'searchset',
      total: 2,
      entry: [
        {
          fullUrl: 'http://h/fhir/R4/Observation/1',
          resource: new ResourceJson('Observation', '1', '{"id": "1", "resourceType": "Observation"}'),
          search: { mode: 'match' },
        },
        { fullUrl: 'http://h/fhir/R4/Patient/2', resource: { resourceType: 'Patient', id: '2' } },
        { response: { status: '204' } },
        {},
      ],
    });
    expect(JSON.parse(text)).toEqual({
      resourceType: 'Bundle',
      type: 'searchset',
      total: 2,
      entry: [
        {
          fullUrl: 'http://h/fhir/R4/Observation/1',
          resource: { resourceType: 'Observation', id: '1' },
          search: { mode: 'match' },
        },
        { fullUrl: 'http://h/fhir/R4/Patient/2', resource: { resourceType: 'Patient', id: '2' } },
        { response: { status: '204' } },
        {},
      ],
    });
  });
  it('writes a Bundle without entries as plain JSON', () => {
    expect(bundleJson({ resourceType: 'Bundle', type: 'searchset', total: 0 })).toBe(
      '{"resourceType":"Bundle","type":"searchset","total":0}'
    );
  });
});
