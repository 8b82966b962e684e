// The texts of the error outcomes a portal shows (the login protocol's and the FHIR API's), by
// the outcome code our server sets, else by the issue code and expression: the client speaks
// the reader's language and the server's English text is only the fallback.
import {
  OutcomeCodes,
  outcomeCodeOf,
  outcomeValueOf,
  type IssueTranslator,
  type OutcomeCode,
} from '../../fhir/outcomes';
import type { OperationOutcomeIssue } from '../../fhir/types';
import { retryIn } from './retryIn';

/** Texts of error outcomes (the `outcomes` family); English defaults are the server's own texts. */
export interface ErrorOutcomeMessages {
  readonly invalidCredentials: string;
  /** Too many attempts; `waitSeconds` is how long the server holds them (undefined: not said). */
  readonly tooManyAttempts: (waitSeconds: number | undefined) => string;
  readonly serverBusy: string;
  readonly botCheckRequired: string;
  readonly botCheckFailed: string;
  readonly botCheckExpired: string;
  readonly botCheckUsed: string;
  readonly botCheckUnreachable: string;
  readonly invalidMfaCode: string;
  readonly loginRevoked: string;
  readonly mfaRequired: string;
  readonly emailRegistered: string;
  readonly invalidEmail: string;
  readonly passwordTooShort: string;
  /** A field longer than the server takes. */
  readonly tooLong: (field: string, maxLength: number) => string;
  readonly passwordRequired: string;
  readonly incorrectPassword: string;
  readonly resetLinkInvalid: string;
  readonly tokenExpired: string;
  /** A resource's required element is missing (issue code 'required'). */
  readonly required: (field: string) => string;
  /**
   * An element's value is refused (issue code 'invalid', 'value', 'structure' or 'invariant' with
   * an expression). English keeps the server's text, which says more than a translation could.
   */
  readonly invalidValue: (field: string, serverText: string) => string;
}

/** The English texts: exactly what the reference server writes. */
export const defaultErrorOutcomeMessages: ErrorOutcomeMessages = {
  invalidCredentials: 'Email or password is invalid',
  tooManyAttempts: (waitSeconds) =>
    waitSeconds === undefined
      ? 'Too many attempts; try again later'
      : `Too many attempts; try again ${retryIn('en', waitSeconds)}`,
  serverBusy: 'The server is busy; try again in a moment',
  botCheckRequired: 'Bot check required',
  botCheckFailed: 'Bot check failed',
  botCheckExpired: 'Bot check expired',
  botCheckUsed: 'Bot check already used',
  botCheckUnreachable: 'Bot check could not be verified; try again later',
  invalidMfaCode: 'Invalid MFA token',
  loginRevoked: 'Login revoked',
  mfaRequired: 'MFA verification required',
  emailRegistered: 'Email already registered',
  invalidEmail: 'Valid email address required',
  passwordTooShort: 'Password must be at least 8 characters',
  tooLong: (field, maxLength) => `${field} must be at most ${maxLength} characters`,
  passwordRequired: 'Password is required',
  incorrectPassword: 'Incorrect password',
  resetLinkInvalid: 'This link is invalid or has expired; ask for a new one',
  tokenExpired: 'Token expired',
  required: (field) => `Missing required property: ${field}`,
  invalidValue: (_field, serverText) => serverText,
};

const NAME_OF_CODE = new Map<string, keyof typeof OutcomeCodes>(
  Object.entries(OutcomeCodes).map(([name, code]) => [code, name as keyof typeof OutcomeCodes])
);

const INVALID_VALUE_CODES = new Set(['invalid', 'value', 'structure', 'invariant']);

/** The element an expression names, without the resource type and indices: 'Observation.code[0]' -> 'code'. */
export function expressionField(expression: string): string {
  return expression.replace(/\[\d+\]/g, '').replace(/^[A-Z][A-Za-z]*\./, '');
}

/** The text of one issue in `messages`, or undefined when it has no translation (the server's text stays). */
export function translateIssue(messages: ErrorOutcomeMessages, issue: OperationOutcomeIssue): string | undefined {
  const code = outcomeCodeOf(issue);
  const name = code === undefined ? undefined : NAME_OF_CODE.get(code as OutcomeCode);
  const expression = issue.expression?.[0] ?? issue.location?.[0];
  const field = expression ? expressionField(expression) : undefined;
  const value = outcomeValueOf(issue);
  if (name === 'tooManyAttempts') return messages.tooManyAttempts(value);
  if (name === 'tooLong') return field && value !== undefined ? messages.tooLong(field, value) : undefined;
  if (name) return messages[name];
  // A code of ours this version does not know (a newer server): its own text says more than a generic one.
  if (code !== undefined || !field) return undefined;
  if (issue.code === 'required') return messages.required(field);
  const serverText = issue.details?.text ?? issue.diagnostics;
  if (serverText && INVALID_VALUE_CODES.has(issue.code)) return messages.invalidValue(field, serverText);
  return undefined;
}

/** An IssueTranslator for `operationOutcomeToString`/`normalizeErrorString` from these texts. */
export function issueTranslator(messages: ErrorOutcomeMessages): IssueTranslator {
  return (issue) => translateIssue(messages, issue);
}
