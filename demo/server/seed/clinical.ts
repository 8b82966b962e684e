/** Seed: the demo patient's record (labs, medications, vaccines, vitals, care plan, billing, chat). */
import type {
  CarePlan,
  Communication,
  Coverage,
  DiagnosticReport,
  Immunization,
  MedicationRequest,
  Observation,
  PaymentNotice,
  Resource,
} from '../../../src/fhir/types';
import { DemoIds, QuestionnaireUrls } from './ids';
import { DOCTOR_NAME, Organizations, PATIENT_NAME } from './people';
import { daysFrom, iso, isoDate } from './clock';
import { seedId } from './seed-id';

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const patientRef = { reference: `Patient/${DemoIds.patient}`, display: PATIENT_NAME };
const doctorRef = { reference: `Practitioner/${DemoIds.doctor}`, display: DOCTOR_NAME };
const category = (code: string, display: string) => [
  { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code, display }] },
];

/** How many readings of each vital the seed holds: three weeks apart, two years back from two days ago. */
export const VITAL_READINGS = 36;

// A reading's value: a base, a slow trend and a wobble, so two years of readings look lived.
const wave =
  (base: number, trend: number, amplitude: number, speed: number, digits = 0) =>
  (i: number) =>
    Number((base + trend * i + amplitude * Math.sin(i * speed)).toFixed(digits));

/** One series of a vital: a component (code, display) of a panel, or the value itself. */
interface VitalSeries {
  code?: string;
  display?: string;
  value: (i: number) => number;
}

/** The vitals catalogue of portal.md section 3: id, LOINC code, unit (as the portal shows it) and series. */
export const VitalsCatalogue = [
  {
    id: 'blood-pressure',
    code: '85354-9',
    display: 'Blood pressure panel',
    unit: 'mm[Hg]',
    ucum: 'mm[Hg]',
    series: [
      { code: '8462-4', display: 'Diastolic blood pressure', value: wave(86, -0.2, 3, 1.3) },
      { code: '8480-6', display: 'Systolic blood pressure', value: wave(138, -0.35, 4, 0.8) },
    ],
  },
  {
    id: 'body-temperature',
    code: '8310-5',
    display: 'Body temperature',
    unit: 'C',
    ucum: 'Cel',
    series: [{ value: wave(36.8, 0, 0.3, 1.7, 1) }],
  },
  {
    id: 'height',
    code: '8302-2',
    display: 'Body height',
    unit: 'in',
    ucum: '[in_i]',
    series: [{ value: () => 70 }],
  },
  {
    id: 'respiratory-rate',
    code: '9279-1',
    display: 'Respiratory rate',
    unit: 'breaths/minute',
    ucum: '/min',
    series: [{ value: wave(16, 0, 1.4, 2.1) }],
  },
  {
    id: 'heart-rate',
    code: '8867-4',
    display: 'Heart rate',
    unit: 'beats/minute',
    ucum: '/min',
    series: [{ value: wave(75, -0.05, 4, 1.1) }],
  },
  {
    id: 'weight',
    code: '29463-7',
    display: 'Body weight',
    unit: 'lbs',
    ucum: '[lb_av]',
    series: [{ value: wave(247, -0.5, 1.5, 0.7) }],
  },
] as const;

/** VITAL_READINGS readings of each vital, oldest first, three weeks apart, the newest two days ago. */
function vitals(now: Date): Observation[] {
  const out: Observation[] = [];
  for (const vital of VitalsCatalogue) {
    for (let i = 0; i < VITAL_READINGS; i++) {
      const when = daysFrom(now, -2 - (VITAL_READINGS - 1 - i) * 21, 8 + (i % 3), 15);
      const quantity = (value: number) => ({ value, unit: vital.unit, system: UCUM, code: vital.ucum });
      const obs: Observation = {
        resourceType: 'Observation',
        id: seedId(`vital:${vital.id}:${i}`),
        status: 'final',
        category: category('vital-signs', 'Vital Signs'),
        code: { coding: [{ system: LOINC, code: vital.code, display: vital.display }], text: vital.display },
        subject: patientRef,
        effectiveDateTime: iso(when),
        performer: [patientRef],
      };
      if (vital.series.length > 1) {
        obs.component = (vital.series as readonly VitalSeries[]).map((s) => ({
          code: { coding: [{ system: LOINC, code: s.code, display: s.display }], text: s.display },
          valueQuantity: quantity(s.value(i)),
        }));
      } else {
        obs.valueQuantity = quantity(vital.series[0].value(i));
      }
      out.push(obs);
    }
  }
  return out;
}

