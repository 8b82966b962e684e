import {
  formatCodeableConcept,
  formatDate,
  formatDosage,
  formatHumanName,
  normalizeErrorString,
  type MedicationRequest,
  type Patient,
  type Task,
} from 'fhir-portal-kit';
import { Dialog, StatusBadge, useFhirClient, useNotifications } from 'fhir-portal-kit/react';
import { useState, type FormEvent } from 'react';
import { RENEWAL_CODE } from '../renewals/renewal-task';

/**
 * 'Request a Renewal': what is being renewed, and a Submit Renewal Request that really asks, by
 * creating a Task for the prescriber (intent order, status requested, focus the prescription).
 */
export function RenewalDialog({
  request,
  patient,
  onRequested,
}: {
  request: MedicationRequest;
  patient: Patient | undefined;
  /** Called once the request is stored. */
  onRequested?: () => void;
}) {
  const client = useFhirClient();
  const notifications = useNotifications();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const medication = formatCodeableConcept(request.medicationCodeableConcept) || 'Medication';
  const dosage = (request.dosageInstruction ?? []).map((d) => formatDosage(d)).filter(Boolean);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(undefined);
    const task: Task = {
      resourceType: 'Task',
      status: 'requested',
      intent: 'order',
      code: RENEWAL_CODE,
      description: `Renew ${medication}`,
      focus: { reference: `MedicationRequest/${request.id}`, display: medication },
      for: { reference: `Patient/${patient?.id}`, display: formatHumanName(patient?.name?.[0]) || undefined },
      // Who asked: the server lets the patient withdraw a request that names them, and only that.
      requester: { reference: `Patient/${patient?.id}` },
      ...(request.requester ? { owner: request.requester } : {}),
      authoredOn: new Date().toISOString(),
    };
    try {
      await client.createResource(task);
      setOpen(false);
      onRequested?.();
      notifications.showSuccess('Renewal request sent', `Your care team has been asked to renew ${medication}.`);
    } catch (e) {
      setError(normalizeErrorString(e));
      notifications.showError(e);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      title="Request a Renewal"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setError(undefined);
      }}
      trigger={
        <button type="button" className="portal-button">
          Renew your prescription
        </button>
      }
    >
      <form onSubmit={submit}>
        <dl className="portal-details">
          <dt>Patient</dt>
          <dd>{formatHumanName(patient?.name?.[0]) || 'You'}</dd>
          <dt>Last prescribed</dt>
          <dd>{formatDate(request.authoredOn) || 'Unknown'}</dd>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={request.status} />
          </dd>
          <dt>Medication</dt>
          <dd>{medication}</dd>
          <dt>Dosage</dt>
          <dd>{dosage.length ? dosage.join('; ') : 'No dosage given'}</dd>
        </dl>
        <p>
          This asks your care team for a new prescription. If you have refills left, contact your pharmacy directly to
          refill your prescription.
        </p>
        {error && (
          <div role="alert" className="portal-error">
            <strong>Error</strong> {error}
          </div>
        )}
        <button type="submit" className="portal-button" disabled={sending}>
          Submit Renewal Request
        </button>
      </form>
    </Dialog>
  );
}
