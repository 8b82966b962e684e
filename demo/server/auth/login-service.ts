/**
 * The login protocol's state machine (client-layer.md section 7, Authentication):
 * password → optional MFA → profile / project / scope → a single-use code → tokens.
 * Every record is written through the system repository; HTTP lives in routes.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Patient, Practitioner, Reference } from '../../../src/fhir/types';
import type { ServerContext } from '../context';
import { isValidEmail, MAX_EMAIL_LENGTH } from './email';
import { botCheckForProfile, botCheckOf } from './bot-check';
import { assertChallengeMethodAllowed, assertClientMayExchange, clientPolicy } from './client-policy';
import { safeEqual } from './safe-equal';
import { grantableScope } from '../access/scopes';
import { tooManyRequests } from '../core/errors';
import { AuthMessages, OAuthError, badRequest } from './errors';
import { MFA_ATTEMPTS_PER_LOGIN, throttlesOf } from './throttles';
import { hashPassword, verifyPassword } from './password';
import { isCodeChallengeMethod, verifyPkce } from './pkce';
import { generateTotpSecret, totpQrDataUrl, verifyTotp } from './totp';
import { signAccessToken, ACCESS_TOKEN_LIFETIME_SECONDS } from './jwt';
import { refId, type LoginRecord, type MembershipRecord, type ProjectRecord, type UserRecord } from './records';

/** Authorization codes are valid this long after they are issued, and once. */
export const CODE_LIFETIME_MS = 60_000;
/** Refresh tokens of a 'remember me' login live 14 days; others one day. */
export const REFRESH_LIFETIME_MS = { remember: 14 * 24 * 3600_000, session: 24 * 3600_000 } as const;
/** Minimum password length at registration. */
export const MIN_PASSWORD_LENGTH = 8;
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
}

/** The OAuth token response. */
export interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: 'Bearer';
  scope: string;
  project: Reference;
  profile: Reference;
}

/** Passwords and names are bounded before anything looks at them (scrypt, storage). */
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_NAME_LENGTH = 200;

function secret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Codes and refresh secrets are stored as SHA-256 digests: a copy of the database holds no live credential. */
export function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Lower-cases and trims an email; refuses anything that is not one. */
export function normalizeEmail(email: unknown, expression = 'email'): string {
  if (typeof email !== 'string' || email.length > 4 * MAX_EMAIL_LENGTH)
    badRequest(AuthMessages.invalidEmail, expression);
  const trimmed = email.trim();
  if (!isValidEmail(trimmed)) badRequest(AuthMessages.invalidEmail, expression);
  return trimmed.toLowerCase();
}

function requireString(
  value: unknown,
  expression: string,
  text = `Missing ${expression}`,
  maxLength = MAX_NAME_LENGTH
): string {
  if (typeof value !== 'string' || value.trim() === '') badRequest(text, expression);
  if (value.length > maxLength) badRequest(`${expression} must be at most ${maxLength} characters`, expression);
  return value;
}

/** The login side of the server: every operation of the protocol on one context. */
/** How a registration reached newPatient. */
export interface NewPatientOptions {
  /**
   * The person signed in at the project's own external identity provider just now (auth/external
   * callback, createUser). The bot check guards registration by password from the open internet;
   * here the provider the project trusts has authenticated the person, and the browser never saw
   * the portal's register form, so there is no challenge to answer.
   */
  readonly signedInAtProvider?: boolean;
}

export class LoginService {
  constructor(private readonly ctx: ServerContext) {}

  private get repo() {
    return this.ctx.systemRepo;
  }

  // ---------------------------------------------------------------- lookups

  async findUserByEmail(email: string): Promise<UserRecord | undefined> {
    return this.repo.searchOne<UserRecord>('User', { email });
  }

  async findUserById(id: string): Promise<UserRecord | undefined> {
    return this.repo.readResource<UserRecord>('User', id).catch(() => undefined);
  }

