import {
  getDisplayString,
  getReferenceString,
  type Bundle,
  type MedicationRequest,
  type Patient,
  type Reference,
  type Task,
} from 'fhir-portal-kit';
import { useProfile, useSearch, useSubscription } from 'fhir-portal-kit/react';
import { useMemo } from 'react';
import { OPEN_RENEWAL_STATUSES, RENEWAL_CODE_TOKEN } from '../renewals/renewal-task';

/** One open renewal request with what the practitioner decides on. */
export interface RenewalRequestRow {
  readonly task: Task;
  /** The patient as the server holds them (not the display the request carries). */
  readonly patient: Patient | undefined;
  /** The prescription to renew, as the server holds it. */
  readonly prescription: MedicationRequest | undefined;
}

/** What {@link useRenewalRequests} returns. */
export interface RenewalRequests {
  readonly rows: readonly RenewalRequestRow[] | undefined;
  readonly loading: boolean;
  readonly error: string | undefined;
  readonly practitioner: Reference | undefined;
  /** True while the list follows new and answered requests live (the subscription is confirmed). */
  readonly live: boolean;
  readonly refetch: () => Promise<void>;
}

// The patient and the prescription come with the search (_include), read from the record
// itself: the request's own displays are what the patient's portal wrote, so they are not
// what a practitioner approves on.
const query = (owner: Record<string, string>) => ({
  code: RENEWAL_CODE_TOKEN,
  status: OPEN_RENEWAL_STATUSES.join(','),
  ...owner,
  _include: ['Task:focus', 'Task:patient'],
  _count: '100',
});

/** The matches of a search Bundle with their included patient and prescription. */
function rowsOf(bundle: Bundle | undefined): RenewalRequestRow[] {
  const included = new Map<string, Patient | MedicationRequest>();
  const tasks: Task[] = [];
  for (const entry of bundle?.entry ?? []) {
    const resource = entry.resource;
    if (resource?.resourceType === 'Task' && entry.search?.mode !== 'include') tasks.push(resource);
    else if (resource?.resourceType === 'Patient' || resource?.resourceType === 'MedicationRequest')
      included.set(`${resource.resourceType}/${resource.id}`, resource);
  }
  return tasks.map((task) => ({
    task,
    patient: included.get(task.for?.reference ?? '') as Patient | undefined,
    prescription: included.get(task.focus?.reference ?? '') as MedicationRequest | undefined,
  }));
}

/**
 * The open renewal requests the signed-in practitioner answers: those addressed to them (owner)
 * and those addressed to no one, which are the clinic's for whoever picks them up; oldest first,
 * as a queue is worked.
 */
export function useRenewalRequests(): RenewalRequests {
  const profile = useProfile();
  const me = profile?.resourceType === 'Practitioner' ? getReferenceString(profile) : undefined;
  const mine = useSearch(me ? 'Task' : undefined, query({ owner: me ?? '' }));
  const clinic = useSearch(me ? 'Task' : undefined, query({ 'owner:missing': 'true' }));
  const refetch = async () => {
    await Promise.all([mine.refetch(), clinic.refetch()]);
  };
  // A new request, or one answered by a colleague, changes the list: search again.
  const connection = useSubscription(me ? `Task?code=${RENEWAL_CODE_TOKEN}` : undefined, () => void refetch());
  const rows = useMemo(() => {
    if (!mine.data || !clinic.data) return undefined;
    const all = [...rowsOf(mine.data), ...rowsOf(clinic.data)];
    return all.sort((a, b) => (a.task.authoredOn ?? '').localeCompare(b.task.authoredOn ?? ''));
  }, [mine.data, clinic.data]);
  const practitioner = useMemo(
    () => (me && profile ? { reference: me, display: getDisplayString(profile) } : undefined),
    [me, profile]
  );
  return {
    rows,
    loading: mine.loading || clinic.loading,
    error: (mine.error ?? clinic.error)?.message,
    practitioner,
    live: connection === 'connected',
    refetch,
  };
}
