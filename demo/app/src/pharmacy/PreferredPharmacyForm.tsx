import { formatAddress, type Patient } from 'fhir-portal-kit';
import { useNotifications } from 'fhir-portal-kit/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useText } from '../i18n/useText';
import { pharmacyText } from './text';
import { usePreferredPharmacy } from './usePreferredPharmacy';
import './pharmacy.css';

/**
 * The preferred-pharmacy section of account/provider: where prescriptions go, chosen from the
 * clinic's pharmacies. A clinic has a handful, so they are radio buttons (every one visible,
 * each with its address), not a search box.
 */
export function PreferredPharmacyForm({ patient }: { patient: Patient }) {
  const notifications = useNotifications();
  const t = useText(pharmacyText);
  const { pharmacies, error, current, saving, save } = usePreferredPharmacy(patient);
  const currentId = current?.reference?.split('/')[1];
  const [chosenId, setChosenId] = useState<string>();
  const selected = chosenId ?? currentId;
  // The stored name can be older than the Organization's; the listed one is fresh.
  const currentName = pharmacies?.find((p) => p.id === currentId)?.name ?? current?.display;
  // The dashboard's Preferred Pharmacy card links to #pharmacy: bring the section into view
  // once the list has its height (the router does not scroll to a hash).
  const sectionRef = useRef<HTMLElement>(null);
  const listed = pharmacies !== undefined;
  useEffect(() => {
    if (listed && window.location.hash === '#pharmacy') sectionRef.current?.scrollIntoView?.();
  }, [listed]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const pharmacy = pharmacies?.find((p) => p.id === selected);
    if (!pharmacy) return;
    try {
      await save(pharmacy);
      setChosenId(undefined);
      notifications.showSuccess(t.savedTitle, t.saved);
    } catch (e) {
      notifications.showError(e);
    }
  };

  return (
    <section ref={sectionRef} id="pharmacy" aria-labelledby="pharmacy-title" className="portal-pharmacy">
      <h2 id="pharmacy-title">{t.title}</h2>
      <p>{currentName ? t.current(currentName) : t.none}</p>
      {error && <p role="alert">{error}</p>}
      {!pharmacies && !error && <p role="status">{t.loading}</p>}
      {pharmacies && pharmacies.length === 0 && <p>{t.empty}</p>}
      {pharmacies && pharmacies.length > 0 && (
        <form onSubmit={submit} aria-busy={saving || undefined}>
          <fieldset className="fpk-inputs-fieldset portal-pharmacy-options" disabled={saving}>
            <legend className="fpk-inputs-legend">{t.legend}</legend>
            {pharmacies.map((pharmacy) => (
              <label
                key={pharmacy.id}
                className="portal-pharmacy-option"
                data-current={pharmacy.id === currentId || undefined}
              >
                <input
                  type="radio"
                  name="pharmacy"
                  value={pharmacy.id}
                  checked={selected === pharmacy.id}
                  onChange={() => setChosenId(pharmacy.id)}
                />
                <span>
                  <span className="portal-pharmacy-name">{pharmacy.name}</span>
                  {pharmacy.address?.[0] && (
                    <span className="portal-pharmacy-address">{formatAddress(pharmacy.address[0])}</span>
                  )}
                </span>
              </label>
            ))}
          </fieldset>
          <div className="portal-form-actions">
            <button type="submit" className="fpk-button" disabled={!selected || selected === currentId || saving}>
              {t.save}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
