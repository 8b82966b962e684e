// The resources a page lists that the patient created offline: still in the outbox, so no read of
// the server (nor the device's copy of one) has them yet.
import { OUTBOX_IDENTIFIER_SYSTEM, type OutboxEntry, type Resource } from 'fhir-portal-kit';

/** States of a write the server does not have yet. */
const UNSENT: ReadonlySet<OutboxEntry['state']> = new Set(['pending', 'sending', 'conflict']);

/**
 * The bodies of the unsent creates of `resourceType` that `match` accepts, oldest first. Each body
 * carries its outbox identifier, so PendingWriteStatus finds its entry from it.
 */
export function queuedCreates<T extends Resource>(
  entries: readonly OutboxEntry[],
  resourceType: T['resourceType'],
  match: (resource: T) => boolean
): T[] {
  return entries
    .filter((entry) => entry.kind === 'create' && entry.resourceType === resourceType && UNSENT.has(entry.state))
    .map((entry) => entry.body as T)
    .filter((body) => body?.resourceType === resourceType && match(body));
}

/** The outbox identifier's value of a queued create's body: a stable key for its row. */
export function outboxKeyOf(resource: Resource): string | undefined {
  const identifiers = (resource as { identifier?: unknown }).identifier;
  const list = Array.isArray(identifiers) ? identifiers : identifiers ? [identifiers] : [];
  return (list as { system?: string; value?: string }[]).find((i) => i.system === OUTBOX_IDENTIFIER_SYSTEM)?.value;
}
