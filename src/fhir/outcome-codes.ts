// Stable codes on the error outcomes our server writes, so a client can show each one in the
// reader's language without parsing the server's English text. The code travels in
// `issue.details.coding` (system OUTCOME_CODE_SYSTEM); a number the text names (the seconds to
// wait, a maximum length) travels in an issue extension (OUTCOME_VALUE_URL, valueInteger).
import type { OperationOutcome, OperationOutcomeIssue } from './types';

/** The coding system of our outcome codes, in `issue.details.coding`. */
export const OUTCOME_CODE_SYSTEM = 'https://fhir-portal-kit.dev/outcome-code';

/** The issue extension that carries the number an outcome code's text names (valueInteger). */
export const OUTCOME_VALUE_URL = 'https://fhir-portal-kit.dev/outcome-value';

/** Our outcome codes, by the name of the text each stands for. */
export const OutcomeCodes = {
  /** Wrong password or unknown email at sign-in. */
  invalidCredentials: 'invalid-credentials',
  /** Too many wrong passwords, MFA codes, resets or registrations; the value is the seconds to wait. */
  tooManyAttempts: 'too-many-attempts',
  /** The password hashing queue is full. */
  serverBusy: 'server-busy',
  botCheckRequired: 'bot-check-required',
  botCheckFailed: 'bot-check-failed',
  botCheckExpired: 'bot-check-expired',
  botCheckUsed: 'bot-check-used',
  botCheckUnreachable: 'bot-check-unreachable',
  /** A wrong or expired MFA code. */
  invalidMfaCode: 'invalid-mfa-code',
  /** The login ended (too many wrong MFA codes, or revoked); sign in again. */
  loginRevoked: 'login-revoked',
  mfaRequired: 'mfa-required',
  emailRegistered: 'email-registered',
  invalidEmail: 'invalid-email',
  passwordTooShort: 'password-too-short',
  /** A field longer than the server takes; the value is the maximum length. */
  tooLong: 'too-long',
  passwordRequired: 'password-required',
  /** The current password given to change it or turn MFA off is wrong. */
  incorrectPassword: 'incorrect-password',
  /** A password reset link that is unknown, spent or expired. */
  resetLinkInvalid: 'reset-link-invalid',
  tokenExpired: 'token-expired',
} as const;

/** One of our outcome codes. */
export type OutcomeCode = (typeof OutcomeCodes)[keyof typeof OutcomeCodes];

/** Marks every issue of the outcome with the code (and the number its text names); answers the outcome. */
export function withOutcomeCode(outcome: OperationOutcome, code: OutcomeCode, value?: number): OperationOutcome {
  for (const issue of outcome.issue ?? []) {
    issue.details = { ...issue.details, coding: [{ system: OUTCOME_CODE_SYSTEM, code }] };
    if (value !== undefined) issue.extension = [{ url: OUTCOME_VALUE_URL, valueInteger: Math.round(value) }];
  }
  return outcome;
}

/** The issue's outcome code of ours, if the server set one. */
export function outcomeCodeOf(issue: OperationOutcomeIssue): string | undefined {
  return issue.details?.coding?.find((c) => c.system === OUTCOME_CODE_SYSTEM)?.code;
}

/** The number the issue's outcome code names (seconds to wait, a maximum length), if any. */
export function outcomeValueOf(issue: OperationOutcomeIssue): number | undefined {
  return issue.extension?.find((e) => e.url === OUTCOME_VALUE_URL)?.valueInteger;
}