  /** Reads a login by id; unknown ids answer 400 so login ids cannot be probed as 404s. */
  async readLogin(id: unknown): Promise<LoginRecord> {
    const loginId = requireString(id, 'login');
    try {
      return await this.repo.readResource<LoginRecord>('Login', loginId);
    } catch {
      badRequest(AuthMessages.loginNotFound, 'login');
    }
  }

  /** Reads a login that may still take steps: not revoked, not yet granted. */
  private async readPendingLogin(id: unknown): Promise<LoginRecord> {
    const login = await this.readLogin(id);
    if (login.revoked) badRequest(AuthMessages.loginRevoked, 'login');
    if (login.granted && login.codeUsed) badRequest('Login already granted', 'login');
    return login;
  }

  async memberships(userRef: string, projectId?: string): Promise<MembershipRecord[]> {
    const bundle = await this.repo.search<MembershipRecord>('ProjectMembership', { user: userRef, _count: '100' });
    const all = (bundle.entry ?? []).map((e) => e.resource!).filter(Boolean);
    return projectId ? all.filter((m) => refId(m.project) === projectId) : all;
  }

  private async readUser(login: LoginRecord): Promise<UserRecord> {
    return this.repo.readResource<UserRecord>('User', refId(login.user)!);
  }

  // ---------------------------------------------------------------- steps

  /** POST auth/login: checks the password and opens a Login. */
  async login(body: Record<string, unknown>, remoteAddress = 'unknown'): Promise<SignInResponse> {
    const email = normalizeEmail(body.email);
    const password = requireString(body.password, 'password', 'Password is required', MAX_PASSWORD_LENGTH);
    // Throttled per account (the email, known or not) and per client address. The attempt is
    // counted before the hash runs, with no await in between, so parallel guesses all count.
    const limits = throttlesOf(this.ctx);
    const wait = Math.max(
      limits.passwordPerAccount.retryAfterMs(email),
      limits.passwordPerAddress.retryAfterMs(remoteAddress)
    );
    if (wait > 0) throw tooManyRequests(AuthMessages.tooManyAttempts, wait / 1000);
    limits.passwordPerAccount.fail(email);
    limits.passwordPerAddress.fail(remoteAddress);
    const user = await this.findUserByEmail(email);
    if (!user) {
      // Spend the same time as a real check, so response time does not tell which emails exist.
      await verifyPassword(password, await dummyHash());
      // The same answer as a wrong password, to the byte: it must not tell which emails exist.
      badRequest(AuthMessages.invalidCredentials, 'password');
    }
    if (!(await verifyPassword(password, user.passwordHash))) badRequest(AuthMessages.invalidCredentials, 'password');
    limits.passwordPerAccount.succeed(email);
    limits.passwordPerAddress.forgive(remoteAddress);
    const login = await this.createLogin(user, body);
    return this.afterPassword(login, user);
  }

  private async createLogin(user: UserRecord, body: Record<string, unknown>): Promise<LoginRecord> {
    const method = body.codeChallengeMethod ?? (body.codeChallenge ? 'plain' : undefined);
    if (method !== undefined && !isCodeChallengeMethod(method))
      badRequest(AuthMessages.invalidPkce, 'codeChallengeMethod');
    const clientId = typeof body.clientId === 'string' && body.clientId ? body.clientId : undefined;
    assertChallengeMethodAllowed(await clientPolicy(this.repo, clientId), method);
    return this.repo.createResource<LoginRecord>({
      resourceType: 'Login',
      user: { reference: `User/${user.id}` },
      projectId: typeof body.projectId === 'string' && body.projectId ? body.projectId : undefined,
      clientId: typeof body.clientId === 'string' && body.clientId ? body.clientId : undefined,
      redirectUri: typeof body.redirectUri === 'string' ? body.redirectUri : undefined,
      scope: typeof body.scope === 'string' && body.scope.trim() ? body.scope.trim() : DEFAULT_SCOPE,
      codeChallenge: typeof body.codeChallenge === 'string' && body.codeChallenge ? body.codeChallenge : undefined,
      codeChallengeMethod: method as string | undefined,
      authTime: new Date().toISOString(),
      remember: body.remember === true || body.remember === 'true',
      mfaVerified: false,
      granted: false,
    });
  }

