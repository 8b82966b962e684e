import { useEffect, useId, useRef, useSyncExternalStore, type HTMLAttributes, type Ref } from 'react';
import type { QuestionnaireDrafts } from '../../questionnaire';
import type { QuestionnaireFormMessages } from './messages';
import { useQuestionnaireCn } from './questionnaireClassContext';

/**
 * The offer to continue a saved draft, shown in the form's place: the questionnaire's title, then
 * 'Resume your saved answers?' with Resume and Start over. Focus moves to the question, so a
 * screen reader hears it and the keyboard is next to the buttons.
 */
export function QuestionnaireResume(props: {
  title?: string;
  headingLevel: number;
  messages: QuestionnaireFormMessages;
  onResume: () => void;
  onStartOver: () => void;
  className?: string;
  attributes: HTMLAttributes<HTMLDivElement>;
  rootRef: Ref<HTMLDivElement>;
}) {
  const { messages, headingLevel } = props;
  const cn = useQuestionnaireCn();
  const questionRef = useRef<HTMLHeadingElement>(null);
  const questionId = useId();
  useEffect(() => questionRef.current?.focus(), []);
  const Title = `h${headingLevel}` as 'h2';
  const Question = `h${Math.min(headingLevel + 1, 6)}` as 'h3';
  return (
    <div {...props.attributes} ref={props.rootRef} className={cn('questionnaire', props.className)}>
      {props.title && <Title className={cn('questionnaire-title')}>{props.title}</Title>}
      <section className={cn('questionnaire-resume')} aria-labelledby={questionId}>
        <Question id={questionId} ref={questionRef} tabIndex={-1}>
          {messages.resumeTitle}
        </Question>
        <p>{messages.resumeText}</p>
        <div className={cn('questionnaire-buttons')}>
          <button type="button" className={cn('button')} onClick={props.onResume}>
            {messages.resume}
          </button>
          <button type="button" className={cn('button')} data-variant="outline" onClick={props.onStartOver}>
            {messages.startOver}
          </button>
        </div>
      </section>
    </div>
  );
}

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
