import type { Reference } from '../../fhir/types';

/**
 * The part of a FHIR client the login steps need. `FhirClient` provides all of it; tests
 * and apps with their own transport can pass any object of this shape.
 */
export interface LoginClient {
  /** The server base URL, ending with a slash (for example `https://example.com/`). */
  getBaseUrl(): string;
  /** POSTs a JSON body to a URL relative to the base URL; rejects with an OperationOutcomeError on status 400 or above. */
  post(url: string, body?: unknown): Promise<any>;
  /** GETs a URL relative to the base URL; needed only to resume a pending login (getLogin). */
  get?(url: string): Promise<any>;
  /** POSTs a form body to the token endpoint and makes the result the active login. */
  fetchTokens(formBody: URLSearchParams): Promise<unknown>;
  /** The client application id used when a request names none. */
  getClientId?(): string | undefined;
  /** The OAuth2 authorize endpoint; defaults to `{base}oauth2/authorize`. */
  getAuthorizeUrl?(): string;
  /** The FHIR base URL, sent as `aud` on a SMART authorize redirect when known. */
  getFhirBaseUrl?(): string;
  /** Where the next login's tokens are kept, by the Remember me choice (see RememberMeStorage). */
  setRememberMe?(remember: boolean): void;
}

/** PKCE challenge method: S256, or plain where the browser has no SHA-256 digest. */
export type CodeChallengeMethod = 'S256' | 'plain';

/** Fields shared by every request that starts a login. */
export interface BaseLoginRequest {
  readonly projectId?: string;
  readonly clientId?: string;
  readonly resourceType?: string;
  readonly scope?: string;
  readonly nonce?: string;
  readonly codeChallenge?: string;
  readonly codeChallengeMethod?: CodeChallengeMethod | string;
  readonly googleClientId?: string;
  readonly launch?: string;
  readonly redirectUri?: string;
}

/** Email and password sign-in (POST auth/login). */
export interface EmailPasswordLoginRequest extends BaseLoginRequest {
  readonly email: string;
  readonly password: string;
  /** Keep the user signed in beyond this browser session. */
  readonly remember?: boolean;
}

/** Google credential sign-in (POST auth/google). */
export interface GoogleLoginRequest extends BaseLoginRequest {
  readonly googleClientId: string;
  readonly googleCredential: string;
  readonly createUser?: boolean;
}

/** Registration payload (POST auth/newuser). */
export interface NewUserRequest {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly password: string;
  readonly remember?: boolean;
  readonly projectId?: string;
  readonly clientId?: string;
  readonly recaptchaSiteKey?: string;
  readonly recaptchaToken?: string;
  /** The ALTCHA widget's payload, for a server whose bot check is a proof of work. */
  readonly altcha?: string;
}

/** New project for a partial login (POST auth/newproject). */
export interface NewProjectRequest {
  readonly login: string;
  readonly projectName: string;
  /** A bot-check solution, when the account's registration check is already spent. */
  readonly altcha?: string;
}

/** New patient for a partial login (POST auth/newpatient). */
export interface NewPatientRequest {
  readonly login: string;
  /** The project to join; left out, the server picks its default (the reference server: the demo project). */
  readonly projectId?: string;
  /** A bot-check solution, when the account's registration check is already spent. */
  readonly altcha?: string;
}

/** A project membership offered on the choose-profile step. */
export interface LoginMembership {
  readonly id: string;
  readonly profile?: Reference;
  readonly project?: Reference;
}

/** What the auth/* endpoints answer. */
export interface LoginAuthenticationResponse {
  readonly login?: string;
  readonly code?: string;
  readonly memberships?: LoginMembership[];
  readonly mfaRequired?: boolean;
  readonly mfaEnrollRequired?: boolean;
  /** Data URL of the QR code to scan when enrolling in MFA. */
  readonly enrollQrCode?: string;
  /**
   * An external sign-in matched an account the provider did not make: it goes on only once that
   * account's password is proven (linkExternalLogin).
   */
  readonly linkRequired?: boolean;
}

/**
 * Whether the signed-in user's sign-in asks for a TOTP code (GET auth/mfa/status, and the answer
 * of auth/mfa/enroll and auth/mfa/disable). While MFA is off the status carries what to enrol
 * with: the otpauth URI, its QR code as a data URL, and the secret for typing in by hand.
 */
export interface MfaStatus {
  readonly enrolled: boolean;
  readonly enrollUri?: string;
  /** Data URL of the QR code to scan. */
  readonly enrollQrCode?: string;
  /** The base32 secret, for authenticator apps that cannot scan. */
  readonly enrollSecret?: string;
}

/** What POST auth/method answers: an external authorize address when the email's domain uses one. */
export interface AuthMethodResponse {
  readonly authorizeUrl?: string;
  readonly domain?: string;
}

/** Navigates the browser; `window.location.assign` unless a test or app injects another. */
export type Navigate = (url: string) => void;
