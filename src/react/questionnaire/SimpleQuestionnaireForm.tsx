import {
  forwardRef,
  useEffect,
  useId,
  useMemo,
  useRef,
  type FormEvent,
  type FormHTMLAttributes,
  type ReactNode,
} from 'react';
import type { Questionnaire, QuestionnaireResponse, Reference } from '../../fhir';
import { createQuestionnaireStore, type QuestionnaireItemState, type QuestionnaireStore } from '../../questionnaire';
import {
  itemId,
  QuestionnaireFormContext,
  useQuestionnaireFormContext,
  type QuestionnaireFormContextValue,
} from './context';
import { isGroupedInput } from './inputs/inputKind';
import { QuestionInput } from './inputs/QuestionInput';
import { type QuestionnaireFormMessages } from './messages';
import { useQuestionnaireFormMessages } from './useQuestionnaireFormMessages';
import { QuestionnaireClassContext, type QuestionnaireClassNameOf } from './questionnaireClassContext';
import { useQuestionnaireFormState, useQuestionnaireItem } from './useQuestionnaireItem';
import { visibleErrors } from './visibleErrors';
import { useLocale } from '../locale/LocaleContext';

/** What a questionnaire renderer receives from the scheduler. */
export interface SchedulerQuestionnaireProps {
  /** The questions. */
  readonly questionnaire: Questionnaire;
  /** Hands the completed answers back to the scheduler. */
  readonly onSubmit: (response: QuestionnaireResponse) => void;
  /** Label of the submit button ('Next'). */
  readonly submitLabel: string;
  /** Answers given before, when the patient comes back to change them. */
  readonly defaultResponse?: QuestionnaireResponse;
  /** Who the answers are about and who gave them. */
  readonly subject?: Reference;
  /** The clock, for `authored`. */
  readonly now: () => Date;
  /** True while the answers' 'Next' is booking the appointment (no review step). */
  readonly busy?: boolean;
  /** Id of the step heading that names the form. */
  readonly labelledBy?: string;
  /** Class of the form element. */
  readonly className?: string;
  /** Locale of the dates and numbers the form shows (the Scheduler's), and the language of its texts. */
  readonly locale?: string;
}

/** Props of {@link SimpleQuestionnaireForm}; other HTML attributes go to its `<form>` (its id is the form's own: its controls name it). */
export interface SimpleQuestionnaireFormProps
  extends
    SchedulerQuestionnaireProps,
    Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children' | 'defaultValue' | 'className'> {
  /** Texts of the fields (validation errors, placeholders); each replaceable. */
  readonly messages?: Partial<QuestionnaireFormMessages>;
}

// The scheduler's look: its own field classes, the questionnaire inputs' otherwise.
const schedulerClassNameOf: QuestionnaireClassNameOf = (slot, ...extra) =>
  [slot === 'input' ? 'fpk-input fpk-scheduler-form-input' : `fpk-${slot}`, ...extra].filter(Boolean).join(' ');

/**
 * The scheduler's default questions step, loaded once a date is chosen: a compact form over the
 * questionnaire engine, so every answer has its item's type (a boolean is valueBoolean, an
 * integer valueInteger), enableWhen applies and required items are checked. Display items are
 * text, groups fieldsets, questions the questionnaire form's inputs; no title (the scheduler's
 * step heading names it). For the full renderer pass `renderQuestionnaire`. The ref is the `<form>`.
 */
