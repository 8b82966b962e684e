import type { Patient } from 'fhir-portal-kit';
import { describe, expect, it } from 'vitest';
import { BCP47_SYSTEM, preferredLanguageOf, withPreferredLanguage } from './patientLanguage';

const language = (code: string) => ({ coding: [{ system: BCP47_SYSTEM, code }] });

const patient: Patient = {
  resourceType: 'Patient',
  id: 'p1',
  communication: [{ language: language('en-US') }, { language: language('es-MX'), preferred: true }],
};

describe("the patient's preferred language", () => {
  it('is the BCP 47 code of the communication marked preferred', () => {
    expect(preferredLanguageOf(patient)).toBe('es');
  });

  it('is none when no entry is preferred or the portal does not speak it', () => {
    expect(preferredLanguageOf({ communication: [{ language: language('es') }] })).toBeUndefined();
    expect(preferredLanguageOf({ communication: [{ language: language('fr'), preferred: true }] })).toBeUndefined();
    expect(
      preferredLanguageOf({ communication: [{ language: { coding: [{ code: 'es' }] }, preferred: true }] })
    ).toBeUndefined();
  });
});

describe('when the patient prefers another language', () => {
  it('moves preferred to the entry they already have, keeping the others unpreferred', () => {
    expect(withPreferredLanguage(patient, 'en')?.communication).toEqual([
      { language: language('en-US'), preferred: true },
      { language: language('es-MX') },
    ]);
  });

  it('adds an entry for a language they had none for', () => {
    expect(withPreferredLanguage(patient, 'ar')?.communication).toEqual([
      { language: language('en-US') },
      { language: language('es-MX') },
      { language: { coding: [{ system: BCP47_SYSTEM, code: 'ar', display: 'Arabic' }] }, preferred: true },
    ]);
  });

  it('writes nothing when it is already their preferred one', () => {
    expect(withPreferredLanguage(patient, 'es')).toBeUndefined();
  });
});
