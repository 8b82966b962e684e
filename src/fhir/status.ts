/** The colours a status badge can take. */
export type StatusColor = 'green' | 'red' | 'yellow' | 'blue' | 'gray';

// client-layer.md section 4. The spec lists blue for 'draft, active, requested, pending, booked and
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
