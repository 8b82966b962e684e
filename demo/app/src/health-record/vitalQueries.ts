import { LOINC, type VitalSign } from 'fhir-portal-kit';

/** The search for one vital's readings of the patient, oldest first (the chart's order). */
export function vitalQuery(vital: VitalSign, patientRef: string): Record<string, string> {
  return { patient: patientRef, code: `${LOINC}|${vital.code}`, _sort: 'date', _count: '1000' };
}
