import { LOINC, type VitalSign } from 'fhir-portal-kit';

// The searches of the health-record pages, shared with the prefetch of their links so a
// prefetched answer is the one the page asks the client's cache for.

/** lab-results: the patient's reports, newest first. */
export const labResultsQuery = (patientRef: string) => ({ subject: patientRef, _sort: '-_lastUpdated' });

/** medications: the patient's prescriptions, newest first. */
export const medicationsQuery = (patientRef: string) => ({ patient: patientRef, _sort: '-authoredon' });

/** vaccines: the patient's immunizations, newest first. */
export const vaccinesQuery = (patientRef: string) => ({ patient: patientRef, _sort: '-date' });

/** documents: the patient's documents, newest first. */
export const documentsQuery = (patientRef: string) => ({ subject: patientRef, _sort: '-date' });

/** The statuses of a reading that counts: a removed one (entered-in-error) and a cancelled one do not. */
export const VITAL_STATUSES = 'registered,preliminary,final,amended,corrected';

/** vitals: the latest reading of one vital (searched with searchOne). */
export const latestVitalQuery = (vital: VitalSign, patientRef: string) => ({
  patient: patientRef,
  code: `${LOINC}|${vital.code}`,
  status: VITAL_STATUSES,
  _sort: '-date',
});

/** The search for one vital's readings of the patient, oldest first (the chart's order). */
export function vitalQuery(vital: VitalSign, patientRef: string): Record<string, string> {
  return { patient: patientRef, code: `${LOINC}|${vital.code}`, status: VITAL_STATUSES, _sort: 'date', _count: '1000' };
}
