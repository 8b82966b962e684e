import { LOINC, type Observation, type VitalSign } from 'fhir-portal-kit';

/** True when an Observation is a reading of this vital (its LOINC code) for this patient, as vitalQuery finds them. */
export function isReadingOf(observation: Observation, vital: VitalSign, patientRef: string): boolean {
  return (
    observation.subject?.reference === patientRef &&
    !!observation.code?.coding?.some((coding) => coding.system === LOINC && coding.code === vital.code)
  );
}
