import type { Dosage } from 'fhir-portal-kit';
import { describe, expect, it } from 'vitest';
import { dosageText } from './dosage-text';
import { healthRecordText } from './text';

// As the seed writes a prescription: one tablet by mouth, twice a day, for ten days.
const DOSAGE: Dosage = {
  text: '1 tablet',
  route: { text: 'Oral' },
  doseAndRate: [{ doseQuantity: { value: 1, unit: 'tablet' } }],
  timing: {
    repeat: {
      frequency: 2,
      period: 1,
      periodUnit: 'd',
      boundsDuration: { value: 10, unit: 'days', system: 'http://unitsofmeasure.org', code: 'd' },
    },
  },
};

describe('a dosage in the portal language', () => {
  it('keeps the library phrase in English', () => {
    expect(dosageText(DOSAGE, healthRecordText.en, 'en-US', true)).toBe('1 tablet by mouth twice a day for 10 days');
  });

  it('says how often and how long in Spanish, the dose and route as the record writes them', () => {
    expect(dosageText(DOSAGE, healthRecordText.es, 'es', false)).toBe('1 tablet Oral 2 veces al día durante 10 días');
  });

  it('says it in Arabic with the dual form for twice', () => {
    const text = dosageText(DOSAGE, healthRecordText.ar, 'ar', false);
    expect(text).toContain('مرتين يوميًا');
    expect(text).toContain(
      `لمدة ${new Intl.NumberFormat('ar', { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(10)}`
    );
  });

  it('counts a period longer than one unit through Intl', () => {
    const everyTwoWeeks: Dosage = { timing: { repeat: { frequency: 1, period: 2, periodUnit: 'wk' } } };
    expect(dosageText(everyTwoWeeks, healthRecordText.es, 'es', false)).toBe('una vez cada 2 semanas');
  });
});