  private async afterPassword(login: LoginRecord, user: UserRecord): Promise<SignInResponse> {
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
    const login = await this.readPendingLogin(body.login);
    const user = await this.readUser(login);
    if (!user.mfaEnrolled || !user.mfaSecret) badRequest('User not enrolled in MFA', 'token');
    await this.checkMfaCode(login, user.mfaSecret, body.token);
    const updated = await this.repo.updateResource<LoginRecord>({ ...login, mfaVerified: true });
    return this.afterAuthentication(updated);
  }

  /** POST auth/mfa/login-enroll: confirms the pending secret shown as a QR code. */
  async enrollMfa(body: Record<string, unknown>): Promise<SignInResponse> {
    const login = await this.readPendingLogin(body.login);
    const user = await this.readUser(login);
    if (user.mfaEnrolled) badRequest('Already enrolled', 'token');
    if (!user.mfaSecret) badRequest('MFA enrollment not started', 'token');
    await this.checkMfaCode(login, user.mfaSecret, body.token);
    await this.repo.updateResource<UserRecord>({ ...user, mfaEnrolled: true });
    const updated = await this.repo.updateResource<LoginRecord>({ ...login, mfaVerified: true });
    return this.afterAuthentication(updated);
  }

  /**
   * Checks a TOTP code under the attempt limits: per account (429 with Retry-After while
   * blocked) and per login (revoked after MFA_ATTEMPTS_PER_LOGIN wrong codes). The check and the
   * count run without an await between them, so parallel guesses are all counted.
   */
  private async checkMfaCode(login: LoginRecord, secret: string, token: unknown): Promise<void> {
    const limits = throttlesOf(this.ctx);
    const account = login.user.reference ?? '';
    const wait = limits.mfaPerAccount.retryAfterMs(account);
    if (wait > 0) throw tooManyRequests(AuthMessages.tooManyAttempts, wait / 1000);
    if (limits.mfaPerLogin.failures(login.id!) >= MFA_ATTEMPTS_PER_LOGIN)
      badRequest(AuthMessages.loginRevoked, 'login');
    if (verifyTotp(secret, token)) {
      limits.mfaPerLogin.succeed(login.id!);
      return;
    }
    limits.mfaPerLogin.fail(login.id!);
    limits.mfaPerAccount.fail(account);
    if (limits.mfaPerLogin.failures(login.id!) >= MFA_ATTEMPTS_PER_LOGIN) {
      await this.repo.updateResource<LoginRecord>({ ...(await this.readLogin(login.id)), revoked: true });
    }
    badRequest(AuthMessages.invalidMfaToken, 'token');
  }

  private async assertAuthenticated(login: LoginRecord): Promise<void> {
    if (refId(login.user) && login.user.reference?.startsWith('User/')) {
      const user = await this.readUser(login);
      if (user.mfaEnrolled && !login.mfaVerified) badRequest(AuthMessages.mfaRequired, 'login');
    }
  }

  /** After password (and MFA): pick the membership, or list them, or stop for a new profile. */
  private async afterAuthentication(login: LoginRecord): Promise<SignInResponse> {
    const memberships = await this.memberships(login.user.reference!, login.projectId);
    if (memberships.length === 1) return this.grant(login, memberships[0]);
    if (memberships.length === 0) return { login: login.id! };
    return {
      login: login.id!,
      memberships: memberships.map((m) => ({ id: m.id!, project: m.project, profile: m.profile, admin: m.admin })),
    };
  }

  /** POST auth/profile: chooses one of the user's memberships (by id or by profile reference). */
  async chooseProfile(body: Record<string, unknown>): Promise<SignInResponse> {
    const login = await this.readPendingLogin(body.login);
    await this.assertAuthenticated(login);
    const choice = requireString(body.profile, 'profile');
    const memberships = await this.memberships(login.user.reference!);
    const membership = memberships.find((m) => m.id === choice || m.profile.reference === choice);
    if (!membership) badRequest(AuthMessages.membershipNotFound, 'profile');
    return this.grant(login, membership);
  }