interface LabTest {
  code: string;
  display: string;
  value: number;
  unit: string;
  ucum: string;
  low?: number;
  high?: number;
  note?: string;
}

const LAB_PANELS: { key: string; code: string; display: string; daysAgo: number; tests: LabTest[] }[] = [
  {
    key: 'cbc',
    code: '58410-2',
    display: 'Complete blood count (CBC) panel',
    daysAgo: 9,
    tests: [
      { code: '718-7', display: 'Hemoglobin', value: 14.6, unit: 'g/dL', ucum: 'g/dL', low: 13.2, high: 16.6 },
      { code: '6690-2', display: 'Leukocytes', value: 6.8, unit: '10*3/uL', ucum: '10*3/uL', low: 3.4, high: 9.6 },
      { code: '777-3', display: 'Platelets', value: 245, unit: '10*3/uL', ucum: '10*3/uL', low: 135, high: 317 },
      { code: '4544-3', display: 'Hematocrit', value: 43.1, unit: '%', ucum: '%', low: 38.3, high: 48.6 },
    ],
  },
  {
    key: 'lipids',
    code: '57698-3',
    display: 'Lipid panel',
    daysAgo: 9,
    tests: [
      { code: '2093-3', display: 'Cholesterol, total', value: 228, unit: 'mg/dL', ucum: 'mg/dL', high: 200 },
      { code: '2085-9', display: 'HDL cholesterol', value: 38, unit: 'mg/dL', ucum: 'mg/dL', low: 40 },
      {
        code: '13457-7',
        display: 'LDL cholesterol (calculated)',
        value: 151,
        unit: 'mg/dL',
        ucum: 'mg/dL',
        high: 100,
        note: 'Fasting sample, 12 hours.',
      },
      { code: '2571-8', display: 'Triglycerides', value: 196, unit: 'mg/dL', ucum: 'mg/dL', high: 150 },
    ],
  },
  {
    key: 'bmp',
    code: '51990-0',
    display: 'Basic metabolic panel',
    daysAgo: 95,
    tests: [
      { code: '2345-7', display: 'Glucose', value: 104, unit: 'mg/dL', ucum: 'mg/dL', low: 70, high: 99 },
      { code: '2951-2', display: 'Sodium', value: 140, unit: 'mmol/L', ucum: 'mmol/L', low: 135, high: 145 },
      { code: '2823-3', display: 'Potassium', value: 4.2, unit: 'mmol/L', ucum: 'mmol/L', low: 3.5, high: 5.1 },
      { code: '2160-0', display: 'Creatinine', value: 1.0, unit: 'mg/dL', ucum: 'mg/dL', low: 0.74, high: 1.35 },
    ],
  },
  {
    key: 'a1c',
    code: '4548-4',
    display: 'Hemoglobin A1c',
    daysAgo: 95,
    tests: [
      {
        code: '4548-4',
        display: 'Hemoglobin A1c/Hemoglobin.total in Blood',
        value: 6.1,
        unit: '%',
        ucum: '%',
        high: 5.7,
      },
    ],
  },
];

function interpretation(t: LabTest) {
  const code = t.high !== undefined && t.value > t.high ? 'H' : t.low !== undefined && t.value < t.low ? 'L' : 'N';
  const display = code === 'H' ? 'High' : code === 'L' ? 'Low' : 'Normal';
  return [
    {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code, display }],
      text: display,
    },
  ];
}

