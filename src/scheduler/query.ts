import { SLOT_SEARCH_COUNT, type SlotSearchWindow } from './window';

/**
 * The query of the free-slot search, in this order: `_count=720`,
 * `schedule` (comma-separated references), `start=gt<window start>`, `start=lt<window end>`,
 * `status=free`. Instants are sent in UTC (`Z`) so no `+` offset needs escaping.
 */
export function buildSlotSearchQuery(scheduleReferences: readonly string[], window: SlotSearchWindow): URLSearchParams {
  if (scheduleReferences.length === 0) {
    throw new TypeError('buildSlotSearchQuery needs at least one schedule reference such as "Schedule/123"');
  }
  return new URLSearchParams([
    ['_count', String(SLOT_SEARCH_COUNT)],
    ['schedule', scheduleReferences.join(',')],
    ['start', `gt${window.start.toISOString()}`],
    ['start', `lt${window.end.toISOString()}`],
    ['status', 'free'],
  ]);
}
