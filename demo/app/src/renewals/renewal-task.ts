// A prescription renewal is a Task (issue 20): the patient asks (status requested, focus their
// MedicationRequest, owner its prescriber), the practitioner answers. Approving is a new
// prescription, not just a tick: the pharmacy needs an order it can fill, so the answer creates
// a MedicationRequest that copies the medication and dosage, names the approving practitioner as
// requester and points back at the old one (priorPrescription); the old one is marked completed,
// so the patient's list shows one active prescription. The Task then records the outcome
// (status completed, businessStatus, output = the new prescription). Declining records the
// reason (status rejected, statusReason) for the patient to read. Both go with If-Match, so two
// practitioners answering the same request at once cannot both win.
import type { Bundle, CodeableConcept, MedicationRequest, Reference, Task } from 'fhir-portal-kit';
import { renewalText, type RenewalText } from './text';

/** The code system of the portal's Task types. */
export const TASK_TYPE_SYSTEM = 'https://fhir-portal-kit.dev/task-type';

/** Task.code of a renewal request: a coding the staff area searches by, and the text people read. */
export const RENEWAL_CODE: CodeableConcept = {
  coding: [{ system: TASK_TYPE_SYSTEM, code: 'prescription-renewal', display: 'Prescription renewal' }],
  text: 'Prescription renewal',
};

/** The `code` search value of renewal requests. */
export const RENEWAL_CODE_TOKEN = `${TASK_TYPE_SYSTEM}|prescription-renewal`;

/** Statuses of a request nobody has answered yet. */
export const OPEN_RENEWAL_STATUSES = ['requested', 'received', 'accepted', 'ready', 'in-progress', 'on-hold'] as const;

/**
 * What the patient reads about their latest request, in the language of `text` (English by
 * default), or undefined when there is none to show (withdrawn).
 */
export function renewalStatusText(task: Task | undefined, text: RenewalText = renewalText.en): string | undefined {
  if (!task) return undefined;
  if (task.status === 'completed') return text.approved;
  if (task.status === 'rejected') {
    const reason = task.statusReason?.text?.trim();
    return reason ? text.declinedBecause(reason) : text.declined;
  }
  if ((OPEN_RENEWAL_STATUSES as readonly string[]).includes(task.status)) return text.requested;
  return undefined;
}

/** True when a Task is a renewal request for this patient (what useRenewals searches for). */
export function isRenewalRequestOf(task: Task, patientRef: string): boolean {
  return (
    task.for?.reference === patientRef &&
    !!task.code?.coding?.some((c) => `${c.system}|${c.code}` === RENEWAL_CODE_TOKEN)
  );
}

/** The newest request per prescription ('MedicationRequest/id' to Task), by authoredOn. */
export function latestRenewals(tasks: readonly Task[]): Map<string, Task> {
  const latest = new Map<string, Task>();
  for (const task of tasks) {
    const focus = task.focus?.reference;
    if (!focus) continue;
    const seen = latest.get(focus);
    if (!seen || (task.authoredOn ?? '') > (seen.authoredOn ?? '')) latest.set(focus, task);
  }
  return latest;
}

/** The If-Match of a resource's current version. */
const ifMatch = (resource: { meta?: { versionId?: string } }) =>
  resource.meta?.versionId ? { ifMatch: `W/"${resource.meta.versionId}"` } : {};

/**
 * The transaction that approves a request: the renewed prescription, the old one completed, and
 * the Task completed with the new prescription as its output.
 */
export function approvalBundle(
  task: Task,
  prior: MedicationRequest,
  practitioner: Reference,
  now: Date = new Date()
): Bundle {
  const renewedUrl = `urn:uuid:${crypto.randomUUID()}`;
  const renewed: MedicationRequest = {
    resourceType: 'MedicationRequest',
    status: 'active',
    intent: 'order',
    ...(prior.medicationCodeableConcept ? { medicationCodeableConcept: prior.medicationCodeableConcept } : {}),
    ...(prior.medicationReference ? { medicationReference: prior.medicationReference } : {}),
    subject: prior.subject,
    authoredOn: now.toISOString(),
    requester: practitioner,
    ...(prior.dosageInstruction ? { dosageInstruction: prior.dosageInstruction } : {}),
    ...(prior.dispenseRequest ? { dispenseRequest: prior.dispenseRequest } : {}),
    priorPrescription: { reference: `MedicationRequest/${prior.id}` },
  };
  const answered: Task = {
    ...task,
    status: 'completed',
    businessStatus: { text: 'Renewal approved' },
    lastModified: now.toISOString(),
    owner: task.owner ?? practitioner,
    output: [{ type: { text: 'Renewed prescription' }, valueReference: { reference: renewedUrl } }],
  };
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      { fullUrl: renewedUrl, resource: renewed, request: { method: 'POST', url: 'MedicationRequest' } },
      {
        resource: { ...prior, status: 'completed' },
        request: { method: 'PUT', url: `MedicationRequest/${prior.id}`, ...ifMatch(prior) },
      },
      { resource: answered, request: { method: 'PUT', url: `Task/${task.id}`, ...ifMatch(task) } },
    ],
  };
}

/** The Task declined with the reason the patient will read. */
export function declinedTask(task: Task, reason: string, practitioner: Reference, now: Date = new Date()): Task {
  return {
    ...task,
    status: 'rejected',
    statusReason: { text: reason.trim() },
    businessStatus: { text: 'Renewal declined' },
    lastModified: now.toISOString(),
    owner: task.owner ?? practitioner,
  };
}
