// Where the portal keeps a patient's preferred pharmacy: the HL7 FHIR Extensions Pack's
// "Patient preferred pharmacy" extension on their Patient record. R4 core and US Core have no
// element or extension for it; the Extensions Pack one (trial use, usable with R4) is the
// standard's own, so any FHIR server stores it as it is. It is complex: `pharmacy` is a
// Reference(Organization), `type` the kind of medication it is preferred for (required by the
// definition; its binding is only an example, so the portal says 'Outpatient medications' in
// text). The reference server lets a patient change this extension and no other
// (demo/server/access/preferred-pharmacy.ts).
import type { Extension, Patient, Reference } from 'fhir-portal-kit';

/** The extension's canonical url. */
export const PREFERRED_PHARMACY_URL = 'http://hl7.org/fhir/StructureDefinition/patient-preferredPharmacy';

/**
 * How the clinic's pharmacies are told apart from its other Organizations: HL7's organization-type
 * has no pharmacy code, so they carry the NUCC provider taxonomy's Community/Retail Pharmacy (the
 * reference server's seed, demo/server/seed/people.ts, marks them so).
 */
export const PHARMACY_TYPE = { system: 'http://nucc.org/provider-taxonomy', code: '3336C0003X' } as const;

/** The search that lists the clinic's pharmacies by name. */
export const PHARMACY_SEARCH = {
  type: `${PHARMACY_TYPE.system}|${PHARMACY_TYPE.code}`,
  _sort: 'name',
  _count: '50',
} as const;

/** The patient's preferred pharmacy (the first, for general outpatient use), or undefined. */
export function preferredPharmacyOf(patient: Patient | undefined): Reference | undefined {
  const extension = patient?.extension?.find((e) => e.url === PREFERRED_PHARMACY_URL);
  const pharmacy = extension?.extension?.find((e) => e.url === 'pharmacy')?.valueReference;
  return pharmacy?.reference ? pharmacy : undefined;
}

/** The patient with `pharmacy` as their one preferred pharmacy (none when undefined), the rest kept. */
export function withPreferredPharmacy(patient: Patient, pharmacy: Reference | undefined): Patient {
  const others = (patient.extension ?? []).filter((e) => e.url !== PREFERRED_PHARMACY_URL);
  const preferred: Extension[] = pharmacy
    ? [
        {
          url: PREFERRED_PHARMACY_URL,
          extension: [
            { url: 'pharmacy', valueReference: { reference: pharmacy.reference, display: pharmacy.display } },
            { url: 'type', valueCodeableConcept: { text: 'Outpatient medications' } },
          ],
        },
      ]
    : [];
  const extension = [...others, ...preferred];
  const { extension: _old, ...rest } = patient;
  return extension.length ? { ...rest, extension } : rest;
}
