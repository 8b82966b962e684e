import { useCallback, useSyncExternalStore } from 'react';
import type { FhirClient } from '../../client';
import type { OutboxEntry } from '../../client/offline/outbox-entry';
import { PendingWriteStatus } from '../offline/PendingWriteStatus';
import { useQuestionnaireCn } from './questionnaireClassContext';

const UNSENT = new Set(['pending', 'sending', 'conflict']);

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

const noOutbox = () => () => {};

/**
 * Where a submit kept on the device stands (the offline family's texts): 'Saved on this device;
 * will send when you are back online', 'Sending…' while it goes out, nothing once the server has
 * it. It follows the entry by id, so a submit whose write onSubmit did not return is followed too;
 * only this line follows the outbox, so its changes re-render one line, not the form.
 */
export function QueuedSubmitStatus({ client, entryId }: { client: FhirClient; entryId: string }) {
  const cn = useQuestionnaireCn();
  const outbox = client.outbox;
  const subscribe = useCallback((onChange: () => void) => outbox?.subscribe(onChange) ?? noOutbox(), [outbox]);
  const getState = () => outbox?.list().find((entry) => entry.id === entryId)?.state;
  const state = useSyncExternalStore(subscribe, getState, getState);
  if (!state || !UNSENT.has(state)) return null;
  return (
    <p className={cn('questionnaire-queued')}>
      <PendingWriteStatus state={state} />
    </p>
  );
}
