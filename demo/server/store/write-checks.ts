// The checks of a write that need the database (access/policy.ts holds those that do not): a
// patient's Binary may only join their own compartment through its security context, and a
// patient holds a bounded number of upcoming appointments.
import { patientRefOf, projectCompartment } from '../access/policy';
import { forbidden, unprocessable } from '../core/errors';
import type { RequestAuth } from '../core/request-auth';
import type { StoredResource } from '../core/stored-resource';
import type { Database } from '../db/database';
import { parseDateRange } from '../search/dates';
import { tokenKey } from '../search/extract';
import { loadRow, securityContextTarget } from './versions';

/** How many upcoming appointments a patient may hold unless the server is told otherwise. */
export const DEFAULT_FUTURE_APPOINTMENTS_PER_PATIENT = 3;

const NOT_YOURS = 'Forbidden: securityContext belongs to another patient';

/**
 * A patient's Binary: its securityContext must resolve to their own Patient, or to a resource
 * in their compartment and no other patient's. A context that does not resolve is refused the
 * same way, so the answer never tells whether another patient's resource exists.
 */
export async function assertBinaryContextAllowed(
  db: Database,
  auth: RequestAuth | undefined,
  binary: StoredResource
): Promise<void> {
  const patientRef = patientRefOf(auth);
  if (!auth || !patientRef || auth.superAdmin || binary.securityContext === undefined) return;
  const target = securityContextTarget(binary);
  if (!target) throw forbidden(NOT_YOURS);
  if (`${target.type}/${target.id}` === patientRef) return;
  const row = await loadRow(db, target.type, target.id);
  const patients = row?.compartments.filter((c) => c.startsWith('Patient/')) ?? [];
  if (
    !row ||
    row.deleted ||
    !row.compartments.includes(projectCompartment(auth.project)) ||
    !patients.includes(patientRef) ||
    patients.some((c) => c !== patientRef)
  )
    throw forbidden(NOT_YOURS);
}

/** Appointment statuses that hold no time: they do not count against the limit. */
const RELEASED_STATUSES = ['cancelled', 'noshow', 'entered-in-error', 'fulfilled'];

/** True when an appointment holds a time from now on (or one not set yet). */
function holdsUpcomingTime(appointment: StoredResource, now: number): boolean {
  if (typeof appointment.status === 'string' && RELEASED_STATUSES.includes(appointment.status)) return false;
  const start = typeof appointment.start === 'string' ? parseDateRange(appointment.start) : undefined;
  return !start || start.end >= now;
}

/**
 * Refuses (422) a patient's new appointment when they already hold `limit` upcoming ones. The
 * patient's row is locked first, so parallel bookings by one patient are counted one at a time.
 */
export async function assertAppointmentRoom(
  db: Database,
  auth: RequestAuth | undefined,
  appointment: StoredResource,
  limit: number
): Promise<void> {
  const patientRef = patientRefOf(auth);
  if (!auth || !patientRef || auth.superAdmin) return;
  const now = Date.now();
  if (!holdsUpcomingTime(appointment, now)) return;
  // resources primary key (resource_type, id)
  await db.query(`SELECT 1 FROM resources WHERE resource_type = 'Patient' AND id = $1 FOR UPDATE`, [
    patientRef.slice('Patient/'.length),
  ]);
  // resources_compartments_gin_idx for the patient's appointments; search_keys for the status;
  // search_index_resource_code_idx (resource_type, resource_id, code) for their start.
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM resources r
     WHERE r.resource_type = 'Appointment' AND NOT r.deleted AND r.compartments @> $1::text[]
       AND NOT (r.search_keys && $2::text[])
       AND NOT EXISTS (SELECT 1 FROM search_index si WHERE si.resource_type = 'Appointment' AND si.resource_id = r.id
         AND si.code = 'date' AND si.date_end < $3::timestamptz)`,
    [
      [patientRef, projectCompartment(auth.project)],
      RELEASED_STATUSES.map((status) => tokenKey('Appointment', 'status', undefined, status)),
      new Date(now).toISOString(),
    ]
  );
  if (Number(rows[0].n) >= limit)
    throw unprocessable(
      `A patient may hold at most ${limit} upcoming appointment${limit === 1 ? '' : 's'}; cancel one to book another`,
      'Appointment'
    );
}
