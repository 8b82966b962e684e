import { decodeJwt } from 'jose';
import { OperationOutcomeError, OutcomeMessages, unauthorizedOutcome } from '../fhir/outcomes';
import type { AccessPolicy } from '../fhir/access-policy';
import type { Patient, Practitioner, Reference, RelatedPerson } from '../fhir/types';
import type { SmartLaunchContext } from './smart/types';
import type { ClientStorage } from './storage';

/** A resource that can be the signed-in user. */
export type ProfileResource = Patient | Practitioner | RelatedPerson;

/** A login kept in storage: tokens plus the project and profile they belong to. */
export interface LoginState {
  accessToken: string;
  refreshToken?: string;
  project?: Reference;
  profile?: Reference;
  /** The SMART launch context the token response carried (patient, encounter, fhirUser, ...). */
  launchContext?: SmartLaunchContext;
}

/** The token endpoint's answer. */
export interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
  id_token?: string;
  project?: Reference;
  profile?: Reference;
  error_description?: string;
}

/** The project of a session (a server resource outside FHIR R4). */
export interface SessionProject {
  resourceType: 'Project';
  id?: string;
  name?: string;
  superAdmin?: boolean;
  [key: string]: unknown;
}

/** The user's membership of the session's project (a server resource outside FHIR R4). */
export interface SessionMembership {
  resourceType: 'ProjectMembership';
  id?: string;
  profile?: Reference;
  admin?: boolean;
  [key: string]: unknown;
}

/** What GET auth/me answers: the signed-in user's profile, project, membership, config and access policy. */
export interface SessionDetails {
  profile: ProfileResource;
  project: SessionProject;
  membership: SessionMembership;
  config?: Record<string, unknown>;
  accessPolicy?: AccessPolicy;
}

/** Storage key of the active login. */
export const ACTIVE_LOGIN_KEY = 'activeLogin';
/** Storage key of the login list. */
export const LOGINS_KEY = 'logins';

/** The claims of a JWT access token, or undefined for an opaque token. */
export function tokenClaims(token: string): Record<string, unknown> | undefined {
  try {
    return decodeJwt(token);
  } catch {
    // Servers other than ours may hand out opaque tokens; those carry no expiry to check.
    return undefined;
  }
}

/** The token's expiry in epoch milliseconds, when it says. */
export function tokenExpiry(token: string): number | undefined {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : undefined;
}

/** Throws 'Token expired' or 'Token not issued for this audience' when a new access token must be rejected. */
export function checkToken(token: string, clientId: string | undefined): void {
  const claims = tokenClaims(token);
  if (!claims) return;
  if (typeof claims.exp === 'number' && Date.now() >= claims.exp * 1000) {
    throw new OperationOutcomeError(unauthorizedOutcome(OutcomeMessages.tokenExpired));
  }
  // A token without a client claim cannot be checked; only a different one is rejected.
  const tokenClient = claims.client_id ?? claims.azp;
  if (clientId && tokenClient !== undefined && tokenClient !== clientId) {
    throw new OperationOutcomeError(unauthorizedOutcome(OutcomeMessages.tokenAudience));
  }
}

/** Adds or replaces a login in the stored list, one entry per profile reference. */
export function storeLogin(storage: ClientStorage, login: LoginState): void {
  const logins = (storage.getObject<LoginState[]>(LOGINS_KEY) ?? []).filter(
    (l) => l.profile?.reference !== login.profile?.reference
  );
  logins.push(login);
  storage.setObject(LOGINS_KEY, logins);
}

/** Base64 of a UTF-8 string, for a Basic authorization header. */
export function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
