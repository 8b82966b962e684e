// The checks of a write that need the database (access/policy.ts holds those that do not): a
// patient's Binary may only join their own compartment through its security context, a patient's
// Task (a renewal request) may only focus a resource of their own record, and a patient holds a
// bounded number of upcoming appointments.
import { assertPatientClaims } from '../access/patient-claims';
import { patientRefOf, projectCompartment } from '../access/policy';
import { forbidden, unprocessable } from '../core/errors';
import type { RequestAuth } from '../core/request-auth';
import { referenceOf, type StoredResource } from '../core/stored-resource';
import { isKnownResourceType } from '../core/resource-types';
import type { Database } from '../db/database';
import { parseDateRange } from '../search/dates';
import { normalizeReference, tokenKey } from '../search/extract';
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
  await assertOwnRecord(db, auth.project, patientRef, securityContextTarget(binary), NOT_YOURS);
}

const FOCUS_NOT_YOURS = "Forbidden: a patient's Task may focus only a resource of their own record";

/**
 * A patient's new resource: it names only them as its author (access/patient-claims.ts), and a
 * Task (the portal's renewal request) focuses a resource of their own record and no other
 * patient's, refused the same way whether or not another patient's resource exists.
 */
export async function assertPatientCreate(
  db: Database,
  auth: RequestAuth | undefined,
  resource: StoredResource
): Promise<void> {
  const patientRef = patientRefOf(auth);
  if (!auth || !patientRef || auth.superAdmin) return;
  assertPatientClaims(patientRef, resource);
  if (resource.resourceType === 'Task' && resource.focus !== undefined)
    await assertOwnRecord(db, auth.project, patientRef, literalTarget(resource.focus), FOCUS_NOT_YOURS);
}

/** The 'Type/id' a reference points at, when it is a literal reference to a known type. */
function literalTarget(value: unknown): { type: string; id: string } | undefined {
  const ref = referenceOf(value);
  if (!ref) return undefined;
  const [type, id, ...rest] = normalizeReference(ref).split('/');
  return type && id && !rest.length && isKnownResourceType(type) ? { type, id } : undefined;
}

/**
 * Throws 403 (`refusal`) unless the target is the patient or a live resource of the caller's
 * project in the patient's compartment and no other patient's.
 */
async function assertOwnRecord(
  db: Database,
  project: string,
  patientRef: string,
  target: { type: string; id: string } | undefined,
  refusal: string
): Promise<void> {
  if (!target) throw forbidden(refusal);
  if (`${target.type}/${target.id}` === patientRef) return;
  const row = await loadRow(db, target.type, target.id);
  const patients = row?.compartments.filter((c) => c.startsWith('Patient/')) ?? [];
  if (
    !row ||
    row.deleted ||
    !row.compartments.includes(projectCompartment(project)) ||
    !patients.includes(patientRef) ||
    patients.some((c) => c !== patientRef)
  )
    throw forbidden(refusal);
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
