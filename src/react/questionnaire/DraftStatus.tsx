import { useSyncExternalStore } from 'react';
import type { QuestionnaireDrafts } from '../../questionnaire';
import type { QuestionnaireFormMessages } from './messages';
import { useQuestionnaireCn } from './questionnaireClassContext';

const noDrafts = () => () => {};

/**
 * Where draft saving is. Only this part subscribes to the saver, so a save re-renders one line,
 * not the form. Saving and saved are shown, not announced (they change as the user types); a
 * failure is announced once.
 */
export function QuestionnaireDraftStatus({
  drafts,
  messages,
}: {
  drafts: QuestionnaireDrafts | undefined;
  messages: QuestionnaireFormMessages;
}) {
  const cn = useQuestionnaireCn();
  const getStatus = () => drafts?.getStatus() ?? 'idle';
  // The same getter on a server: a server render shows the form's status as it stands.
  const status = useSyncExternalStore(drafts ? drafts.subscribe : noDrafts, getStatus, getStatus);
  if (!drafts || status === 'idle') return null;
  const text = { saving: messages.draftSaving, saved: messages.draftSaved, failed: messages.draftFailed }[status];
  return (
    <p
      className={cn('questionnaire-draft-status')}
      data-state={status}
      role={status === 'failed' ? 'alert' : undefined}
    >
      {text}
    </p>
  );
}