function labs(now: Date): Resource[] {
  const out: Resource[] = [];
  for (const panel of LAB_PANELS) {
    const when = iso(daysFrom(now, -panel.daysAgo, 7, 40));
    const issued = iso(daysFrom(now, -panel.daysAgo + 1, 14, 5));
    const observations: Observation[] = panel.tests.map((t) => ({
      resourceType: 'Observation',
      id: seedId(`lab:${panel.key}:${t.code}`),
      status: 'final',
      category: category('laboratory', 'Laboratory'),
      code: { coding: [{ system: LOINC, code: t.code, display: t.display }], text: t.display },
      subject: patientRef,
      effectiveDateTime: when,
      issued,
      performer: [doctorRef],
      valueQuantity: { value: t.value, unit: t.unit, system: UCUM, code: t.ucum },
      interpretation: interpretation(t),
      ...(t.note ? { note: [{ text: t.note, authorReference: doctorRef }] } : {}),
      referenceRange: [
        {
          ...(t.low !== undefined ? { low: { value: t.low, unit: t.unit, system: UCUM, code: t.ucum } } : {}),
          ...(t.high !== undefined ? { high: { value: t.high, unit: t.unit, system: UCUM, code: t.ucum } } : {}),
        },
      ],
    }));
    const report: DiagnosticReport = {
      resourceType: 'DiagnosticReport',
      id: seedId(`report:${panel.key}`),
      status: 'final',
      category: [
        { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB', display: 'Laboratory' }] },
      ],
      code: { coding: [{ system: LOINC, code: panel.code, display: panel.display }], text: panel.display },
      subject: patientRef,
      effectiveDateTime: when,
      issued,
      performer: [doctorRef],
      specimen: [{ display: panel.key === 'a1c' || panel.key === 'cbc' ? 'Whole blood (EDTA)' : 'Serum' }],
      result: observations.map((o) => ({ reference: `Observation/${o.id}`, display: o.code.text })),
      conclusion: panel.key === 'lipids' ? 'LDL above goal; continue atorvastatin and review diet.' : undefined,
    };
    if (!report.conclusion) delete report.conclusion;
    out.push(...observations, report);
  }
  return out;
}

function medications(now: Date): MedicationRequest[] {
  const meds = [
    {
      key: 'lisinopril',
      text: 'Lisinopril 10 mg oral tablet',
      rxnorm: '314076',
      dose: 'Take 1 tablet by mouth once daily',
      frequency: 1,
      daysAgo: 120,
      status: 'active' as const,
    },
    {
      key: 'atorvastatin',
      text: 'Atorvastatin 20 mg oral tablet',
      rxnorm: '617310',
      dose: 'Take 1 tablet by mouth every evening',
      frequency: 1,
      daysAgo: 60,
      status: 'active' as const,
    },
    {
      key: 'metformin',
      text: 'Metformin 500 mg oral tablet',
      rxnorm: '861007',
      dose: 'Take 1 tablet by mouth twice daily with meals',
      frequency: 2,
      daysAgo: 30,
      status: 'active' as const,
    },
    {
      key: 'amoxicillin',
      text: 'Amoxicillin 500 mg oral capsule',
      rxnorm: '308191',
      dose: 'Take 1 capsule by mouth three times daily for 10 days',
      frequency: 3,
      daysAgo: 200,
      status: 'completed' as const,
    },
  ];
  return meds.map((m) => ({
    resourceType: 'MedicationRequest',
    id: seedId(`med:${m.key}`),
    status: m.status,
    intent: 'order',
    medicationCodeableConcept: {
      coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: m.rxnorm, display: m.text }],
      text: m.text,
    },
    subject: patientRef,
    authoredOn: iso(daysFrom(now, -m.daysAgo, 15)),
    requester: doctorRef,
    dosageInstruction: [
      {
        text: m.dose,
        timing: {
          repeat: {
            frequency: m.frequency,
            period: 1,
            periodUnit: 'd',
            ...(m.key === 'amoxicillin'
              ? { boundsDuration: { value: 10, unit: 'days', system: UCUM, code: 'd' } }
              : {}),
          },
        },
        route: { text: 'Oral' },
        doseAndRate: [{ doseQuantity: { value: 1, unit: m.key === 'amoxicillin' ? 'capsule' : 'tablet' } }],
      },
    ],
    dispenseRequest: {
      numberOfRepeatsAllowed: 3,
      quantity: { value: 90, unit: 'tablet' },
      expectedSupplyDuration: { value: 90, unit: 'days', system: UCUM, code: 'd' },
    },
  }));
}

