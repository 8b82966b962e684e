import type { Resource } from 'fhir-portal-kit';
import { useOutbox } from 'fhir-portal-kit/react';
import { useEffect, useMemo, useRef } from 'react';
import { queuedCreates } from './queuedCreates';

/**
 * The patient's unsent creates a list should show as pending (queuedCreates), live. `onSent`
 * runs when one of them has left the outbox (the server has it), so the list reads it again and
 * shows the server's copy in its place. `match` should be stable (useCallback) or cheap.
 */
export function useQueuedCreates<T extends Resource>(
  resourceType: T['resourceType'],
  match: (resource: T) => boolean,
  onSent?: () => void
): T[] {
  const { entries } = useOutbox();
  const queued = useMemo(() => queuedCreates(entries, resourceType, match), [entries, resourceType, match]);
  const count = useRef(queued.length);
  const sent = useRef(onSent);
  sent.current = onSent;
  useEffect(() => {
    if (queued.length < count.current) sent.current?.();
    count.current = queued.length;
  }, [queued.length]);
  return queued;
}
