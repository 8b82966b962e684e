import { createReference, getDisplayString, type Practitioner, type ResourceType } from 'fhir-portal-kit';
import { ResourcePicker, useFhirClient, useNotifications, type ResourceSearch } from 'fhir-portal-kit/react';
import { useCallback, useState, type FormEvent } from 'react';
import { useText } from '../i18n/useText';
import { PreferredPharmacyForm } from '../pharmacy/PreferredPharmacyForm';
import { accountText } from './text';
import { usePatient } from './usePatient';

/**
 * account/provider: the primary care provider, or 'Choose a provider'. Beyond portal.md's
 * placeholder, the patient picks one of the practitioners and saving sets generalPractitioner;
 * below it, the preferred pharmacy that the dashboard's Preferred Pharmacy card leads to.
 */
export function ProviderPage() {
  const client = useFhirClient();
  const notifications = useNotifications();
  const t = useText(accountText);
  const { patient, error } = usePatient();
  const [chosen, setChosen] = useState<Practitioner>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string>();
  const search: ResourceSearch = useCallback(
    (type, query, { signal }) => client.searchResources(type as ResourceType, query, { signal }),
    [client]
  );

  if (error) return <p role="alert">{error}</p>;
  if (!patient) return <p role="status">{t.loading}</p>;
  const current = saved ?? patient.generalPractitioner?.[0]?.display;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setSaving(true);
    try {
      const reference = createReference(chosen, getDisplayString(chosen));
      await client.updateResource({ ...patient, generalPractitioner: [reference] });
      setSaved(reference.display);
      notifications.showSuccess(t.success, t.providerChosen);
    } catch (e) {
      notifications.showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="provider-title">
      {current ? (
        <>
          <h1 id="provider-title">{t.yourPrimaryCareProvider}</h1>
          <p className="portal-provider-current">{current}</p>
        </>
      ) : (
        <>
          <h1 id="provider-title">{t.chooseAProvider}</h1>
          <p>{t.providerIntro}</p>
        </>
      )}
      <form onSubmit={save} aria-busy={saving || undefined} className="portal-provider-form">
        <ResourcePicker
          label={current ? t.changeProvider : t.provider}
          resourceType="Practitioner"
          search={search}
          value={chosen}
          onValueChange={(p) => setChosen(p as Practitioner | undefined)}
          disabled={saving}
        />
        <div className="portal-form-actions">
          <button type="submit" className="fpk-button" disabled={!chosen || saving}>
            {t.saveProvider}
          </button>
        </div>
      </form>
      <PreferredPharmacyForm patient={patient} />
    </section>
  );
}