export const SimpleQuestionnaireForm = /* @__PURE__ */ forwardRef<HTMLFormElement, SimpleQuestionnaireFormProps>(
  function SimpleQuestionnaireForm(
    {
      questionnaire,
      onSubmit,
      submitLabel,
      defaultResponse,
      subject,
      now,
      busy,
      labelledBy,
      className,
      messages: messagesProp,
      locale: localeProp,
      id,
      ...attributes
    },
    ref
  ) {
    const idPrefix = useId().replace(/:/g, '');
    // The caller's id wins; the generated one is only for a form that has none.
    const formId = id ?? `${idPrefix}-form`;
    const messages = useQuestionnaireFormMessages(messagesProp);
    const locale = useLocale(localeProp);
    // The engine keeps the clock it was built with; this one follows the prop.
    const clock = useRef(now);
    clock.current = now;
    const store = useMemo(
      () =>
        createQuestionnaireStore(questionnaire, {
          response: defaultResponse,
          subject,
          source: subject,
          now: () => clock.current(),
          messages,
          language: locale,
        }),
      // The store is the form's state: rebuilt only for other questions or earlier answers.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [questionnaire, defaultResponse]
    );
    // Another locale shows the same answers in its language (the questionnaire's translations).
    useEffect(() => store.setLanguage(locale), [store, locale]);
    const form = useQuestionnaireFormState(store);
    const context = useMemo<QuestionnaireFormContextValue>(
      () => ({
        store,
        messages,
        locale,
        headingLevel: 3,
        subject,
        idPrefix,
        formId,
        submitAttempted: form.submitAttempted,
      }),
      [store, messages, locale, subject, idPrefix, formId, form.submitAttempted]
    );

    const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy) return;
      const errors = store.attemptSubmit().filter((error) => error.key);
      if (errors.length) {
        document.getElementById(itemId(idPrefix, errors[0].key))?.focus();
        return;
      }
      onSubmit(store.buildResponse());
    };

    return (
      <QuestionnaireFormContext.Provider value={context}>
        <QuestionnaireClassContext.Provider value={schedulerClassNameOf}>
          <form
            aria-labelledby={labelledBy}
            {...attributes}
            ref={ref}
            id={formId}
            // Its own stable class first, as every component's root has; the Scheduler adds its step's.
            className={className ? `fpk-simple-questionnaire-form ${className}` : 'fpk-simple-questionnaire-form'}
            noValidate
            onSubmit={handleSubmit}
          >
            {form.rootKeys.map((key) => (
              <SimpleItem key={key} store={store} itemKey={key} />
            ))}
            <button
              type="submit"
              className="fpk-button fpk-scheduler-button"
              data-variant="primary"
              aria-disabled={busy || undefined}
              data-loading={busy || undefined}
            >
              {submitLabel}
            </button>
          </form>
        </QuestionnaireClassContext.Provider>
      </QuestionnaireFormContext.Provider>
    );
  }
);

/** One item: display text, a group as a fieldset, or a question with its label, input and errors. */
function SimpleItem({ store, itemKey }: { store: QuestionnaireStore; itemKey: string }): ReactNode {
  const state = useQuestionnaireItem(store, itemKey);
  if (!state?.visible) return null;
  if (state.type === 'display') return <p className="fpk-scheduler-form-text">{state.text}</p>;
  if (state.type === 'group') {
    return (
      <fieldset className="fpk-scheduler-form-group">
        {state.text && <legend>{state.text}</legend>}
        {state.childKeys.map((key) => (
          <SimpleItem key={key} store={store} itemKey={key} />
        ))}
      </fieldset>
    );
  }
  return <SimpleQuestion state={state} />;
}

function SimpleQuestion({ state }: { state: QuestionnaireItemState }): ReactNode {
  const { idPrefix, messages, submitAttempted } = useQuestionnaireFormContext();
  const errors = visibleErrors(state, messages, submitAttempted);
  const inputId = itemId(idPrefix, state.key);
  const labelId = itemId(idPrefix, state.key, 'label');
  const errorId = itemId(idPrefix, state.key, 'error');
  const describedBy = errors.length ? errorId : undefined;
  const label = (
    <>
      {state.text ?? state.linkId}
      {state.required && <span aria-hidden="true"> *</span>}
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
    <div className="fpk-scheduler-form-field" data-invalid={errors.length > 0 || undefined}>
      {isGroupedInput(state) ? (
        <fieldset className="fpk-scheduler-form-group" aria-describedby={describedBy}>
          <legend id={labelId}>{label}</legend>
          {input}
        </fieldset>
      ) : (
        <>
          <label id={labelId} htmlFor={inputId} className="fpk-scheduler-form-label">
            {label}
          </label>
          {input}
        </>
      )}
      {errors.length > 0 && (
        <p id={errorId} className="fpk-questionnaire-error">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}