  /** POST auth/scope: narrows the scope the login grants (space-separated). */
  async setScope(body: Record<string, unknown>): Promise<SignInResponse> {
    const login = await this.readPendingLogin(body.login);
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

  // ---------------------------------------------------------------- registration

  /** POST auth/newuser: creates a User and an open Login (no profile yet), after the bot check. */
  async newUser(body: Record<string, unknown>, remoteAddress?: string): Promise<SignInResponse> {
    const firstName = requireString(body.firstName, 'firstName', 'First name is required').trim();
    const lastName = requireString(body.lastName, 'lastName', 'Last name is required').trim();
    const email = normalizeEmail(body.email);
    const password = typeof body.password === 'string' ? body.password : '';
    if (password.length < MIN_PASSWORD_LENGTH) badRequest(AuthMessages.passwordTooShort, 'password');
    if (password.length > MAX_PASSWORD_LENGTH)
      badRequest(`password must be at most ${MAX_PASSWORD_LENGTH} characters`, 'password');
    // Before anything that tells whether the email is known, and before the hash.
    await botCheckOf(this.ctx).verify(body, remoteAddress);
    const passwordHash = await hashPassword(password);
    const login = await this.repo.transaction(async (repo) => {
      if (await repo.searchOne<UserRecord>('User', { email })) badRequest(AuthMessages.emailRegistered, 'email');
      const user = await repo.createResource<UserRecord>({
        resourceType: 'User',
        email,
        passwordHash,
        firstName,
        lastName,
        mfaEnrolled: false,
        botCheckUnspent: true,
      });
      return new LoginService({ ...this.ctx, systemRepo: repo }).createLogin(user, body);
    });
    return { login: login.id! };
  }

  /** POST auth/newpatient: a Patient named after the user, in the given (or demo) project. */
  async newPatient(
    body: Record<string, unknown>,
    remoteAddress?: string,
    options: NewPatientOptions = {}
  ): Promise<SignInResponse> {
    const login = await this.readPendingLogin(body.login);
    await this.assertAuthenticated(login);
    const projectId =
      (typeof body.projectId === 'string' && body.projectId) || login.projectId || this.ctx.defaultProjectId;
    const project = await this.readProject(projectId);
    const user = await this.readUser(login);
    const spendBotCheck = options.signedInAtProvider
      ? async () => undefined
      : await botCheckForProfile(this.ctx, user, body, remoteAddress);
    const membership = await this.repo.transaction(async (repo) => {
      await spendBotCheck(repo);
      const patient = await repo.createResource<Patient>({
        resourceType: 'Patient',
        meta: { project: project.id } as Patient['meta'],
        name: [{ use: 'official', given: [user.firstName], family: user.lastName }],
        telecom: [{ system: 'email', use: 'home', value: user.email }],
      });
      return repo.createResource<MembershipRecord>({
        resourceType: 'ProjectMembership',
        project: { reference: `Project/${project.id}`, display: project.name },
        user: { reference: `User/${user.id}`, display: user.email },
        profile: { reference: `Patient/${patient.id}`, display: `${user.firstName} ${user.lastName}` },
        admin: false,
      });
    });
    return this.grant(login, membership);
  }

  /** POST auth/newproject: a Project owned by the user, with a Practitioner profile as admin. */
  async newProject(body: Record<string, unknown>, remoteAddress?: string): Promise<SignInResponse> {
    const login = await this.readPendingLogin(body.login);
    await this.assertAuthenticated(login);
    const projectName = requireString(body.projectName, 'projectName', 'Project name is required').trim();
    // A login that already holds a profile (a signed-in patient's) cannot become a project admin.
    if (login.granted || login.membership) badRequest(AuthMessages.loginGranted, 'login');
    const user = await this.readUser(login);
    const patientMembership = (await this.memberships(`User/${user.id}`)).some((m) =>
      m.profile?.reference?.startsWith('Patient/')
    );
    if (patientMembership) badRequest(AuthMessages.patientCannotCreateProject, 'login');
    const spendBotCheck = await botCheckForProfile(this.ctx, user, body, remoteAddress);
    const membership = await this.repo.transaction(async (repo) => {
      await spendBotCheck(repo);
      const project = await repo.createResource<ProjectRecord>({
        resourceType: 'Project',
        name: projectName,
        owner: { reference: `User/${user.id}` },
      });
      const practitioner = await repo.createResource<Practitioner>({
        resourceType: 'Practitioner',
        meta: { project: project.id } as Practitioner['meta'],
        name: [{ use: 'official', given: [user.firstName], family: user.lastName }],
        telecom: [{ system: 'email', use: 'work', value: user.email }],
      });
      return repo.createResource<MembershipRecord>({
        resourceType: 'ProjectMembership',
        project: { reference: `Project/${project.id}`, display: project.name },
        user: { reference: `User/${user.id}`, display: user.email },
        profile: { reference: `Practitioner/${practitioner.id}`, display: `${user.firstName} ${user.lastName}` },
        admin: true,
      });
    });
    return this.grant(login, membership);
  }

  private async readProject(id: string | undefined): Promise<ProjectRecord> {
    if (!id) badRequest(AuthMessages.projectNotFound, 'projectId');
    try {
      return await this.repo.readResource<ProjectRecord>('Project', id);
    } catch {
      badRequest(AuthMessages.projectNotFound, 'projectId');
    }
  }

  // ---------------------------------------------------------------- tokens

  /** authorization_code grant: single use, 60 s, the client proven (secret or PKCE), redirect matched. */
  async exchangeCode(params: {
    code?: string;
    code_verifier?: string;
    client_id?: string;
    client_secret?: string;
    redirect_uri?: string;
  }): Promise<TokenResponse> {
    if (!params.code) throw new OAuthError('invalid_request', 'Missing code');
    const codeDigest = digest(params.code);
    const login = await this.repo.searchOne<LoginRecord>('Login', { code: codeDigest });
    if (!login || !login.code || !safeEqual(login.code, codeDigest))
      throw new OAuthError('invalid_grant', 'Invalid code');
    if (login.codeUsed || login.revoked) {
      // A replayed code revokes what it already produced (RFC 6749 section 4.1.2).
      if (!login.revoked) await this.repo.updateResource<LoginRecord>({ ...login, revoked: true });
      throw new OAuthError('invalid_grant', 'Invalid code');
    }
    if (!login.granted || !login.membership) throw new OAuthError('invalid_grant', 'Login not granted');
    if (Date.now() - (login.codeIssued ?? 0) > CODE_LIFETIME_MS) throw new OAuthError('invalid_grant', 'Code expired');
    if (login.clientId && params.client_id && login.clientId !== params.client_id)
      throw new OAuthError('invalid_grant', 'Client mismatch');
    if (login.redirectUri && login.redirectUri !== params.redirect_uri)
      throw new OAuthError('invalid_grant', 'Redirect URI mismatch');
    assertClientMayExchange(
      await clientPolicy(this.repo, login.clientId ?? params.client_id),
      login,
      params.client_secret
    );
    if (login.codeChallenge) {
      if (!verifyPkce(login.codeChallenge, login.codeChallengeMethod, params.code_verifier))
        throw new OAuthError('invalid_grant', 'Invalid code verifier');
    } else if (params.code_verifier) {
      throw new OAuthError('invalid_grant', 'Invalid code verifier');
    }
    // The used code stays on the login (marked used) so that a replay is recognised and revokes it.
    let used: LoginRecord;
    try {
      used = await this.repo.updateResource<LoginRecord>(
        { ...login, codeUsed: true, clientId: login.clientId ?? params.client_id },
        ifMatch(login)
      );
    } catch {
      throw new OAuthError('invalid_grant', 'Invalid code'); // another request used it first
    }
    return this.issueTokens(used, true);
  }

  /** refresh_token grant with rotation; a reused or revoked token revokes the login. */
  async refresh(refreshToken: string | undefined): Promise<TokenResponse> {
    const invalid = new OAuthError('invalid_grant', 'Invalid refresh token');
    const [loginId, presented] = (refreshToken ?? '').split('.');
    if (!loginId || !presented) throw invalid;
    let login: LoginRecord;
    try {
      login = await this.repo.readResource<LoginRecord>('Login', loginId);
    } catch {
      throw invalid;
    }
    if (login.revoked || !login.refreshSecret) throw invalid;
    if (!safeEqual(login.refreshSecret, digest(presented))) {
      await this.revoke(login);
      throw invalid;
    }
    const lifetime = login.remember ? REFRESH_LIFETIME_MS.remember : REFRESH_LIFETIME_MS.session;
    if (Date.now() - Date.parse(login.authTime) > lifetime) throw invalid;
    return this.issueTokens(login, true);
  }

  /** Issues an access token (and a new refresh secret, invalidating the old one). */
  async issueTokens(login: LoginRecord, withRefresh: boolean): Promise<TokenResponse> {
    const membership = await this.repo.readResource<MembershipRecord>('ProjectMembership', refId(login.membership)!);
    let current = login;
    let refreshToken: string | undefined;
    if (withRefresh) {
      const refreshSecret = secret();
      try {
        current = await this.repo.updateResource<LoginRecord>(
          { ...login, refreshSecret: digest(refreshSecret) },
          ifMatch(login)
        );
      } catch {
        // Lost a race with another use of the same token or code: treat as reuse.
        throw new OAuthError('invalid_grant', 'Invalid refresh token');
      }
      refreshToken = `${current.id}.${refreshSecret}`;
    }
    const scope = grantableScope(current.scope ?? DEFAULT_SCOPE, membership.profile.reference ?? '');
    const accessToken = await signAccessToken(this.ctx.jwtSecret, {
      sub: refId(current.user)!,
      login_id: current.id!,
      profile: membership.profile.reference!,
      ...(current.clientId ? { client_id: current.clientId } : {}),
      scope,
      iss: this.ctx.baseUrl,
    });
    return {
      access_token: accessToken,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      token_type: 'Bearer',
      scope,
      project: { reference: membership.project.reference! },
      profile: { reference: membership.profile.reference! },
    };
  }

  /** client_credentials grant: a login for the client application's own membership. */
  async clientCredentials(
    clientId: string | undefined,
    clientSecret: string | undefined,
    scope?: string
  ): Promise<TokenResponse> {
    if (!clientId || !clientSecret) throw new OAuthError('invalid_client', 'Missing client credentials', 401);
    const client = await this.verifyClient(clientId, clientSecret);
    if (!client) throw new OAuthError('invalid_client', 'Invalid client credentials', 401);
    const membership = await this.repo.searchOne<MembershipRecord>('ProjectMembership', {
      profile: `ClientApplication/${client.id}`,
    });
    if (!membership) throw new OAuthError('invalid_client', 'Client has no project membership', 401);
    const login = await this.repo.createResource<LoginRecord>({
      resourceType: 'Login',
      user: { reference: `ClientApplication/${client.id}` },
      membership: { reference: `ProjectMembership/${membership.id}` },
      clientId: client.id,
      scope: scope?.trim() || 'system/*.*',
      authTime: new Date().toISOString(),
      granted: true,
      codeUsed: true,
      mfaVerified: true,
    });
    return this.issueTokens(login, false);
  }

  /** The client application when id and secret match (constant-time compare). */
  async verifyClient(clientId: string, clientSecret: string): Promise<{ id: string; secret?: string } | undefined> {
    try {
      const client = await this.repo.readResource<{ id: string; secret?: string }>('ClientApplication', clientId);
      return client.secret && safeEqual(client.secret, clientSecret) ? client : undefined;
    } catch {
      return undefined;
    }
  }

  /** Revokes a login: its access and refresh tokens stop working at once. */
  async revoke(login: LoginRecord): Promise<void> {
    if (login.revoked) return;
    await this.repo.updateResource<LoginRecord>({ ...login, revoked: true, refreshSecret: undefined, code: undefined });
  }
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}

function ifMatch(resource: { meta?: { versionId?: string } }): { ifMatch?: string } | undefined {
  return resource.meta?.versionId ? { ifMatch: resource.meta.versionId } : undefined;
}
