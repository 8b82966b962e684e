import {
  createVitalObservation,
  formatUnit,
  normalizeErrorString,
  parseDecimal,
  type VitalSign,
} from 'fhir-portal-kit';
import { Dialog, useFhirClient, useNotifications } from 'fhir-portal-kit/react';
import { useId, useState, type FormEvent } from 'react';

/**
 * 'Add Measurement': one input per series, values read as decimals, saved as a preliminary
 * Observation. The dialog closes after a successful create; a failure keeps what was typed and
 * shows the red 'Error' notice with the message.
 */
export function AddMeasurementDialog({
  vital,
  patientRef,
  onAdded,
}: {
  vital: VitalSign;
  patientRef: string;
  onAdded: () => void;
}) {
  const client = useFhirClient();
  const notifications = useNotifications();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<string[]>(() => vital.series.map(() => ''));
  const [invalid, setInvalid] = useState<boolean[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const numbers = values.map(parseDecimal);
    const bad = numbers.map((n) => n === undefined);
    setInvalid(bad);
    if (bad.some(Boolean)) return;
    setSaving(true);
    setError(undefined);
    try {
      await client.createResource(
        createVitalObservation(vital, numbers as number[], { reference: patientRef }, new Date().toISOString())
      );
      setValues(vital.series.map(() => ''));
      setOpen(false);
      onAdded();
    } catch (e) {
      setError(normalizeErrorString(e));
      notifications.showError(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      title="Add Measurement"
      description={`${vital.title} in ${formatUnit(vital.unit)}`}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="portal-button">
          Add Measurement
        </button>
      }
    >
      <form onSubmit={submit} noValidate className="portal-form">
        {vital.series.map((series, i) => (
          <div key={series.code} className="portal-field">
            <label htmlFor={`${id}-${i}`}>
              {series.label} ({formatUnit(vital.unit)})
            </label>
            <input
              id={`${id}-${i}`}
              className="fpk-input"
              inputMode="decimal"
              autoComplete="off"
              value={values[i]}
              aria-invalid={invalid[i] || undefined}
              aria-describedby={invalid[i] ? `${id}-${i}-error` : undefined}
              onChange={(e) => setValues((old) => old.map((v, j) => (j === i ? e.target.value : v)))}
            />
            {invalid[i] && (
              <p id={`${id}-${i}-error`} className="portal-field-error">
                Enter a number, such as 72 or 36.6
              </p>
            )}
          </div>
        ))}
        {error && (
          <div role="alert" className="portal-error">
            <strong>Error</strong> {error}
          </div>
        )}
        <button type="submit" className="portal-button" disabled={saving}>
          Save
        </button>
      </form>
    </Dialog>
  );
}
