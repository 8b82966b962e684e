import {
  formatCodeableConcept,
  formatDate,
  formatDosage,
  formatHumanName,
  getDisplayString,
  type Task,
} from 'fhir-portal-kit';
import { useFhirClient, useLocale, useNotifications } from 'fhir-portal-kit/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { approvalBundle, declinedTask } from '../renewals/renewal-task';
import { DeclineRenewalDialog } from './DeclineRenewalDialog';
import { useRenewalRequests, type RenewalRequestRow } from './useRenewalRequests';
import { useText } from '../i18n/useText';
import { staffText } from './text';

/** /staff/renewals: the open prescription renewal requests for the signed-in practitioner, approved or declined here. */
export function RenewalsPage() {
  const client = useFhirClient();
  const notifications = useNotifications();
  const t = useText(staffText);
  const locale = useLocale();
  const { rows, loading, error, practitioner, live, refetch } = useRenewalRequests();
  const [busy, setBusy] = useState<string>();

  /** Sends an answer, then searches again so the answered request leaves the list. */
  async function answer(task: Task, send: () => Promise<unknown>, title: string, message: string): Promise<void> {
    setBusy(task.id);
    try {
      await send();
      // The prescriptions changed too (a renewed one, the old one completed).
      client.invalidateSearches('MedicationRequest');
      notifications.showSuccess(title, message);
      await refetch();
    } finally {
      setBusy(undefined);
    }
  }

  async function approve({ task, prescription }: RenewalRequestRow, what: string) {
    if (!prescription || !practitioner) return;
    try {
      await answer(
        task,
        () => client.executeBatch(approvalBundle(task, prescription, practitioner)),
        t.approvedTitle,
        t.approved(what)
      );
    } catch (e) {
      notifications.showError(e);
    }
  }

  const decline = (task: Task, what: string) => (reason: string) =>
    answer(
      task,
      () =>
        client.updateResource(declinedTask(task, reason, practitioner!), {
          headers: task.meta?.versionId ? { 'If-Match': `W/"${task.meta.versionId}"` } : {},
        }),
      t.declinedTitle,
      t.declined(what)
    );

  return (
    <div className="portal-container portal-content" data-live={live || undefined}>
      <h1 id="renewals-title">{t.renewalRequests}</h1>
      {loading && !rows && <p role="status">{t.loading}</p>}
      {error && <p role="alert">{error}</p>}
      {rows && rows.length === 0 && <p>{t.noRenewals}</p>}
      {rows && rows.length > 0 && (
        <ul className="portal-list" aria-labelledby="renewals-title">
          {rows.map((row) => {
            const { task, patient, prescription } = row;
            const medication =
              formatCodeableConcept(prescription?.medicationCodeableConcept) ||
              getDisplayString(prescription) ||
              t.prescriptionNotFound;
            const patientName = formatHumanName(patient?.name?.[0]) || t.unknownPatient;
            const what = t.medicationFor(medication, patientName);
            const dosage = (prescription?.dosageInstruction ?? []).map((d) => formatDosage(d)).filter(Boolean);
            return (
              <li key={task.id} className="portal-renewal" data-busy={busy === task.id || undefined}>
                <div>
                  <strong>{medication}</strong>
                  {dosage.length > 0 && <div>{dosage.join('; ')}</div>}
                  <div className="portal-list-meta">
                    {patient ? <Link to={`/staff/patients/${patient.id}`}>{patientName}</Link> : patientName}
                    <span>
                      {task.authoredOn ? t.requestedOn(formatDate(task.authoredOn, locale)) : t.requestedUnknown}
                    </span>
                    {!task.owner && <span>{t.forClinic}</span>}
                  </div>
                </div>
                <div className="portal-form-actions">
                  <button
                    type="button"
                    className="portal-button"
                    aria-label={t.approveLabel(what)}
                    disabled={!prescription || busy === task.id}
                    onClick={() => void approve(row, what)}
                  >
                    {t.approve}
                  </button>
                  <DeclineRenewalDialog what={what} onDecline={decline(task, what)} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
