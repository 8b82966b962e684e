// Who is asking: the identity a bearer token (or Basic client credentials) resolves to. Every
// layer above core reads it; undefined means the system itself (seed, the login protocol).
import type { AccessPolicy } from '../../../src/fhir/access-policy';

/** The caller of one request; undefined = the system (seed, auth code). */
export interface RequestAuth {
  /** Login id (the session the token belongs to). */
  login: string;
  /** User id. */
  user: string;
  /** Project id: the data partition the caller works in. */
  project: string;
  /** ProjectMembership id. */
  membership: string;
  /** 'Patient/123' | 'Practitioner/456' | 'ClientApplication/x'. */
  profile: string;
  /** Set when the profile is a Patient. */
  patientId?: string;
  /** membership.admin */
  admin: boolean;
  superAdmin: boolean;
  /** Granted scopes, space separated. */
  scope: string;
  clientId?: string;
  /** The membership's AccessPolicy, when it has one (set by the policy gate before a FHIR handler runs). */
  accessPolicy?: AccessPolicy;
}
