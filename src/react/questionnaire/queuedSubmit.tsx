import type { FhirClient } from '../../client';
import type { OutboxEntry } from '../../client/offline/outbox-entry';
import { onDemand, useOnDemand } from '../primitives/onDemand';

/** The states of a write the server does not have yet. */
export const UNSENT: ReadonlySet<string> = new Set(['pending', 'sending', 'conflict']);

/**
 * The outbox entry a submit left waiting (client offline option): the one that answered the
 * value onSubmit returned, or the response itself (a draft's), or else a QuestionnaireResponse
 * write that joined the outbox while onSubmit ran (a host that does not return its write).
 */
export function queuedSubmitEntry(
  client: FhirClient,
  values: readonly unknown[],
  before: ReadonlySet<string>
): OutboxEntry | undefined {
  for (const value of values) if (client.isQueued(value)) return client.queuedEntry(value);
  return client.outbox
    ?.list()
    .findLast(
      (entry) => !before.has(entry.id) && entry.resourceType === 'QuestionnaireResponse' && UNSENT.has(entry.state)
    );
}

/**
 * The line that says where a queued submit stands, a chunk of its own: only a client with the
 * offline option ever shows it. It is fetched as soon as the form sees such a client (online, at
 * mount), so it is there when a submit is later kept on the device with no network to fetch it.
 */
export const queuedStatusChunk = /* @__PURE__ */ onDemand(
  () => import('./QueuedSubmitStatus'),
  'the saved-on-device status'
);

/** Where a queued submit stands, once its chunk is here; nothing before. */
export function LazyQueuedSubmitStatus({ client, entryId }: { client: FhirClient; entryId?: string }) {
  const { module } = useOnDemand(queuedStatusChunk, !!client.outbox || entryId !== undefined);
  return module && entryId ? <module.QueuedSubmitStatus client={client} entryId={entryId} /> : null;
}
