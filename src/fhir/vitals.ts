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
  /** Unit of every value, as the portal shows it. */
  readonly unit: string;
  /** The same unit as a UCUM code (http://unitsofmeasure.org), for valueQuantity.code. */
  readonly ucum: string;
  /** What the measurement is, for the 'What is this measurement?' box. */
  readonly description: string;
  /** Series measured; a single series uses the Observation's own code and value. */
  readonly series: readonly VitalSeries[];
}

// The vitals catalogue: what the portal lists and records. Single-series vitals use the observation's own code.
/** The vitals catalogue of the portal. */
export const VITALS: readonly VitalSign[] = [
  {
    id: 'blood-pressure',
    title: 'Blood Pressure',
    code: '85354-9',
    unit: 'mm[Hg]',
    ucum: 'mm[Hg]',
    description:
      'Blood pressure is the force of blood pushing against the walls of your arteries. The top number (systolic) is the pressure when your heart beats; the bottom number (diastolic) is the pressure between beats.',
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
    ucum: 'Cel',
    description:
      'Body temperature shows how warm your body is. A normal temperature is around 37 °C; a fever is usually 38 °C or higher.',
    series: [{ code: '8310-5', label: 'Body Temperature' }],
  },
  {
    id: 'height',
    title: 'Height',
    code: '8302-2',
    unit: 'in',
    ucum: '[in_i]',
    description:
      'Your height, measured standing without shoes. Together with your weight it gives your body mass index.',
    series: [{ code: '8302-2', label: 'Height' }],
  },
  {
    id: 'respiratory-rate',
    title: 'Respiratory Rate',
    code: '9279-1',
    unit: 'breaths/minute',
    ucum: '/min',
    description: 'Respiratory rate is the number of breaths you take in a minute at rest; most adults take 12 to 20.',
    series: [{ code: '9279-1', label: 'Respiratory Rate' }],
  },
  {
    id: 'heart-rate',
    title: 'Heart Rate',
    code: '8867-4',
    unit: 'beats/minute',
    ucum: '/min',
    description:
      'Heart rate, or pulse, is the number of times your heart beats in a minute. A resting heart rate for adults is usually between 60 and 100.',
    series: [{ code: '8867-4', label: 'Heart Rate' }],
  },
  {
    id: 'weight',
    title: 'Weight',
    code: '29463-7',
    unit: 'lbs',
    ucum: '[lb_av]',
    description:
      'Your body weight. Weighing yourself at the same time of day, on the same scale, makes changes easier to see.',
    series: [{ code: '29463-7', label: 'Weight' }],
  },
];

/** The vital sign with the given id, or undefined. */
export function getVitalSign(id: string): VitalSign | undefined {
  return VITALS.find((v) => v.id === id);
}
