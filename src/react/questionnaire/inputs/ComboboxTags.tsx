import type { QuestionnaireItemState } from '../../../questionnaire';
import { answerKey, answerLabel } from '../answerInputs';
import { useQuestionnaireFormContext } from '../context';
import { useQuestionnaireCn } from '../questionnaireClassContext';

/** The answers of a multi-select picker as tags, each with a button that removes it. */
export function ComboboxTags({ state }: { state: QuestionnaireItemState }) {
  const { store, messages } = useQuestionnaireFormContext();
  const cn = useQuestionnaireCn();
  if (!state.answers.length) return null;
  return (
    <ul className={cn('combobox-tags')} aria-label={messages.selectedAnswers(state.text ?? state.linkId)}>
      {state.answers.map((answer) => {
        const key = answerKey(answer);
        const label = answerLabel(answer, state.options);
        return (
          <li key={key} className={cn('combobox-tag')}>
            {label}
            {!state.readOnly && (
              <button
                type="button"
                className={cn('combobox-tag-remove')}
                aria-label={messages.removeAnswer(label)}
                onClick={() =>
                  store.setAnswers(
                    state.key,
                    state.answers.filter((a) => answerKey(a) !== key)
                  )
                }
              >
                ×
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
