import { createReference, type Organization, type Patient, type Reference } from 'fhir-portal-kit';
import { useFhirClient, useSearchResources } from 'fhir-portal-kit/react';
import { useCallback, useState } from 'react';
import { PHARMACY_SEARCH, preferredPharmacyOf, withPreferredPharmacy } from './preferred-pharmacy';

/** What {@link usePreferredPharmacy} answers. */
export interface PreferredPharmacyState {
  /** The clinic's pharmacies by name; undefined until they load. */
  readonly pharmacies: readonly Organization[] | undefined;
  /** Why the pharmacies could not be listed. */
  readonly error: string | undefined;
  /** The pharmacy on the patient's record, if any. */
  readonly current: Reference | undefined;
  /** True while a choice is being saved. */
  readonly saving: boolean;
  /** Stores `pharmacy` as the preferred pharmacy on the patient's record; rejects when the server refuses. */
  readonly save: (pharmacy: Organization) => Promise<void>;
}

/**
 * The preferred pharmacy of `patient` and the clinic's pharmacies to choose from. Saving writes
 * the whole Patient back with only the preferred-pharmacy extension changed; the client's cache
 * then hands every reader of the record the new version.
 */
export function usePreferredPharmacy(patient: Patient | undefined): PreferredPharmacyState {
  const client = useFhirClient();
  const { data, error } = useSearchResources(patient ? 'Organization' : undefined, PHARMACY_SEARCH);
  const [saving, setSaving] = useState(false);
  const save = useCallback(
    async (pharmacy: Organization) => {
      if (!patient) return;
      setSaving(true);
      try {
        await client.updateResource(withPreferredPharmacy(patient, createReference(pharmacy, pharmacy.name)));
      } finally {
        setSaving(false);
      }
    },
    [client, patient]
  );
  return { pharmacies: data, error: error?.message, current: preferredPharmacyOf(patient), saving, save };
}
