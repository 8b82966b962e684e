import {
  formatCodeableConcept,
  formatDate,
  formatDosage,
  formatHumanName,
  type MedicationRequest,
  type Patient,
  type Task,
} from 'fhir-portal-kit';
import { Dialog, StatusBadge, useFhirClient, useLocale, useNotifications, useErrorText } from 'fhir-portal-kit/react';
import { useState, type FormEvent } from 'react';
import { useText } from '../i18n/useText';
import { RENEWAL_CODE } from '../renewals/renewal-task';
import { useSavedOnDevice } from '../offline/useSavedOnDevice';
import { healthRecordText } from './text';

/**
 * 'Request a Renewal': what is being renewed, and a Submit Renewal Request that really asks, by
 * creating a Task for the prescriber (intent order, status requested, focus the prescription).
 * Offline the Task waits in the client's outbox and the dialog says it is saved on this device.
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
  const errorText = useErrorText();
  const client = useFhirClient();
  const notifications = useNotifications();
  const savedOnDevice = useSavedOnDevice();
  const text = useText(healthRecordText);
  const t = text.renewalDialog;
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const medication = formatCodeableConcept(request.medicationCodeableConcept) || text.medication;
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
      const created = await client.createResource(task);
      setOpen(false);
      onRequested?.();
      // Offline the request waits on the device: 'Saved on this device', not 'sent'.
      if (!savedOnDevice(created)) notifications.showSuccess(t.sentTitle, t.sent(medication));
    } catch (e) {
      setError(errorText(e));
      notifications.showError(e);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      title={t.title}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setError(undefined);
      }}
      trigger={
        <button type="button" className="portal-button">
          {t.open}
        </button>
      }
    >
      <form onSubmit={submit}>
        <dl className="portal-details">
          <dt>{t.patient}</dt>
          <dd>{formatHumanName(patient?.name?.[0]) || t.you}</dd>
          <dt>{t.lastPrescribed}</dt>
          <dd>{formatDate(request.authoredOn, locale) || text.unknown}</dd>
          <dt>{text.status}</dt>
          <dd>
            <StatusBadge status={request.status} />
          </dd>
          <dt>{text.medication}</dt>
          <dd>{medication}</dd>
          <dt>{text.dosage}</dt>
          <dd>{dosage.length ? dosage.join('; ') : text.noDosage}</dd>
        </dl>
        <p>{t.explanation}</p>
        {error && (
          <div role="alert" className="portal-error">
            <strong>{text.error}</strong> {error}
          </div>
        )}
        <button type="submit" className="portal-button" disabled={sending}>
          {t.submit}
        </button>
      </form>
    </Dialog>
  );
}
