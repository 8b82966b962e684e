import type { QuestionnaireItemState } from '../../../questionnaire';
import { answerKey, answerLabel } from '../answerInputs';
import { useQuestionnaireFormContext } from '../context';

/** The answers of a multi-select picker as tags, each with a button that removes it. */
export function ComboboxTags({ state }: { state: QuestionnaireItemState }) {
  const { store, messages } = useQuestionnaireFormContext();
  if (!state.answers.length) return null;
  return (
    <ul className="fpk-combobox-tags" aria-label={`${state.text ?? state.linkId}: selected`}>
      {state.answers.map((answer) => {
        const key = answerKey(answer);
        const label = answerLabel(answer, state.options);
        return (
          <li key={key} className="fpk-combobox-tag">
            {label}
            {!state.readOnly && (
              <button
                type="button"
                className="fpk-combobox-tag-remove"
                aria-label={`${messages.remove} ${label}`}
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