function immunizations(now: Date): Immunization[] {
  const CVX = 'http://hl7.org/fhir/sid/cvx';
  const list = [
    { key: 'flu-last', cvx: '150', text: 'Influenza, injectable, quadrivalent', days: -380, done: true },
    { key: 'tdap', cvx: '115', text: 'Tdap', days: -5 * 365, done: true },
    { key: 'covid', cvx: '300', text: 'COVID-19, mRNA vaccine', days: -300, done: true },
    {
      key: 'hepb',
      cvx: '08',
      text: 'Hepatitis B, adolescent or pediatric',
      days: undefined,
      done: true,
      date: '1985-06',
    },
    { key: 'flu-next', cvx: '150', text: 'Influenza, injectable, quadrivalent', days: 12, done: false },
    { key: 'shingles', cvx: '187', text: 'Zoster vaccine recombinant', days: 40, done: false },
  ];
  return list
    .map((v) => ({
      resourceType: 'Immunization',
      id: seedId(`imm:${v.key}`),
      // Upcoming doses are not given yet: R4 has no 'planned' status, so they are 'not-done' with a reason.
      status: v.done ? 'completed' : 'not-done',
      ...(v.done ? {} : { statusReason: { text: 'Scheduled' } }),
      vaccineCode: { coding: [{ system: CVX, code: v.cvx, display: v.text }], text: v.text },
      patient: patientRef,
      // A childhood dose known only to the month: a partial dateTime ('2019-05').
      occurrenceDateTime: v.days !== undefined ? iso(daysFrom(now, v.days, 10)) : (v as { date?: string }).date,
      primarySource: v.done,
      location: { display: v.done ? 'Springfield Family Clinic' : 'Evergreen Pharmacy' },
      performer: v.done ? [{ actor: doctorRef }] : undefined,
    }))
    .map((i) => {
      if (!i.performer) delete i.performer;
      return i as Immunization;
    });
}

function carePlans(now: Date): CarePlan[] {
  const items = [
    {
      key: 'walk',
      title: 'Walk 30 minutes a day',
      status: 'active' as const,
      start: -30,
      end: 60,
      text: 'Build up to a brisk 30-minute walk five days a week.',
    },
    {
      key: 'sodium',
      title: 'Reduce sodium intake',
      status: 'active' as const,
      start: -30,
      end: 90,
      text: 'Aim for under 2,300 mg of sodium a day; avoid processed snacks.',
    },
    {
      key: 'eye',
      title: 'Book an annual eye exam',
      status: 'active' as const,
      start: 0,
      end: 45,
      text: 'Diabetes screening: a dilated eye exam once a year.',
    },
    {
      key: 'screening',
      title: 'Complete the AHC HRSN screening',
      status: 'draft' as const,
      start: 0,
      end: 14,
      text: 'Fill in the social needs screening questionnaire.',
      // The form to fill in, by its canonical url: the portal links the item to its route.
      form: QuestionnaireUrls.screening,
    },
    {
      key: 'labs',
      title: 'Repeat lipid panel',
      status: 'on-hold' as const,
      start: 60,
      end: 90,
      text: 'Fasting blood draw in three months.',
    },
    {
      key: 'intake',
      title: 'Finish the patient intake form',
      status: 'completed' as const,
      start: -60,
      end: -50,
      text: 'Completed at the first visit.',
    },
  ];
  return items.map((c) => ({
    ...('form' in c &&
      c.form && {
        activity: [
          {
            detail: {
              kind: 'Task' as const,
              instantiatesCanonical: [c.form],
              status: 'not-started' as const,
              description: c.text,
            },
          },
        ],
      }),
    resourceType: 'CarePlan',
    id: seedId(`careplan:${c.key}`),
    status: c.status,
    intent: 'plan',
    title: c.title,
    description: c.text,
    subject: patientRef,
    period: { start: isoDate(daysFrom(now, c.start)), end: isoDate(daysFrom(now, c.end)) },
    author: doctorRef,
    category: [
      {
        coding: [{ system: 'http://hl7.org/fhir/us/core/CodeSystem/careplan-category', code: 'assess-plan' }],
        text: 'Action item',
      },
    ],
  }));
}

