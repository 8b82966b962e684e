import {
  OperationOutcomeError,
  OutcomeCodes,
  badRequestOutcome,
  unauthorizedOutcome,
  withOutcomeCode,
  type OutcomeCode,
} from '../../../src/fhir/outcomes';
import { tooManyRequests } from '../core/errors';

/** Exact texts the login protocol answers with. */
export const AuthMessages = {
  invalidCredentials: 'Email or password is invalid',
  emailRegistered: 'Email already registered',
  passwordTooShort: 'Password must be at least 8 characters',
  invalidMfaToken: 'Invalid MFA token',
  loginNotFound: 'Login not found',
  loginRevoked: 'Login revoked',
  mfaRequired: 'MFA verification required',
  invalidEmail: 'Valid email address required',
  invalidPkce: 'Invalid code challenge method',
  pkceS256Required: 'PKCE with S256 is required for this client',
  membershipNotFound: 'Profile not found',
  projectNotFound: 'Project not found',
  loginGranted: 'Login already granted',
  tooManyAttempts: 'Too many attempts; try again later',
  patientCannotCreateProject: 'A patient account cannot create a project',
  linkPending: "This sign-in waits for the existing account's password before it can go on",
} as const;

/** Extra texts of the login protocol that carry an outcome code (the others are in AuthMessages). */
export const CodedAuthTexts = {
  incorrectPassword: 'Incorrect password',
  passwordRequired: 'Password is required',
  resetLinkInvalid: 'This link is invalid or has expired; ask for a new one',
  serverBusy: 'The server is busy; try again in a moment',
} as const;

// Each text the client shows in the reader's language, with its stable code (src/fhir/outcome-codes.ts):
// every throw of the text carries the code, whichever route throws it.
const CODE_OF_TEXT = new Map<string, OutcomeCode>([
  [AuthMessages.invalidCredentials, OutcomeCodes.invalidCredentials],
  [AuthMessages.emailRegistered, OutcomeCodes.emailRegistered],
  [AuthMessages.passwordTooShort, OutcomeCodes.passwordTooShort],
  [AuthMessages.invalidMfaToken, OutcomeCodes.invalidMfaCode],
  [AuthMessages.loginRevoked, OutcomeCodes.loginRevoked],
  [AuthMessages.mfaRequired, OutcomeCodes.mfaRequired],
  [AuthMessages.invalidEmail, OutcomeCodes.invalidEmail],
  [CodedAuthTexts.incorrectPassword, OutcomeCodes.incorrectPassword],
  [CodedAuthTexts.passwordRequired, OutcomeCodes.passwordRequired],
  [CodedAuthTexts.resetLinkInvalid, OutcomeCodes.resetLinkInvalid],
]);

/** Throws a 400 OperationOutcome naming the field at fault, with the text's outcome code when it has one. */
export function badRequest(text: string, expression?: string): never {
  const outcome = badRequestOutcome(text, expression);
  const code = CODE_OF_TEXT.get(text);
  throw new OperationOutcomeError(code ? withOutcomeCode(outcome, code) : outcome);
}

/** Throws a 400 OperationOutcome for a field over its maximum length, with the maximum for the client's text. */
export function tooLong(expression: string, maxLength: number): never {
  const outcome = badRequestOutcome(`${expression} must be at most ${maxLength} characters`, expression);
  throw new OperationOutcomeError(withOutcomeCode(outcome, OutcomeCodes.tooLong, maxLength));
}

/** A 429 (Retry-After) whose outcome carries its code and the seconds to wait, for the client's text. */
export function tooManyAttempts(
  waitMs: number,
  text: string = AuthMessages.tooManyAttempts,
  code: OutcomeCode = OutcomeCodes.tooManyAttempts
) {
  const error = tooManyRequests(text, waitMs / 1000);
  withOutcomeCode(error.outcome, code, error.retryAfterSeconds);
  return error;
}

/** Throws a 401 OperationOutcome. */
export function unauthorized(text?: string): never {
  throw new OperationOutcomeError(unauthorizedOutcome(text));
}

/** An error of the OAuth token endpoint: `{error, error_description}` with a status. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}
