import type { HTMLAttributes, Ref } from 'react';
import { normalizeErrorString, type OperationOutcomeError } from '../../fhir';
import type { QuestionnaireFormMessages } from './messages';
import { useQuestionnaireCn } from './questionnaireClassContext';

// A request that never reached the server: the browsers' own wordings of a failed fetch, or a
// transient issue (the client's outcome for a dropped connection).
const NETWORK_FAILURE = /failed to fetch|networkerror|network request failed|load failed|fetch failed/i;

/**
 * What the user reads for a questionnaire that could not be read: never the browser's raw
 * wording; the network message when the server could not be reached.
 */
export function describeLoadError(
  error: OperationOutcomeError,
  messages: QuestionnaireFormMessages,
  errorText: (error: unknown) => string = normalizeErrorString
): string {
  const text = errorText(error);
  return NETWORK_FAILURE.test(text) || error.outcome.issue?.some((issue) => issue.code === 'transient')
    ? messages.loadNetworkError
    : text;
}

/**
 * The form's place when nothing can be shown: the questionnaire could not be read (with 'Try
 * again', which reads it again) or is not a questionnaire the engine can build. An alert, so a
 * screen reader hears it; styled as the theme's error box.
 */
export function QuestionnaireFatal(props: {
  /** Why, in words the user can act on. */
  detail: string;
  messages: QuestionnaireFormMessages;
  /** Reads the questionnaire again; without it no button is shown (a malformed questionnaire given inline). */
  onRetry?: () => void;
  className?: string;
  attributes: HTMLAttributes<HTMLDivElement>;
  rootRef: Ref<HTMLDivElement>;
}) {
  const { messages, onRetry } = props;
  const cn = useQuestionnaireCn();
  return (
    <div
      {...props.attributes}
      ref={props.rootRef}
      className={cn('questionnaire-fatal', props.className)}
      role="alert"
      data-tone="error"
    >
      <p className={cn('questionnaire-fatal-title')}>{messages.fatalError}</p>
      <p>{props.detail}</p>
      {onRetry && (
        <button type="button" className={cn('button')} data-variant="outline" onClick={onRetry}>
          {messages.tryAgain}
        </button>
      )}
    </div>
  );
}
