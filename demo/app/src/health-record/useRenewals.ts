import type { Task } from 'fhir-portal-kit';
import { useSearchResources } from 'fhir-portal-kit/react';
import { useCallback, useMemo } from 'react';
import { useQueuedCreates } from '../offline/useQueuedCreates';
import { isRenewalRequestOf, latestRenewals, RENEWAL_CODE_TOKEN } from '../renewals/renewal-task';

/** What {@link useRenewals} returns. */
export interface Renewals {
  /** The newest renewal request per prescription ('MedicationRequest/id'); undefined until loaded. */
  readonly byPrescription: Map<string, Task> | undefined;
  /** Searches again (after a new request). */
  readonly refetch: () => Promise<void>;
}

/**
 * The patient's renewal requests, newest per prescription, for the medication pages' status line.
 * A request made offline counts as soon as it is made ('Renewal requested'), so it is not asked twice.
 */
export function useRenewals(patientRef: string | undefined): Renewals {
  const { data, error, refetch } = useSearchResources(patientRef ? 'Task' : undefined, {
    patient: patientRef ?? '',
    code: RENEWAL_CODE_TOKEN,
    _count: '200',
  });
  const isMine = useCallback((task: Task) => !!patientRef && isRenewalRequestOf(task, patientRef), [patientRef]);
  const queued = useQueuedCreates<Task>('Task', isMine, () => void refetch());
  // A failed search knows of no request: the page still offers one rather than hiding the button for good.
  const byPrescription = useMemo(
    () => (data ? latestRenewals([...data, ...queued]) : error ? latestRenewals(queued) : undefined),
    [data, error, queued]
  );
  return { byPrescription, refetch };
}
