import { useCallback, useSyncExternalStore } from 'react';
import type { FhirClient } from '../../client';
import { PendingWriteStatus } from '../offline/PendingWriteStatus';
import { useQuestionnaireCn } from './questionnaireClassContext';
import { UNSENT } from './queuedSubmit';

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
