import { createVitalObservation, getVitalSign } from 'fhir-portal-kit';
import { isRenewalRequestOf, RENEWAL_CODE } from '../renewals/renewal-task';
import { isReadingOf } from './queued-readings';

describe('what a list counts as its own among queued creates', () => {
  it('a vital reading: this vital, this patient', () => {
    const heartRate = getVitalSign('heart-rate')!;
    const weight = getVitalSign('weight')!;
    const mine = createVitalObservation(heartRate, [72], { reference: 'Patient/1' }, '2026-11-29T10:00:00Z');
    expect(isReadingOf(mine, heartRate, 'Patient/1')).toBe(true);
    expect(isReadingOf(mine, weight, 'Patient/1')).toBe(false);
    expect(isReadingOf(mine, heartRate, 'Patient/2')).toBe(false);
  });

  it('a renewal request: the renewal code, for this patient', () => {
    const task = {
      resourceType: 'Task',
      status: 'requested',
      intent: 'order',
      code: RENEWAL_CODE,
      for: { reference: 'Patient/1' },
    } as const;
    expect(isRenewalRequestOf(task, 'Patient/1')).toBe(true);
    expect(isRenewalRequestOf(task, 'Patient/2')).toBe(false);
    expect(isRenewalRequestOf({ ...task, code: { text: 'other' } }, 'Patient/1')).toBe(false);
  });
});
