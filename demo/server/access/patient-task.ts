// A patient's Task is a request they send to the clinic, the portal's prescription renewal
// (issue 20): the patient may ask (create it as 'requested') and take it back (status to
// 'cancelled'), never answer it. Approving ('completed') and declining ('rejected'), and the
// elements that record the clinic's answer, are the care team's. The write checks
// (access/policy.ts) call these for every write path: REST create, PUT, PATCH and Bundle entries.
import { isDeepStrictEqual } from 'node:util';
import { forbidden } from '../core/errors';
import type { StoredResource } from '../core/stored-resource';

/** Elements that record the clinic's answer to a request: a patient never writes them. */
const CLINIC_ANSWER = ['businessStatus', 'statusReason', 'output', 'executionPeriod'] as const;

/** Statuses of a request that is still open, so it can still be withdrawn. */
const OPEN_STATUSES = new Set(['draft', 'requested', 'received', 'accepted', 'ready', 'on-hold', 'in-progress']);

/** Throws 403 unless a patient's new Task is a plain request: status requested, no answer recorded. */
export function assertPatientTaskCreate(task: StoredResource): void {
  if (task.status !== 'requested') throw forbidden("Forbidden: a patient's Task must be created with status requested");
  const answered = CLINIC_ANSWER.filter((key) => task[key] !== undefined);
  if (answered.length) throw forbidden(`Forbidden: a patient may not set ${answered.join(', ')} of a Task`);
}

/** The Task as plain JSON without bookkeeping (meta, text) and its status. */
function withoutStatus(task: StoredResource): unknown {
  const copy: Record<string, unknown> = { ...task };
  for (const key of ['meta', 'text', 'status']) delete copy[key];
  return JSON.parse(JSON.stringify(copy));
}

/**
 * Throws 403 unless a patient's change to a Task they requested withdraws it: an open Task to
 * 'cancelled' with nothing else changed. Completing or rejecting it (approving their own renewal)
 * is refused, and so is a cancel after the clinic has answered.
 */
export function assertPatientTaskUpdate(before: StoredResource, after: StoredResource): void {
  if (
    typeof before.status !== 'string' ||
    !OPEN_STATUSES.has(before.status) ||
    after.status !== 'cancelled' ||
    !isDeepStrictEqual(withoutStatus(before), withoutStatus(after))
  )
    throw forbidden('Forbidden: a patient may only cancel an open Task they requested (status to cancelled)');
}
