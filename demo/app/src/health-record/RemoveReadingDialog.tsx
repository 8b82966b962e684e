import { type Observation } from 'fhir-portal-kit';
import { Dialog, useFhirClient, useNotifications, useErrorText } from 'fhir-portal-kit/react';
import { useState } from 'react';
import { useText } from '../i18n/useText';
import { useSavedOnDevice } from '../offline/useSavedOnDevice';
import { vitalsText } from './vitals-text';

/**
 * 'Remove' on a reading the patient entered: after a confirmation the Observation is marked
 * entered-in-error (kept in its history, left out of the chart and the table), then `onRemoved`.
 */
export function RemoveReadingDialog({
  observation,
  when,
  onRemoved,
}: {
  observation: Observation;
  /** The reading's date as the table shows it, to name the button. */
  when: string;
  onRemoved: () => void;
}) {
  const errorText = useErrorText();
  const client = useFhirClient();
  const notifications = useNotifications();
  const savedOnDevice = useSavedOnDevice();
  const t = useText(vitalsText);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  async function remove() {
    setSaving(true);
    setError(undefined);
    try {
      savedOnDevice(await client.updateResource({ ...observation, status: 'entered-in-error' }));
      setOpen(false);
      onRemoved();
    } catch (e) {
      setError(errorText(e));
      notifications.showError(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      title={t.remove.title}
      description={t.remove.description(when)}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="portal-button" data-variant="subtle" aria-label={t.remove.openLabel(when)}>
          {t.remove.open}
        </button>
      }
    >
      {error && (
        <div role="alert" className="portal-error">
          <strong>{t.error}</strong> {error}
        </div>
      )}
      <div className="portal-form-actions">
        <button type="button" className="portal-button" disabled={saving} onClick={() => void remove()}>
          {t.remove.confirm}
        </button>
        <button type="button" className="portal-button" data-variant="outline" onClick={() => setOpen(false)}>
          {t.remove.cancel}
        </button>
      </div>
    </Dialog>
  );
}
