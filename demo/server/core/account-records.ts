/**
 * Shapes of the server's own account records (internal resource types that only the system
 * may touch, see README.md (Code map)). Their fields are free-form JSON; these types are what the
 * login side writes and reads.
 */
import type { Reference } from '../../../src/fhir/types';

/** A person who can sign in. */
export interface UserRecord {
  resourceType: 'User';
  id?: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  /** True once a TOTP secret is confirmed; sign-in then needs a code. */
  mfaEnrolled?: boolean;
  /** Base32 TOTP secret (pending until mfaEnrolled). */
  mfaSecret?: string;
  /** Forces enrollment at the next sign-in. */
  mfaRequired?: boolean;
  /** The bot check passed at auth/newuser, not yet spent on a profile (auth/bot-check.ts). */
  botCheckUnspent?: boolean;
  /**
   * The external identity providers that made this account or were linked to it with proof
   * (auth/external-login.ts); only these sign in to it without the account's password.
   */
  externalIdentities?: ExternalIdentityLink[];
  meta?: { versionId?: string };
}

/** A project's provider for an email domain, and the subject it gave the person. */
export interface ExternalIdentityLink {
  /** The project whose identityProviders entry names the provider. */
  project: string;
  /** The email domain the provider signs in for. */
  domain: string;
  /** The provider's `sub`. */
  subject: string;
}

/** An external sign-in that matched an account it may not enter until its password is proven. */
export interface PendingLink extends ExternalIdentityLink {
  /** The sign-in was a registration: a profile is created in the project when it has none. */
  createUser: boolean;
}

/** One sign-in attempt and, once granted, the session it became. */
export interface LoginRecord {
  resourceType: 'Login';
  id?: string;
  meta?: { versionId?: string };
  /** 'User/{id}' for people, 'ClientApplication/{id}' for client credentials. */
  user: Reference;
  membership?: Reference;
  projectId?: string;
  clientId?: string;
  redirectUri?: string;
  scope?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  /** SHA-256 digest (base64url) of the current authorization code. */
  code?: string;
  /** Epoch ms when the code was issued; it is valid for CODE_LIFETIME_MS (token-grants.ts). */
  codeIssued?: number;
  codeUsed?: boolean;
  granted?: boolean;
  authTime: string;
  /** 'external': the person signed in at the project's identity provider; absent: with a password here. */
  authMethod?: 'external';
  /** Set while the login waits for the matched account's password (auth/external/link); no other step takes it. */
  pendingLink?: PendingLink;
  mfaVerified?: boolean;
  /** SHA-256 digest of the one refresh secret currently valid; each refresh replaces it. */
  refreshSecret?: string;
  revoked?: boolean;
  remember?: boolean;
  /** OpenID Connect nonce the authorize request sent; echoed in the id_token. */
  nonce?: string;
  /** The login is a third-party app's (ClientApplicationRecord.thirdParty): only its scopes grant access. */
  thirdParty?: true;
  /** Digest of the EHR launch id the authorize request carried (auth/smart-launch.ts); claimed at the code exchange. */
  launch?: string;
  /** The context the claimed launch gave the login (kept for refreshes). */
  launchContext?: { patient: string; encounter?: string };
}

/** A user's (or client's) place in a project, with the profile they act as. */
export interface MembershipRecord {
  resourceType: 'ProjectMembership';
  id?: string;
  project: Reference;
  user: Reference;
  profile: Reference;
  admin?: boolean;
  accessPolicy?: Reference;
}

/** A project: the unit of data ownership. */
export interface ProjectRecord {
  resourceType: 'Project';
  id?: string;
  name: string;
  owner?: Reference;
  superAdmin?: boolean;
}

/** An OAuth client. */
export interface ClientApplicationRecord {
  resourceType: 'ClientApplication';
  id?: string;
  name?: string;
  /**
   * SHA-256 digest (base64url) of the client secret (auth/client-secrets.ts); present: a
   * confidential client. The secret itself is never stored.
   */
  secretDigest?: string;
  /** The plain secret of a record written before digests; rewritten into secretDigest at start. Never written. */
  secret?: string;
  redirectUri?: string;
  /** More registered redirect URIs; a redirect_uri is accepted on the origin of any of them. */
  redirectUris?: string[];
  project?: Reference;
  /** A public client that cannot hash (no SHA-256 where it runs) may use PKCE `plain`; never one with a secret. */
  pkcePlain?: boolean;
  /**
   * 'origin': a redirect_uri on the origin of a registered one is accepted (the demo's own
   * first-party clients). Absent: only a registered redirect URI, character for character
   * (every third-party app, auth/smart-apps.ts).
   */
  redirectUriMatch?: 'origin';
  /** Where an EHR launch opens the app (`?iss=…&launch=…` is added); apps without one are not launchable. */
  launchUri?: string;
  /** The scopes the app may be granted (space separated); absent: any the user's role allows. */
  scope?: string;
  /**
   * A third-party app (registered through auth/smart-apps.ts): its tokens reach only what their
   * resource scopes grant, never the person's whole role (one asking for `openid fhirUser` alone
   * reads nothing). Absent: one of the demo's own clients, whose sessions the role decides.
   */
  thirdParty?: true;
}

/** An EHR launch a practitioner started for one registered app and one patient (auth/smart-launch.ts). */
export interface SmartLaunchRecord {
  resourceType: 'SmartLaunch';
  id?: string;
  meta?: { versionId?: string };
  /** SHA-256 digest of the launch id handed to the app; the id itself is never stored. */
  token: string;
  clientId: string;
  /** The ProjectMembership of the practitioner who made it: only their login may use it. */
  membership: Reference;
  patient: string;
  encounter?: string;
  /** Epoch ms after which it is refused. */
  expires: number;
  used?: boolean;
}

/** A short-lived token that lets one websocket bind to one Subscription. */
export interface SubscriptionBindingRecord {
  resourceType: 'SubscriptionBinding';
  id?: string;
  subscription: Reference;
  token: string;
  /** ISO instant. */
  expires: string;
  login?: Reference;
  membership?: Reference;
}

/** The id part of 'Type/id'. */
export function refId(ref: Reference | string | undefined): string | undefined {
  const value = typeof ref === 'string' ? ref : ref?.reference;
  if (!value) return undefined;
  const slash = value.lastIndexOf('/');
  return slash < 0 ? value : value.slice(slash + 1);
}

/** The type part of 'Type/id'. */
export function refType(ref: Reference | string | undefined): string | undefined {
  const value = typeof ref === 'string' ? ref : ref?.reference;
  const slash = value?.indexOf('/') ?? -1;
  return value && slash > 0 ? value.slice(0, slash) : undefined;
}
