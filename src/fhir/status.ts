import type { Resource } from './types';

/** The colours a status badge can take. */
export type StatusColor = 'green' | 'red' | 'yellow' | 'blue' | 'gray';

// Status badge colours: green when done, red when failed or cancelled, blue for 'draft, active, requested, pending, booked and
// similar'; the similar ones chosen here are the in-flight statuses of the portal's resources.
const STATUS_COLORS: Record<string, StatusColor> = {
  completed: 'green',
  final: 'green',
  fulfilled: 'green',
  finished: 'green',
  connected: 'green',

  revoked: 'red',
  cancelled: 'red',
  rejected: 'red',
  failed: 'red',
  noshow: 'red',
  'not-done': 'red',
  urgent: 'red',
  asap: 'red',
  stat: 'red',
  disconnected: 'red',
  'entered-in-error': 'red',

  'on-hold': 'yellow',
  amended: 'yellow',
  corrected: 'yellow',

  draft: 'blue',
  active: 'blue',
  requested: 'blue',
  pending: 'blue',
  booked: 'blue',
  // Not a FHIR code: what getBadgeStatus calls an upcoming dose recorded as 'not-done'.
  scheduled: 'blue',
  proposed: 'blue',
  'in-progress': 'blue',
  arrived: 'blue',
  'checked-in': 'blue',
  preliminary: 'blue',
  registered: 'blue',
  accepted: 'blue',
  ready: 'blue',
  received: 'blue',

  unknown: 'gray',
  retired: 'gray',
  waitlist: 'gray',
  routine: 'gray',
  planned: 'gray',
};

/** The badge colour of a status code; gray for any status not in the table. */
export function statusColor(status: string | undefined): StatusColor {
  return (status && Object.hasOwn(STATUS_COLORS, status) ? STATUS_COLORS[status] : undefined) ?? 'gray';
}

const isScheduledReason = (text: string | undefined) => text?.trim().toLowerCase() === 'scheduled';

/**
 * The status a badge shows for a resource: its `status`, except an Immunization recorded as
 * 'not-done' that is an upcoming dose (its statusReason says Scheduled, or its date is still to
 * come), which is 'scheduled'. R4 has no planned status for a vaccine, so records hold upcoming
 * doses as 'not-done', and a red 'not done' would tell a patient they missed one.
 */
export function getBadgeStatus(resource: Resource, now: number = Date.now()): string {
  const status = (resource as { status?: unknown }).status;
  const code = typeof status === 'string' ? status : 'unknown';
  if (resource.resourceType !== 'Immunization' || code !== 'not-done') return code;
  const reason = resource.statusReason;
  if (isScheduledReason(reason?.text) || reason?.coding?.some((c) => isScheduledReason(c.display ?? c.code))) {
    return 'scheduled';
  }
  const time = Date.parse(resource.occurrenceDateTime ?? '');
  return !Number.isNaN(time) && time > now ? 'scheduled' : code;
}
