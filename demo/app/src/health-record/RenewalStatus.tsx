import type { Task } from 'fhir-portal-kit';
import { PendingWriteStatus } from 'fhir-portal-kit/react';
import { Link } from 'react-router';
import { useText } from '../i18n/useText';
import { renewalStatusText } from '../renewals/renewal-task';
import { renewalText } from '../renewals/text';

/**
 * Where the patient's latest renewal request of a prescription stands: 'Renewal requested',
 * 'Renewal approved' (with a link to the renewed prescription on the detail page) or 'Renewal
 * declined: <reason>'. Nothing for a withdrawn request or none. The reason is the practitioner's
 * text, rendered as text. A request made offline adds 'Saved on this device…' until it is sent.
 */
export function RenewalStatus({ task, linkRenewed = false }: { task: Task | undefined; linkRenewed?: boolean }) {
  const t = useText(renewalText);
  const text = renewalStatusText(task, t);
  if (!task || !text) return null;
  const renewed = task.status === 'completed' ? task.output?.[0]?.valueReference?.reference : undefined;
  const renewedId = renewed?.startsWith('MedicationRequest/') ? renewed.slice('MedicationRequest/'.length) : undefined;
  return (
    <span className="portal-renewal-status" data-status={task.status}>
      <span>{text}</span> <PendingWriteStatus value={task} />
      {linkRenewed && renewedId && (
        <>
          {' '}
          <Link to={`/health-record/medications/${renewedId}`}>{t.seeRenewed}</Link>
        </>
      )}
    </span>
  );
}
