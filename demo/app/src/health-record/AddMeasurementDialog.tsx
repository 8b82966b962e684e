import { createVitalObservation, formatUnit, type VitalSign } from 'fhir-portal-kit';
import { Dialog, useFhirClient, useLocale, useNotifications, useErrorText } from 'fhir-portal-kit/react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useText } from '../i18n/useText';
import { useSavedOnDevice } from '../offline/useSavedOnDevice';
import { checkVitalValue, fieldOrder } from './vital-ranges';
import { localizeVital, vitalsText } from './vitals-text';

/**
 * 'Add Measurement' for a vital of the catalogue (VITALS, in English): one input per series (systolic before diastolic), values read as decimals
 * within the series' plausible range (vital-ranges.ts), saved as a preliminary Observation. A
 * value that is not a number, negative or out of range is refused on its field and nothing is
 * written. The dialog closes after a successful create, and after one kept on the device for
 * lack of network ('Saved on this device'); a failure keeps what was typed and shows the red
 * 'Error' notice with the message.
 */
export function AddMeasurementDialog({
  vital: catalogued,
  patientRef,
  onAdded,
}: {
  vital: VitalSign;
  patientRef: string;
  onAdded: () => void;
}) {
  const errorText = useErrorText();
  const client = useFhirClient();
  const notifications = useNotifications();
  const savedOnDevice = useSavedOnDevice();
  const t = useText(vitalsText);
  const locale = useLocale();
  // Labels and messages in the portal's language; the Observation keeps the catalogue's LOINC displays.
  const vital = useMemo(() => localizeVital(catalogued, t), [catalogued, t]);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<string[]>(() => vital.series.map(() => ''));
  const [fieldErrors, setFieldErrors] = useState<(string | undefined)[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checks = values.map((text, i) => checkVitalValue(vital, i, text, t.check, locale));
    const errors = checks.map((c) => (c.ok ? undefined : c.error));
    setFieldErrors(errors);
    if (errors.some(Boolean)) {
      const first = fieldOrder(vital).find((i) => errors[i]);
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const numbers = checks.map((c) => (c.ok ? c.value : 0));
    setSaving(true);
    setError(undefined);
    try {
      const created = await client.createResource(
        createVitalObservation(catalogued, numbers as number[], { reference: patientRef }, new Date().toISOString())
      );
      // Offline the reading waits on the device (the page lists it as pending): the dialog closes as after a save.
      savedOnDevice(created);
      setValues(vital.series.map(() => ''));
      setOpen(false);
      onAdded();
    } catch (e) {
      setError(errorText(e));
      notifications.showError(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      title={t.add.title}
      description={t.add.description(vital.title, formatUnit(vital.unit))}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="portal-button">
          {t.add.title}
        </button>
      }
    >
      <form onSubmit={submit} noValidate className="portal-form">
        {fieldOrder(vital).map((i) => (
          <div key={vital.series[i].code} className="portal-field">
            <label htmlFor={`${id}-${i}`}>
              {vital.series[i].label} (<bdi>{formatUnit(vital.unit)}</bdi>)
            </label>
            <input
              id={`${id}-${i}`}
              className="fpk-input"
              inputMode="decimal"
              autoComplete="off"
              value={values[i]}
              aria-invalid={fieldErrors[i] ? true : undefined}
              aria-describedby={fieldErrors[i] ? `${id}-${i}-error` : undefined}
              onChange={(e) => setValues((old) => old.map((v, j) => (j === i ? e.target.value : v)))}
            />
            {fieldErrors[i] && (
              <p id={`${id}-${i}-error`} className="portal-field-error">
                {fieldErrors[i]}
              </p>
            )}
          </div>
        ))}
        {error && (
          <div role="alert" className="portal-error">
            <strong>{t.error}</strong> {error}
          </div>
        )}
        <button type="submit" className="portal-button" disabled={saving}>
          {t.add.save}
        </button>
      </form>
    </Dialog>
  );
}
