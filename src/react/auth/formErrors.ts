import { isOperationOutcome, isOperationOutcomeError } from '../../fhir/outcomes';
import type { OperationOutcome } from '../../fhir/types';
import { defaultErrorOutcomeMessages, translateIssue, type ErrorOutcomeMessages } from '../locale/outcomeMessages';
import type { AuthCommonMessages } from './messages';

/** Errors of a form: one message per field, and the rest as a list. */
export interface FormErrors<F extends string> {
  readonly fieldErrors: Partial<Record<F, string>>;
  readonly issues: readonly string[];
}

/** No errors. */
export const noErrors: FormErrors<never> = { fieldErrors: {}, issues: [] };

/** An issue expression without array indices: 'name[0].given[1]' becomes 'name.given'. */
export function stripIndices(expression: string): string {
  return expression.replace(/\[\d+\]/g, '');
}

function isNetworkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return (
    (error instanceof TypeError && !isOperationOutcomeError(error)) ||
    /failed to fetch|networkerror|network request failed|load failed|fetch failed/i.test(message)
  );
}

/**
 * Maps anything a login call threw to form errors: each issue whose expression (indices ignored)
 * names a field goes under that field, other issues to the list; network failures and 5xx become
 * the form's clear messages. Each issue reads in `outcomes` (by its outcome code, issue code and
 * expression; pass `useOutcomeMessages()` for the provider's language), else as the server wrote it.
 */
export function toFormErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  messages: Pick<AuthCommonMessages, 'networkError' | 'serverError' | 'unexpectedResponse'>,
  aliases: Readonly<Record<string, F>> = {},
  outcomes: ErrorOutcomeMessages = defaultErrorOutcomeMessages
): FormErrors<F> {
  if (isNetworkError(error)) return { fieldErrors: {}, issues: [messages.networkError] };
  const outcome: OperationOutcome | undefined = isOperationOutcomeError(error)
    ? error.outcome
    : isOperationOutcome(error)
      ? error
      : undefined;
  if (!outcome) {
    const text = error instanceof Error && error.message ? error.message : messages.unexpectedResponse;
    return { fieldErrors: {}, issues: [text] };
  }
  const fieldErrors: Partial<Record<F, string>> = {};
  const issues: string[] = [];
  for (const issue of outcome.issue ?? []) {
    if (issue.code === 'transient') {
      if (!issues.includes(messages.networkError)) issues.push(messages.networkError);
      continue;
    }
    if (issue.code === 'exception') {
      if (!issues.includes(messages.serverError)) issues.push(messages.serverError);
      continue;
    }
    const text =
      translateIssue(outcomes, issue) ?? issue.details?.text ?? issue.diagnostics ?? messages.unexpectedResponse;
    const expression = issue.expression?.[0] ?? issue.location?.[0];
    const name = expression ? stripIndices(expression) : undefined;
    const field = name ? (aliases[name] ?? (fields as readonly string[]).find((f) => f === name)) : undefined;
    if (field) fieldErrors[field as F] = fieldErrors[field as F] ? `${fieldErrors[field as F]} ${text}` : text;
    else issues.push(text);
  }
  if (!issues.length && !Object.keys(fieldErrors).length) issues.push(messages.unexpectedResponse);
  return { fieldErrors, issues };
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Client-side checks: required fields filled, email shaped like one. */
export function validateRequired<F extends string>(
  values: Partial<Record<F, unknown>>,
  required: readonly F[],
  labels: Readonly<Record<F, string>>,
  messages: Pick<AuthCommonMessages, 'fieldRequired' | 'invalidEmail'>
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const field of required) {
    const value = values[field];
    if (typeof value !== 'string' || !value.trim()) errors[field] = messages.fieldRequired(labels[field]);
    else if (field === 'email' && !EMAIL.test(value.trim())) errors[field] = messages.invalidEmail;
  }
  return errors;
}
