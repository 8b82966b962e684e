// Who is asking: the identity a bearer token (or Basic client credentials) resolves to. Every
// layer above core reads it. A request without one is anonymous and has no rights: only the
// routes app.ts names public answer it, and a repository refuses it (401). The system itself
// (the seed, the login protocol's own records, a change delivered to a websocket) is not a
// RequestAuth and not a missing one: it is SYSTEM, a value no request can carry (a symbol, so
// no header, token or JSON body spells it), which only code hands to a Repository
// (context.ts's systemRepo).
import type { AccessPolicy } from '../../../src/fhir/access-policy';

/** The system's own access: sees and writes everything. Never derived from a request. */
export const SYSTEM: unique symbol = Symbol('the system');

/** Whom a Repository acts for: a request's caller, or the system. */
export type Caller = RequestAuth | typeof SYSTEM;

/** The caller of one request (set by the before-handler for every route that is not public). */
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
  /**
   * Only the granted resource scopes give access (access/scopes.ts): the login asked for some (when
   * none could be granted, patient/ scopes of a practitioner, the caller holds none, not the role's
   * whole access), or it is a third-party app's, which never has the role's whole access.
   */
  scoped?: boolean;
  clientId?: string;
  /** The membership's AccessPolicy, when it has one (set by the policy gate before a FHIR handler runs). */
  accessPolicy?: AccessPolicy;
}
