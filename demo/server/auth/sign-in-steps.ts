/**
 * The login protocol's sign-in steps (client-layer.md section 7, Authentication):
 * password → optional MFA → profile / scope → a single-use code. Registration (registration.ts)
 * opens its login here too and ends in the same grant; token-grants.ts turns the code into
 * tokens. Every record is written through the system repository; HTTP lives in routes.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Reference } from '../../../src/fhir/types';
import type { ServerContext } from '../context';
import type { Repository } from '../store/repository';
import { assertChallengeMethodAllowed, clientPolicy } from './client-policy';
import { AuthMessages, badRequest } from './errors';
import { refusePasswordForProviderDomain } from './identity-providers';
import { MAX_PASSWORD_LENGTH, normalizeEmail, requireString } from './login-input';
import { findUserByEmail, membershipsOf, readLogin, readLoginUser, readPendingLogin } from './login-lookups';
import { digest, secret } from './login-secrets';
import { hashPassword, verifyPassword } from './password';
import { isCodeChallengeMethod } from './pkce';
import { refId, type LoginRecord, type MembershipRecord, type UserRecord } from '../core/account-records';
import { MFA_ATTEMPTS_PER_LOGIN, throttlesOf } from './throttles';
import { generateTotpSecret, totpQrDataUrl, verifyTotp } from './totp';
import { launchDigest } from './smart-launch';

/** Scope a login gets when the client asks for none. */
export const DEFAULT_SCOPE = 'openid profile email';

/** A membership as the 'Choose profile' step lists it. */
export interface MembershipChoice {
  id: string;
  project: Reference;
  profile: Reference;
  admin?: boolean;
}

/** The sign-in response of client-layer.md section 3. */
export interface SignInResponse {
  login: string;
  code?: string;
  memberships?: MembershipChoice[];
  mfaRequired?: boolean;
  mfaEnrollRequired?: boolean;
  enrollQrCode?: string;
  /** An external sign-in matched an account that asks for its password first (POST auth/external/link). */
  linkRequired?: boolean;
}

/**
 * Opens a Login for a user with the client's request (PKCE challenge, redirect, scope, project).
 * Takes the repository rather than a context so that registration can open it inside the
 * transaction that creates the user.
 */
export async function createLogin(
  repo: Repository,
  user: UserRecord,
  body: Record<string, unknown>
): Promise<LoginRecord> {
  const method = body.codeChallengeMethod ?? (body.codeChallenge ? 'plain' : undefined);
  if (method !== undefined && !isCodeChallengeMethod(method))
    badRequest(AuthMessages.invalidPkce, 'codeChallengeMethod');
  const clientId = typeof body.clientId === 'string' && body.clientId ? body.clientId : undefined;
  const policy = await clientPolicy(repo, clientId);
  assertChallengeMethodAllowed(policy, method);
  return repo.createResource<LoginRecord>({
    resourceType: 'Login',
    user: { reference: `User/${user.id}` },
    projectId: typeof body.projectId === 'string' && body.projectId ? body.projectId : undefined,
    clientId: typeof body.clientId === 'string' && body.clientId ? body.clientId : undefined,
    redirectUri: typeof body.redirectUri === 'string' ? body.redirectUri : undefined,
    scope: typeof body.scope === 'string' && body.scope.trim() ? body.scope.trim() : DEFAULT_SCOPE,
    codeChallenge: typeof body.codeChallenge === 'string' && body.codeChallenge ? body.codeChallenge : undefined,
    codeChallengeMethod: method as string | undefined,
    // SMART: the id_token echoes the nonce; an EHR launch is claimed at the code exchange.
    nonce: typeof body.nonce === 'string' && body.nonce && body.nonce.length <= 512 ? body.nonce : undefined,
    launch: typeof body.launch === 'string' && body.launch ? launchDigest(body.launch) : undefined,
    ...(policy.client?.thirdParty ? { thirdParty: true as const } : {}),
    authTime: new Date().toISOString(),
    remember: body.remember === true || body.remember === 'true',
    mfaVerified: false,
    granted: false,
  });
}

/** The sign-in steps on one server context. */
export class SignInSteps {
  constructor(private readonly ctx: ServerContext) {}

  private get repo() {
    return this.ctx.systemRepo;
  }

  /** POST auth/login: checks the password and opens a Login. */
  async login(body: Record<string, unknown>, remoteAddress = 'unknown'): Promise<SignInResponse> {
    const email = normalizeEmail(body.email);
    const password = requireString(body.password, 'password', 'Password is required', MAX_PASSWORD_LENGTH);
    // Throttled per guesser (address and account, the email known or not), per address and per
    // account (throttles.ts). The attempt is counted before the hash runs, so parallel guesses all
    // count, and before anything reads the database, so a held flood costs no reads.
    const limits = throttlesOf(this.ctx);
    await limits.passwordAttempt(email, remoteAddress);
    await refusePasswordForProviderDomain(this.ctx, email, body.projectId);
    const user = await findUserByEmail(this.repo, email);
    if (!user) {
      // Spend the same time as a real check, so response time does not tell which emails exist.
      await verifyPassword(password, await dummyHash());
      // The same answer as a wrong password, to the byte: it must not tell which emails exist.
      badRequest(AuthMessages.invalidCredentials, 'password');
    }
    if (!(await verifyPassword(password, user.passwordHash))) badRequest(AuthMessages.invalidCredentials, 'password');
    await limits.passwordAccepted(email, remoteAddress);
    const login = await createLogin(this.repo, user, body);
    return this.afterPassword(login, user);
  }

