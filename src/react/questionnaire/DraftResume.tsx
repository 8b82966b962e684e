import { useEffect, useId, useRef, type HTMLAttributes, type Ref } from 'react';
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
