import { useId, type FormEvent, type ReactNode } from 'react';
import type {
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  Reference,
} from '../../fhir';

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
}

function findAnswer(items: readonly QuestionnaireResponseItem[] | undefined, linkId: string): string | undefined {
  for (const item of items ?? []) {
    if (item.linkId === linkId) return item.answer?.[0]?.valueString;
    const nested = findAnswer(item.item, linkId);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

/**
 * A minimal stand-in for the questionnaire renderer, loaded by the Scheduler once a date is chosen: every answerable item as a labelled text
 * input, groups as fieldsets, display items as text, and a submit button that builds a
 * completed QuestionnaireResponse (answers as valueString). Replace it with `renderQuestionnaire`.
 */
export function SimpleQuestionnaireForm({
  questionnaire,
  onSubmit,
  submitLabel,
  defaultResponse,
  subject,
  now,
  busy,
  labelledBy,
  className,
}: SchedulerQuestionnaireProps): ReactNode {
  const idPrefix = useId();
  const fieldId = (linkId: string) => `${idPrefix}-${linkId}`;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const toResponseItems = (items: readonly QuestionnaireItem[] | undefined): QuestionnaireResponseItem[] =>
      (items ?? []).flatMap((item): QuestionnaireResponseItem[] => {
        if (item.type === 'display') return [];
        if (item.type === 'group') {
          const nested = toResponseItems(item.item);
          return nested.length
            ? [{ linkId: item.linkId, ...(item.text ? { text: item.text } : {}), item: nested }]
            : [];
        }
        const value = String(data.get(fieldId(item.linkId)) ?? '').trim();
        return value
          ? [{ linkId: item.linkId, ...(item.text ? { text: item.text } : {}), answer: [{ valueString: value }] }]
          : [];
      });
    onSubmit({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      ...(questionnaire.url
        ? { questionnaire: questionnaire.url }
        : questionnaire.id
          ? { questionnaire: `Questionnaire/${questionnaire.id}` }
          : {}),
      ...(subject ? { subject, source: subject } : {}),
      authored: now().toISOString(),
      item: toResponseItems(questionnaire.item),
    });
  };

  const renderItems = (items: readonly QuestionnaireItem[] | undefined): ReactNode =>
    (items ?? []).map((item) => {
      if (item.type === 'display') {
        return (
          <p key={item.linkId} className="fpk-scheduler-form-text">
            {item.text}
          </p>
        );
      }
      if (item.type === 'group') {
        return (
          <fieldset key={item.linkId} className="fpk-scheduler-form-group">
            {item.text && <legend>{item.text}</legend>}
            {renderItems(item.item)}
          </fieldset>
        );
      }
      const id = fieldId(item.linkId);
      return (
        <div key={item.linkId} className="fpk-scheduler-form-field">
          <label htmlFor={id} className="fpk-scheduler-form-label">
            {item.text ?? item.linkId}
            {item.required && <span aria-hidden="true"> *</span>}
          </label>
          <input
            id={id}
            name={id}
            type="text"
            required={item.required || undefined}
            className="fpk-input fpk-scheduler-form-input"
            defaultValue={findAnswer(defaultResponse?.item, item.linkId)}
          />
        </div>
      );
    });

  return (
    <form className={className} aria-labelledby={labelledBy} onSubmit={handleSubmit}>
      {renderItems(questionnaire.item)}
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
  );
}