  /** After the first factor (a password, or an external sign-in with proof): the account's MFA, then the profile. */
  async afterPassword(login: LoginRecord, user: UserRecord): Promise<SignInResponse> {
    if (user.mfaEnrolled && user.mfaSecret) return { login: login.id!, mfaRequired: true };
    if (user.mfaRequired) {
      const pending = user.mfaSecret ?? generateTotpSecret();
      if (!user.mfaSecret) await this.repo.updateResource<UserRecord>({ ...user, mfaSecret: pending });
      return { login: login.id!, mfaEnrollRequired: true, enrollQrCode: await totpQrDataUrl(pending, user.email) };
    }
    return this.afterAuthentication(login);
  }

  /** POST auth/mfa/verify: a TOTP code for an enrolled user. */
  async verifyMfa(body: Record<string, unknown>): Promise<SignInResponse> {
    const login = await readPendingLogin(this.repo, body.login);
    const user = await readLoginUser(this.repo, login);
    if (!user.mfaEnrolled || !user.mfaSecret) badRequest('User not enrolled in MFA', 'token');
    await this.checkMfaCode(login, user.mfaSecret, body.token);
    const updated = await this.repo.updateResource<LoginRecord>({ ...login, mfaVerified: true });
    return this.afterAuthentication(updated);
  }

  /** POST auth/mfa/login-enroll: confirms the pending secret shown as a QR code. */
  async enrollMfa(body: Record<string, unknown>): Promise<SignInResponse> {
    const login = await readPendingLogin(this.repo, body.login);
    const user = await readLoginUser(this.repo, login);
    if (user.mfaEnrolled) badRequest('Already enrolled', 'token');
    if (!user.mfaSecret) badRequest('MFA enrollment not started', 'token');
    await this.checkMfaCode(login, user.mfaSecret, body.token);
    await this.repo.updateResource<UserRecord>({ ...user, mfaEnrolled: true });
    const updated = await this.repo.updateResource<LoginRecord>({ ...login, mfaVerified: true });
    return this.afterAuthentication(updated);
  }

  /**
   * Checks a TOTP code under the attempt limits: per account (429 with Retry-After while
   * blocked) and per login (revoked after MFA_ATTEMPTS_PER_LOGIN wrong codes). The code is
   * counted before it is checked, so parallel guesses are all counted.
   */
  private async checkMfaCode(login: LoginRecord, secret: string, token: unknown): Promise<void> {
    const limits = throttlesOf(this.ctx);
    const account = login.user.reference ?? '';
    const failures = await limits.mfaAttempt(account, login.id!);
    if (verifyTotp(secret, token)) {
      await limits.mfaAccepted(account, login.id!);
      return;
    }
    if (failures >= MFA_ATTEMPTS_PER_LOGIN) {
      await this.repo.updateResource<LoginRecord>({ ...(await readLogin(this.repo, login.id)), revoked: true });
    }
    badRequest(AuthMessages.invalidMfaToken, 'token');
  }

  /** Refuses a login whose user has MFA on until the code was given (400 'MFA verification required'). */
  async assertAuthenticated(login: LoginRecord): Promise<void> {
    if (refId(login.user) && login.user.reference?.startsWith('User/')) {
      const user = await readLoginUser(this.repo, login);
      if (user.mfaEnrolled && !login.mfaVerified) badRequest(AuthMessages.mfaRequired, 'login');
    }
  }

  /** After password (and MFA): pick the membership, or list them, or stop for a new profile. */
  private async afterAuthentication(login: LoginRecord): Promise<SignInResponse> {
    const memberships = await membershipsOf(this.repo, login.user.reference!, login.projectId);
    if (memberships.length === 1) return this.grant(login, memberships[0]);
    if (memberships.length === 0) return { login: login.id! };
    return {
      login: login.id!,
      memberships: memberships.map((m) => ({ id: m.id!, project: m.project, profile: m.profile, admin: m.admin })),
    };
  }

  /** POST auth/profile: chooses one of the user's memberships (by id or by profile reference). */
  async chooseProfile(body: Record<string, unknown>): Promise<SignInResponse> {
    const login = await readPendingLogin(this.repo, body.login);
    await this.assertAuthenticated(login);
    const choice = requireString(body.profile, 'profile');
    const memberships = await membershipsOf(this.repo, login.user.reference!);
    const membership = memberships.find((m) => m.id === choice || m.profile.reference === choice);
    if (!membership) badRequest(AuthMessages.membershipNotFound, 'profile');
    return this.grant(login, membership);
  }

  /** POST auth/scope: narrows the scope the login grants (space-separated). */
  async setScope(body: Record<string, unknown>): Promise<SignInResponse> {
    const login = await readPendingLogin(this.repo, body.login);
    await this.assertAuthenticated(login);
    const scope = requireString(body.scope, 'scope', undefined, 2000).trim().split(/\s+/).join(' ');
    const updated = await this.repo.updateResource<LoginRecord>({ ...login, scope });
    if (!updated.membership) return this.afterAuthentication(updated);
    const membership = await this.repo.readResource<MembershipRecord>('ProjectMembership', refId(updated.membership)!);
    return this.grant(updated, membership);
  }

  /** Binds the login to a membership and issues a fresh single-use code. */
  async grant(login: LoginRecord, membership: MembershipRecord): Promise<SignInResponse & { code: string }> {
    const code = secret();
    const updated = await this.repo.updateResource<LoginRecord>({
      ...login,
      membership: { reference: `ProjectMembership/${membership.id}` },
      granted: true,
      code: digest(code),
      codeIssued: Date.now(),
      codeUsed: false,
    });
    return { login: updated.id!, code };
  }
}

let dummy: Promise<string> | undefined;
/** A hash of a random password, made once: what an unknown email's sign-in is checked against. */
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
