import type { OperationOutcome, OperationOutcomeIssue } from './types';

export * from './outcome-codes';

/** Brand that marks our error across copies of the library (an app may bundle two). */
const OPERATION_OUTCOME_ERROR = Symbol.for('fhir-portal-kit.OperationOutcomeError');

/** Outcome ids that mean success. */
const SUCCESS_IDS = new Set(['ok', 'created', 'not-modified', 'accepted']);

/** The library's outcome messages, exact texts. */
export const OutcomeMessages = {
  notFound: 'Not found',
  unauthorized: 'Unauthorized',
  tokenExpired: 'Token expired',
  tokenAudience: 'Token not issued for this audience',
  allOk: 'All OK',
  serverError: 'Internal server error',
} as const;

/** An error that carries a FHIR OperationOutcome; the one error type the library throws. */
export class OperationOutcomeError extends Error {
  readonly outcome: OperationOutcome;
  // Set in the constructor, not as a `[brand] = true` field: bundlers keep a class with a
  // computed field key even when nothing uses it (the key could run code), so every bundle
  // that only checks errors would carry the class and its message formatting.
  declare readonly [OPERATION_OUTCOME_ERROR]: true;

  constructor(outcome: OperationOutcome, options?: { cause?: unknown }) {
    super(operationOutcomeToString(outcome), options);
    this.name = 'OperationOutcomeError';
    this.outcome = outcome;
    this[OPERATION_OUTCOME_ERROR] = true;
  }
}

/** True for an OperationOutcomeError from any copy of the library. */
export function isOperationOutcomeError(value: unknown): value is OperationOutcomeError {
  return typeof value === 'object' && value !== null && (value as any)[OPERATION_OUTCOME_ERROR] === true;
}

/** True when the value looks like an OperationOutcome resource. */
export function isOperationOutcome(value: unknown): value is OperationOutcome {
  return typeof value === 'object' && value !== null && (value as any).resourceType === 'OperationOutcome';
}

/** True when the outcome's id is one of the success ids. */
export function isOk(outcome: OperationOutcome): boolean {
  return SUCCESS_IDS.has(outcome.id ?? '');
}

/** Builds an error outcome with one issue. */
export function errorOutcome(
  text: string,
  code: OperationOutcomeIssue['code'] = 'processing',
  expression?: string,
  id?: string
): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    ...(id ? { id } : {}),
    issue: [
      {
        severity: 'error',
        code,
        details: { text },
        ...(expression ? { expression: [expression] } : {}),
      },
    ],
  };
}

/** An outcome for a missing resource. */
export const notFoundOutcome = (text: string = OutcomeMessages.notFound): OperationOutcome =>
  errorOutcome(text, 'not-found', undefined, 'not-found');

/** An outcome for a missing or rejected credential. */
export const unauthorizedOutcome = (text: string = OutcomeMessages.unauthorized): OperationOutcome =>
  errorOutcome(text, 'login', undefined, 'unauthorized');

/** An outcome for a request the caller may not make. */
export const forbiddenOutcome = (text = 'Forbidden'): OperationOutcome =>
  errorOutcome(text, 'forbidden', undefined, 'forbidden');

/** An outcome for bad input, optionally naming the element at fault. */
export const badRequestOutcome = (text: string, expression?: string): OperationOutcome =>
  errorOutcome(text, 'invalid', expression);

/** An outcome for a failure on the server side. */
export const serverErrorOutcome = (text: string = OutcomeMessages.serverError): OperationOutcome =>
  errorOutcome(text, 'exception');

/** A success outcome. */
export const allOkOutcome = (): OperationOutcome => ({
  resourceType: 'OperationOutcome',
  id: 'ok',
  issue: [{ severity: 'information', code: 'informational', details: { text: OutcomeMessages.allOk } }],
});

/** Throws an OperationOutcomeError with one issue of the given text. */
export function throwError(text: string, code: OperationOutcomeIssue['code'] = 'processing'): never {
  throw new OperationOutcomeError(errorOutcome(text, code));
}

/**
 * Turns one issue into text in the reader's language (by its outcome code, issue code and
 * expression), or answers undefined to keep the server's text.
 */
export type IssueTranslator = (issue: OperationOutcomeIssue) => string | undefined;

/**
 * The human text of an outcome: each issue's translation, else its details.text or diagnostics
 * (with the expression), joined. The one place an outcome becomes text.
 */
export function operationOutcomeToString(outcome: OperationOutcome, translate?: IssueTranslator): string {
  const texts = (outcome.issue ?? [])
    .map((issue) => {
      const translated = translate?.(issue);
      if (translated) return translated;
      const text = issue.details?.text ?? issue.diagnostics ?? issue.code;
      const where = issue.expression?.length ? ` (${issue.expression.join(', ')})` : '';
      return text ? text + where : undefined;
    })
    .filter(Boolean);
  return texts.length ? texts.join('; ') : 'Unknown error';
}

/** Converts anything thrown into an OperationOutcome, never exposing more than its message. */
export function normalizeOutcome(error: unknown): OperationOutcome {
  if (isOperationOutcomeError(error)) return error.outcome;
  if (isOperationOutcome(error)) return error;
  if (error instanceof Error) return errorOutcome(error.message);
  if (typeof error === 'string') return errorOutcome(error);
  return errorOutcome('Unknown error');
}

/** The message of anything thrown, for display; `translate` puts known issues in the reader's language. */
export function normalizeErrorString(error: unknown, translate?: IssueTranslator): string {
  return operationOutcomeToString(normalizeOutcome(error), translate);
}
