import type { Observation, Resource } from 'fhir-portal-kit';
import { describe, expect, it } from 'vitest';
import { clinicalTabs } from './PatientPage';
import { staffText } from './text';

describe("the staff patient page's Observations tab", () => {
  const tab = clinicalTabs(staffText.en).find((t) => t.path === 'observations')!;
  const value = tab.columns.find((c) => typeof c === 'object' && c.key === 'value') as {
    label: string;
    render: (r: Resource) => string;
  };

  it('has a Value column that reads blood pressure systolic over diastolic, as the patient sees it', () => {
    const bp: Observation = {
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '85354-9' }] },
      component: [
        { code: { coding: [{ code: '8462-4' }] }, valueQuantity: { value: 82, code: 'mm[Hg]' } },
        { code: { coding: [{ code: '8480-6' }] }, valueQuantity: { value: 132, code: 'mm[Hg]' } },
      ],
    };
    expect(value.label).toBe('Value');
    expect(value.render(bp)).toBe('132/82 mmHg');
    expect(
      value.render({ ...bp, component: undefined, valueQuantity: { value: 72, unit: 'beats/minute' } } as Observation)
    ).toBe('72 beats/minute');
  });
});
