// Outcome builders and the HTTP status of an outcome. The error class itself is the library's
// OperationOutcomeError; the status travels on the outcome (its id, else its issue code).
import {
  OperationOutcomeError,
  badRequestOutcome,
  errorOutcome,
  forbiddenOutcome,
  notFoundOutcome,
} from '../../../src/fhir/outcomes';
import type { OperationOutcome, OperationOutcomeIssue } from '../../../src/fhir/types';

type IssueCode = OperationOutcomeIssue['code'];

/** Outcome ids with a status of their own. */
const STATUS_BY_ID: Record<string, number> = {
  ok: 200,
  created: 201,
  'not-modified': 304,
  accepted: 202,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  'method-not-allowed': 405,
  'not-acceptable': 406,
  conflict: 409,
  gone: 410,
  'precondition-failed': 412,
  'too-large': 413,
  'unsupported-media-type': 415,
  unprocessable: 422,
  'too-many-requests': 429,
};

/** Issue codes mapped to statuses when the outcome has no id of its own. */
const STATUS_BY_CODE: Record<string, number> = {
  'not-found': 404,
  deleted: 410,
  forbidden: 403,
  security: 403,
  login: 401,
  unknown: 401,
  expired: 401,
  conflict: 409,
  duplicate: 409,
  'too-costly': 413,
  invalid: 400,
  structure: 400,
  required: 400,
  value: 400,
  invariant: 400,
  processing: 400,
  'not-supported': 400,
  exception: 500,
  informational: 200,
};

/** The HTTP status an outcome stands for. */
export function statusOfOutcome(outcome: OperationOutcome): number {
  if (outcome.id && STATUS_BY_ID[outcome.id]) return STATUS_BY_ID[outcome.id];
  const code =
    outcome.issue?.find((i) => i.severity === 'error' || i.severity === 'fatal')?.code ?? outcome.issue?.[0]?.code;
  return (code && STATUS_BY_CODE[code]) || 400;
}

/** An error whose outcome carries an explicit status id. */
function withId(id: string, text: string, code: IssueCode, expression?: string): OperationOutcomeError {
  return new OperationOutcomeError(errorOutcome(text, code, expression, id));
}

export const badRequest = (text: string, expression?: string) =>
  new OperationOutcomeError(badRequestOutcome(text, expression));
export const notFound = (text?: string) => new OperationOutcomeError(notFoundOutcome(text));
export const forbidden = (text = 'Forbidden') => new OperationOutcomeError(forbiddenOutcome(text));
export const gone = (text: string) => withId('gone', text, 'deleted');
export const conflict = (text: string) => withId('conflict', text, 'conflict');
export const preconditionFailed = (text: string) => withId('precondition-failed', text, 'conflict');
export const tooLarge = (text: string, expression?: string) => withId('too-large', text, 'too-costly', expression);
export const notAcceptable = (text: string) => withId('not-acceptable', text, 'not-supported');
export const unsupportedMediaType = (text: string) => withId('unsupported-media-type', text, 'not-supported');
export const methodNotAllowed = (text: string) => withId('method-not-allowed', text, 'not-supported');
export const unauthorized = (text = 'Unauthorized') => withId('unauthorized', text, 'login');

/** 429 with the seconds to wait, which the HTTP layer sends as Retry-After. */
export class TooManyRequestsError extends OperationOutcomeError {
  readonly retryAfterSeconds: number;
  constructor(text: string, retryAfterSeconds: number) {
    super(errorOutcome(text, 'throttled', undefined, 'too-many-requests'));
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
export const tooManyRequests = (text: string, retryAfterSeconds: number) =>
  new TooManyRequestsError(text, retryAfterSeconds);

/** 422: the request is understood and allowed, but a business rule refuses it (a limit reached). */
export const unprocessable = (text: string, expression?: string) =>
  new OperationOutcomeError(errorOutcome(text, 'business-rule', expression, 'unprocessable'));
