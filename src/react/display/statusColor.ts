/** The badge colours of client-layer.md section 4. */
export type StatusColor = 'green' | 'red' | 'yellow' | 'blue' | 'gray';

// client-layer.md section 4. Blue lists "and similar": we add the FHIR codes that mean
// "in play, not yet done" (in-progress, proposed, arrived, ...). Anything unlisted is gray,
// the neutral colour, so an unknown code never looks like success or failure.
const STATUS_COLORS: Record<string, StatusColor> = {
  ...Object.fromEntries(['completed', 'final', 'fulfilled', 'finished', 'connected'].map((s) => [s, 'green'])),
  ...Object.fromEntries(
    [
      'revoked',
      'cancelled',
      'rejected',
      'failed',
      'noshow',
      'not-done',
      'urgent',
      'asap',
      'stat',
      'disconnected',
      'entered-in-error',
    ].map((s) => [s, 'red'])
  ),
  ...Object.fromEntries(['on-hold', 'amended', 'corrected'].map((s) => [s, 'yellow'])),
  ...Object.fromEntries(
    [
      'draft',
      'active',
      'requested',
      'pending',
      'booked',
      'in-progress',
      'proposed',
      'arrived',
      'checked-in',
      'accepted',
      'received',
      'registered',
      'preliminary',
      'ready',
      'tentative',
      'needs-action',
    ].map((s) => [s, 'blue'])
  ),
  ...Object.fromEntries(['unknown', 'retired', 'waitlist', 'routine', 'planned'].map((s) => [s, 'gray'])),
};

/** The badge colour for a FHIR status code; gray for codes not in the table. */
export function getStatusColor(status: string | undefined): StatusColor {
  return (status && STATUS_COLORS[status.trim().toLowerCase()]) || 'gray';
}
