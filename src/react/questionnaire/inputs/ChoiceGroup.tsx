import { useEffect, useState } from 'react';
import type { QuestionnaireAnswer } from '../../../questionnaire';
import { answerKey } from '../answerInputs';
import { itemId, useQuestionnaireFormContext } from '../context';
import { useQuestionnaireCn } from '../questionnaireClassContext';
import type { InputProps } from './types';

/** Radio buttons or check boxes for the item's options; open-choice adds a free-text 'Other'. */
export function ChoiceGroup({ state, invalid, onTouched }: InputProps) {
  const { store, messages, idPrefix, formId } = useQuestionnaireFormContext();
  const cn = useQuestionnaireCn();
  const multiple = state.control === 'check-box' && state.repeats;
  const selected = new Set(state.answers.map(answerKey));
  const freeText = state.answers.find(
    (a) => a.valueString !== undefined && !state.options.some((o) => answerKey(o.answer) === answerKey(a))
  );
  const [other, setOther] = useState(freeText?.valueString ?? '');
  const name = itemId(idPrefix, state.key, 'choice');
  const optionAnswers = state.answers.filter((a) => a !== freeText);

  // Radio buttons and check boxes show every option, so a value set is expanded up front.
  const needsExpansion =
    !!state.item.answerValueSet &&
    !state.item.answerValueSet.startsWith('#') &&
    !state.options.length &&
    !state.optionsLoading &&
    !state.optionsError;
  useEffect(() => {
    if (needsExpansion) void store.loadOptions(state.key);
  }, [needsExpansion, store, state.key]);

  const toggle = (answer: QuestionnaireAnswer, on: boolean) => {
    const key = answerKey(answer);
    let next: QuestionnaireAnswer[];
    if (multiple) {
      next = on ? [...state.answers, answer] : state.answers.filter((a) => answerKey(a) !== key);
    } else {
      // A single check box can be unchecked again; clearing every choice gives an empty answer.
      next = on ? [answer] : [];
    }
    store.setAnswers(state.key, next);
  };

  const setFreeText = (text: string) => {
    setOther(text);
    const rest = multiple ? optionAnswers : [];
    store.setAnswers(state.key, text.trim() ? [...rest, { valueString: text }] : rest);
  };

  return (
    <div className={cn('questionnaire-choices')} data-orientation="vertical">
      {state.optionsLoading && (
        <p className={cn('questionnaire-status')} role="status">
          {messages.loadingOptions}
        </p>
      )}
      {state.optionsTruncated && (
        <p className={cn('questionnaire-status')} role="status">
          {messages.showingFirst(state.options.length)}
        </p>
      )}
      {state.options.map((option, index) => {
        const key = answerKey(option.answer);
        const id = `${name}-${index}`;
        return (
          <div key={key} className={cn('questionnaire-choice')}>
            <input
              id={id}
              type={state.control === 'radio-button' ? 'radio' : 'checkbox'}
              name={name}
              form={formId}
              checked={selected.has(key)}
              disabled={state.readOnly}
              aria-invalid={invalid || undefined}
              onBlur={onTouched}
              onChange={(e) => toggle(option.answer, e.target.checked)}
            />
            <label htmlFor={id}>
              {option.prefix && <span className={cn('questionnaire-prefix')}>{option.prefix} </span>}
              {option.label}
            </label>
          </div>
        );
      })}
      {state.type === 'open-choice' && (
        <div className={cn('questionnaire-choice')} data-other="">
          <label htmlFor={`${name}-other`}>{messages.otherAnswer}</label>
          <input
            id={`${name}-other`}
            form={formId}
            className={cn('input')}
            value={other}
            readOnly={state.readOnly}
            onBlur={onTouched}
            onChange={(e) => setFreeText(e.target.value)}
          />
        </div>
      )}
    </div>
  );
}
