import { memo, type ReactNode } from 'react';
import type { QuestionnaireItemState } from '../../questionnaire';
import { ItemText } from './ItemText';
import { itemId, itemIdStem, useQuestionnaireFormContext } from './context';
import { useQuestionnaireCn } from './questionnaireClassContext';
import { useQuestionnaireItem } from './useQuestionnaireItem';
import { isGroupedInput, pickerKind } from './inputs/inputKind';
import { QuestionInput } from './inputs/QuestionInput';
import { LazyTabContainer } from './LazyTabContainer';
import { visibleErrors } from './visibleErrors';

/**
 * One item instance: display text, a group with its children, or a question with its input.
 * Memoized on its key: it re-renders only when its own item state changes, never because a
 * parent or a sibling did, which keeps a keystroke's cost flat however large the form.
 */
export const QuestionnaireItemView = /* @__PURE__ */ memo(function QuestionnaireItemView({
  itemKey,
  level,
}: {
  itemKey: string;
  level: number;
}) {
  const { store } = useQuestionnaireFormContext();
  const state = useQuestionnaireItem(store, itemKey);
  if (!state || !state.visible) return null;
  if (state.type === 'display') return <DisplayItem state={state} />;
  if (state.type === 'group') return <GroupItem state={state} level={level} />;
  return <QuestionItem state={state} />;
});

function DisplayItem({ state }: { state: QuestionnaireItemState }) {
  const cn = useQuestionnaireCn();
  return (
    <div className={cn('questionnaire-display')} data-control={state.control}>
      <ItemText state={state} />
    </div>
  );
}

function Heading({ level, id, children }: { level: number; id: string; children: ReactNode }) {
  const cn = useQuestionnaireCn();
  const Tag = `h${Math.min(Math.max(level, 2), 6)}` as 'h2';
  return (
    <Tag id={id} className={cn('questionnaire-group-title')}>
      {children}
    </Tag>
  );
}

function GroupItem({ state, level }: { state: QuestionnaireItemState; level: number }) {
  const { store, messages, idPrefix } = useQuestionnaireFormContext();
  const cn = useQuestionnaireCn();
  const titleId = itemId(idPrefix, state.key, 'title');
  const isLast = state.repeatIndex === state.repeatCount - 1;
  // A group without text has no heading, so its children keep this level (no skipped levels).
  const childLevel = state.text ? level + 1 : level;
  return (
    <>
      <section
        className={cn('questionnaire-group')}
        aria-labelledby={state.text ? titleId : undefined}
        data-control={state.control}
        data-repeat-index={state.repeats ? state.repeatIndex : undefined}
      >
        {state.text && (
          <Heading level={level} id={titleId}>
            <ItemText state={state} />
            {state.repeats && state.repeatCount > 1 && ` (${state.repeatIndex + 1})`}
          </Heading>
        )}
        <ItemIssues state={state} />
        {state.control === 'tab-container' ? (
          <LazyTabContainer
            state={state}
            renderPanel={(key) => <QuestionnaireItemView itemKey={key} level={childLevel} />}
          />
        ) : (
          state.childKeys.map((key) => <QuestionnaireItemView key={key} itemKey={key} level={childLevel} />)
        )}
        {state.repeats && state.canRemoveRepeat && !state.readOnly && (
          <button
            type="button"
            className={cn('button')}
            data-variant="subtle"
            onClick={() => store.removeRepeat(state.key)}
          >
            {messages.remove}
            <span className={cn('visually-hidden')}> {state.text}</span>
          </button>
        )}
      </section>
      {state.repeats && isLast && state.canAddRepeat && !state.readOnly && (
        <button
          type="button"
          className={cn('button')}
          data-variant="outline"
          onClick={() => store.addRepeat(state.key)}
        >
          {messages.addGroup(state.text ?? state.linkId)}
        </button>
      )}
    </>
  );
}

function QuestionItem({ state }: { state: QuestionnaireItemState }) {
  // submitAttempted comes through context, not a store subscription per item: a keystroke then
  // calls no listener of the other items.
  const { store, messages, idPrefix, submitAttempted } = useQuestionnaireFormContext();
  const cn = useQuestionnaireCn();
  const errors = visibleErrors(state, messages, submitAttempted);
  // One stem per item, its ids built from it: a form of thousands of items renders them all at once.
  const stem = itemIdStem(idPrefix, state.key);
  const inputId = `${stem}input`;
  const labelId = `${stem}label`;
  // Only a picker's field names itself by the label's id (aria-labelledby); other labels go
  // without one, a DOM id fewer per item.
  const labelledById = pickerKind(state) ? labelId : undefined;
  const errorId = `${stem}error`;
  const pendingId = `${stem}pending`;
  const describedBy = [errors.length && errorId, state.pending && pendingId].filter(Boolean).join(' ') || undefined;
  const isLast = state.repeatIndex === state.repeatCount - 1;
  const grouped = isGroupedInput(state);
  const label = (
    <>
      <ItemText state={state} />
      {state.required && (
        <span className={cn('questionnaire-required')} aria-hidden="true">
          {' *'}
        </span>
      )}
    </>
  );
  const input = (
    <QuestionInput
      state={state}
      inputId={inputId}
      labelId={labelId}
      describedBy={describedBy}
      invalid={errors.length > 0}
    />
  );

  return (
    <div
      className={cn('questionnaire-item')}
      data-link-id={state.linkId}
      data-type={state.type}
      data-control={state.control}
      data-invalid={errors.length > 0 || undefined}
      data-required={state.required || undefined}
      data-readonly={state.readOnly || undefined}
      data-pending={state.pending || undefined}
      aria-busy={state.pending || undefined}
    >
      {grouped ? (
        <fieldset className={cn('questionnaire-fieldset')} aria-describedby={describedBy}>
          <legend className={cn('questionnaire-label')}>{label}</legend>
          {input}
        </fieldset>
      ) : (
        <>
          <label id={labelledById} className={cn('questionnaire-label')} htmlFor={inputId}>
            {label}
          </label>
          {input}
        </>
      )}
      {state.pending && (
        <p id={pendingId} className={cn('questionnaire-pending')}>
          {messages.expressionPending}
        </p>
      )}
      {errors.length > 0 && (
        <div id={errorId} className={cn('questionnaire-error')}>
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      )}
      <ItemIssues state={state} />
      {state.repeats && state.type !== 'choice' && state.type !== 'open-choice' && (
        <div className={cn('questionnaire-repeat-actions')}>
          {state.canRemoveRepeat && !state.readOnly && (
            <button
              type="button"
              className={cn('button')}
              data-variant="subtle"
              onClick={() => store.removeRepeat(state.key)}
            >
              {messages.remove}
              <span className={cn('visually-hidden')}> {state.text}</span>
            </button>
          )}
          {isLast && state.canAddRepeat && !state.readOnly && (
            <button
              type="button"
              className={cn('button')}
              data-variant="outline"
              onClick={() => store.addRepeat(state.key)}
            >
              {messages.addItem}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** Non-blocking problems of an item (failed expression, unreachable value set, bad definition). */
function ItemIssues({ state }: { state: QuestionnaireItemState }) {
  const cn = useQuestionnaireCn();
  const texts = [...new Set([state.expressionError, state.optionsError, ...state.issues].filter(Boolean) as string[])];
  if (!texts.length) return null;
  return (
    <div className={cn('questionnaire-issue')} role="note">
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}
