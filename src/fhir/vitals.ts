/** The LOINC code system URL. */
export const LOINC = 'http://loinc.org';

/** One measured series of a vital sign (blood pressure has two). */
export interface VitalSeries {
  /** LOINC code of the series. */
  readonly code: string;
  /** Human label of the series. */
  readonly label: string;
}

/** One vital sign of the portal's vitals catalogue. */
export interface VitalSign {
  /** Route segment and stable id. */
  readonly id: 'blood-pressure' | 'body-temperature' | 'height' | 'respiratory-rate' | 'heart-rate' | 'weight';
  /** Human title. */
  readonly title: string;
  /** LOINC code of the Observation. */
  readonly code: string;
  /** Unit of every value. */
  readonly unit: string;
  /** Series measured; a single series uses the Observation's own code and value. */
  readonly series: readonly VitalSeries[];
}

// portal.md section 3, "Vitals catalogue". Single-series vitals use the observation's own code.
/** The vitals catalogue of the portal. */
export const VITALS: readonly VitalSign[] = [
  {
    id: 'blood-pressure',
    title: 'Blood Pressure',
    code: '85354-9',
    unit: 'mm[Hg]',
    series: [
      { code: '8462-4', label: 'Diastolic' },
      { code: '8480-6', label: 'Systolic' },
    ],
  },
  {
    id: 'body-temperature',
    title: 'Body Temperature',
    code: '8310-5',
    unit: 'C',
    series: [{ code: '8310-5', label: 'Body Temperature' }],
  },
  { id: 'height', title: 'Height', code: '8302-2', unit: 'in', series: [{ code: '8302-2', label: 'Height' }] },
  {
    id: 'respiratory-rate',
    title: 'Respiratory Rate',
    code: '9279-1',
    unit: 'breaths/minute',
    series: [{ code: '9279-1', label: 'Respiratory Rate' }],
  },
  {
    id: 'heart-rate',
    title: 'Heart Rate',
    code: '8867-4',
    unit: 'beats/minute',
    series: [{ code: '8867-4', label: 'Heart Rate' }],
  },
  { id: 'weight', title: 'Weight', code: '29463-7', unit: 'lbs', series: [{ code: '29463-7', label: 'Weight' }] },
];

/** The vital sign with the given id, or undefined. */
export function getVitalSign(id: string): VitalSign | undefined {
  return VITALS.find((v) => v.id === id);
}
