import { memo, useEffect, useState, type ReactNode } from 'react';
import { defaultQuestionnaireMessages, type QuestionnaireItemState } from '../../questionnaire';
import { loadSanitizer } from './sanitize';
import { itemId, useQuestionnaireFormContext } from './context';
import { useQuestionnaireItem } from './useQuestionnaireItem';
import { isGroupedInput, QuestionInput } from './inputs/QuestionInput';
import { TabContainer } from './TabContainer';

const RENDERING_XHTML = 'http://hl7.org/fhir/StructureDefinition/rendering-xhtml';

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

/** The item's text; rendering-xhtml is sanitized, everything else rendered as text. */
export function ItemText({ state }: { state: QuestionnaireItemState }) {
  const xhtml = state.item._text?.extension?.find((e) => e.url === RENDERING_XHTML)?.valueString;
  const [safe, setSafe] = useState<{ source: string; html: string }>();
  useEffect(() => {
    if (!xhtml) return;
    let live = true;
    loadSanitizer()
      .then((sanitize) => live && setSafe({ source: xhtml, html: sanitize(xhtml) }))
      .catch((error: unknown) => console.error('Loading the HTML sanitizer failed; showing plain text', error));
    return () => {
      live = false;
    };
  }, [xhtml]);
  if (xhtml && safe?.source === xhtml) {
    return <span className="fpk-questionnaire-xhtml" dangerouslySetInnerHTML={{ __html: safe.html }} />;
  }
  return (
    <>
      {state.prefix && <span className="fpk-questionnaire-prefix">{state.prefix} </span>}
      {state.text}
    </>
  );
}

function DisplayItem({ state }: { state: QuestionnaireItemState }) {
  return (
    <div className="fpk-questionnaire-display" data-control={state.control}>
      <ItemText state={state} />
    </div>
  );
}

function Heading({ level, id, children }: { level: number; id: string; children: ReactNode }) {
  const Tag = `h${Math.min(Math.max(level, 2), 6)}` as 'h2';
  return (
    <Tag id={id} className="fpk-questionnaire-group-title">
      {children}
    </Tag>
  );
}

function GroupItem({ state, level }: { state: QuestionnaireItemState; level: number }) {
  const { store, messages, idPrefix } = useQuestionnaireFormContext();
  const titleId = itemId(idPrefix, state.key, 'title');
  const isLast = state.repeatIndex === state.repeatCount - 1;
  // A group without text has no heading, so its children keep this level (no skipped levels).
  const childLevel = state.text ? level + 1 : level;
  return (
    <>
      <section
        className="fpk-questionnaire-group"
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
          <TabContainer state={state} level={childLevel} />
        ) : (
          state.childKeys.map((key) => <QuestionnaireItemView key={key} itemKey={key} level={childLevel} />)
        )}
        {state.repeats && state.canRemoveRepeat && !state.readOnly && (
          <button
            type="button"
            className="fpk-button"
            data-variant="subtle"
            onClick={() => store.removeRepeat(state.key)}
          >
            {messages.remove}
            <span className="fpk-visually-hidden"> {state.text}</span>
          </button>
        )}
      </section>
      {state.repeats && isLast && state.canAddRepeat && !state.readOnly && (
        <button type="button" className="fpk-button" data-variant="outline" onClick={() => store.addRepeat(state.key)}>
          {messages.addGroup(state.text ?? state.linkId)}
        </button>
      )}
    </>
  );
}

/** The start of the engine's minOccurs message, computed lazily so the module stays shakeable. */
const emptinessPrefix = () => defaultQuestionnaireMessages.minOccurs(0).split('0')[0];

/**
 * Errors a user sees: all once the user changed the item (the engine's `touched`) or tried to
 * submit; before that only those not about emptiness, so tabbing through an untouched form
 * shows no 'This field is required.' under each field it passes.
 */
function visibleErrors(state: QuestionnaireItemState, touched: boolean, submitAttempted: boolean): readonly string[] {
  if (touched || submitAttempted || state.answers.length > 0) return state.errors;
  return state.errors.filter((e) => e !== defaultQuestionnaireMessages.required && !e.startsWith(emptinessPrefix()));
}

function QuestionItem({ state }: { state: QuestionnaireItemState }) {
  // submitAttempted comes through context, not a store subscription per item: a keystroke then
  // calls no listener of the other items.
  const { store, messages, idPrefix, submitAttempted } = useQuestionnaireFormContext();
  const errors = visibleErrors(state, state.touched, submitAttempted);
  const inputId = itemId(idPrefix, state.key);
  const errorId = itemId(idPrefix, state.key, 'error');
  const isLast = state.repeatIndex === state.repeatCount - 1;
  const grouped = isGroupedInput(state);
  const label = (
    <>
      <ItemText state={state} />
      {state.required && (
        <span className="fpk-questionnaire-required" aria-hidden="true">
          {' *'}
        </span>
      )}
    </>
  );
  const input = (
    <QuestionInput
      state={state}
      inputId={inputId}
      describedBy={errors.length ? errorId : undefined}
      invalid={errors.length > 0}
    />
  );

  return (
    <div
      className="fpk-questionnaire-item"
      data-link-id={state.linkId}
      data-type={state.type}
      data-control={state.control}
      data-invalid={errors.length > 0 || undefined}
      data-required={state.required || undefined}
      data-readonly={state.readOnly || undefined}
    >
      {grouped ? (
        <fieldset className="fpk-questionnaire-fieldset" aria-describedby={errors.length ? errorId : undefined}>
          <legend className="fpk-questionnaire-label">{label}</legend>
          {input}
        </fieldset>
      ) : (
        <>
          <label className="fpk-questionnaire-label" htmlFor={inputId}>
            {label}
          </label>
          {input}
        </>
      )}
      {errors.length > 0 && (
        <div id={errorId} className="fpk-questionnaire-error">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      )}
      <ItemIssues state={state} />
      {state.repeats && state.type !== 'choice' && state.type !== 'open-choice' && (
        <div className="fpk-questionnaire-repeat-actions">
          {state.canRemoveRepeat && !state.readOnly && (
            <button
              type="button"
              className="fpk-button"
              data-variant="subtle"
              onClick={() => store.removeRepeat(state.key)}
            >
              {messages.remove}
              <span className="fpk-visually-hidden"> {state.text}</span>
            </button>
          )}
          {isLast && state.canAddRepeat && !state.readOnly && (
            <button
              type="button"
              className="fpk-button"
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
  const texts = [...new Set([state.expressionError, state.optionsError, ...state.issues].filter(Boolean) as string[])];
  if (!texts.length) return null;
  return (
    <div className="fpk-questionnaire-issue" role="note">
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}
