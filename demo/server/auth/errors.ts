import { OperationOutcomeError, badRequestOutcome, unauthorizedOutcome } from '../../../src/fhir/outcomes';

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

/** Throws a 400 OperationOutcome naming the field at fault. */
export function badRequest(text: string, expression?: string): never {
  throw new OperationOutcomeError(badRequestOutcome(text, expression));
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