function billing(now: Date): Resource[] {
  const REL = 'http://terminology.hl7.org/CodeSystem/subscriber-relationship';
  const coverages: Coverage[] = [
    {
      resourceType: 'Coverage',
      id: seedId('coverage:medical'),
      status: 'active',
      type: {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
            code: 'HIP',
            display: 'health insurance plan policy',
          },
        ],
      },
      subscriber: patientRef,
      subscriberId: 'ACM-4471-2290',
      beneficiary: patientRef,
      relationship: { coding: [{ system: REL, code: 'self', display: 'Self' }] },
      period: { start: isoDate(daysFrom(now, -400)) },
      payor: [{ reference: `Organization/${Organizations.acme.id}`, display: Organizations.acme.name }],
    },
    {
      resourceType: 'Coverage',
      id: seedId('coverage:dental'),
      status: 'active',
      type: {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'DENTPRG', display: 'dental program' },
        ],
      },
      subscriber: { display: 'Marge Simpson' },
      subscriberId: 'SMD-88120-02',
      beneficiary: patientRef,
      relationship: { coding: [{ system: REL, code: 'spouse', display: 'Spouse' }] },
      period: { start: isoDate(daysFrom(now, -200)) },
      payor: [{ reference: `Organization/${Organizations.mutual.id}`, display: Organizations.mutual.name }],
    },
  ];
  const payments: PaymentNotice[] = [
    { days: -40, amount: 35 },
    { days: -10, amount: 120.5 },
  ].map((p, i) => ({
    resourceType: 'PaymentNotice',
    id: seedId(`payment:${i}`),
    status: 'active',
    created: iso(daysFrom(now, p.days, 16)),
    request: { reference: `Coverage/${coverages[0].id}` },
    payment: { display: `Payment ${i + 1} by card` },
    paymentDate: isoDate(daysFrom(now, p.days)),
    payee: { reference: `Organization/${Organizations.clinic.id}`, display: Organizations.clinic.name },
    recipient: { reference: `Organization/${Organizations.clinic.id}`, display: Organizations.clinic.name },
    amount: { value: p.amount, currency: 'USD' },
  }));
  return [...coverages, ...payments];
}

/** The chat between the patient and the doctor; the newest message is not yet received. */
function messages(now: Date): Communication[] {
  const thread = [
    {
      from: 'patient',
      text: 'Hi Dr. Hibbert, my blood pressure readings at home have been a bit higher this week.',
      days: -3,
      hour: 8,
    },
    {
      from: 'doctor',
      text: 'Thanks for letting me know, Homer. Are you taking the lisinopril every morning?',
      days: -3,
      hour: 10,
    },
    { from: 'patient', text: 'Most days. I forgot it twice last week.', days: -3, hour: 11 },
    {
      from: 'doctor',
      text: 'Try setting a phone reminder. Please add your readings in the portal for the next seven days.',
      days: -2,
      hour: 9,
    },
    { from: 'patient', text: 'Will do. Should I also book a follow-up?', days: -1, hour: 17 },
    {
      from: 'doctor',
      text: 'Yes, please book a one-hour slot in Get Care for next week and we will review the numbers together.',
      days: 0,
      hour: 0,
    },
  ];
  return thread.map((m, i) => {
    const sent = daysFrom(now, m.days, m.hour, 5);
    const last = i === thread.length - 1;
    const sender = m.from === 'patient' ? patientRef : doctorRef;
    const recipient = m.from === 'patient' ? doctorRef : patientRef;
    return {
      resourceType: 'Communication',
      id: seedId(`message:${i}`),
      status: last ? 'in-progress' : 'completed',
      subject: patientRef,
      sender,
      recipient: [recipient],
      sent: iso(sent),
      ...(last ? {} : { received: iso(new Date(sent.getTime() + 20 * 60_000)) }),
      payload: [{ contentString: m.text }],
    } as Communication;
  });
}

/** Every clinical resource of the demo patient. */
export function buildClinical(now: Date): Resource[] {
  return [
    ...labs(now),
    ...medications(now),
    ...immunizations(now),
    ...vitals(now),
    ...carePlans(now),
    ...billing(now),
    ...messages(now),
  ];
}
