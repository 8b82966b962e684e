import { normalizeErrorString, type Observation } from 'fhir-portal-kit';
import { Dialog, useFhirClient, useNotifications } from 'fhir-portal-kit/react';
import { useState } from 'react';

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
  const client = useFhirClient();
  const notifications = useNotifications();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  async function remove() {
    setSaving(true);
    setError(undefined);
    try {
      await client.updateResource({ ...observation, status: 'entered-in-error' });
      setOpen(false);
      onRemoved();
    } catch (e) {
      setError(normalizeErrorString(e));
      notifications.showError(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      title="Remove reading"
      description={`The reading of ${when} leaves your chart and table. It stays in your record's history, marked as entered in error.`}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="portal-button" data-variant="subtle" aria-label={`Remove reading of ${when}`}>
          Remove
        </button>
      }
    >
      {error && (
        <div role="alert" className="portal-error">
          <strong>Error</strong> {error}
        </div>
      )}
      <div className="portal-form-actions">
        <button type="button" className="portal-button" disabled={saving} onClick={() => void remove()}>
          Remove reading
        </button>
        <button type="button" className="portal-button" data-variant="outline" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
