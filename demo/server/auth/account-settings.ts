/**
 * A signed-in user's own security settings: change the password, see and change whether a
 * TOTP code is asked at sign-in. Every route needs a bearer token of a person (a User); the
 * current password guards the password change and turning MFA on or off, under the same attempt
 * limits as auth/login, so a stolen session cannot take the account over by guessing it.
 *
 *   POST auth/changepassword  { oldPassword, newPassword }
 *   GET  auth/mfa/status      → { enrolled } or, before enrolment, { enrolled: false, enrollUri, enrollQrCode, enrollSecret }
 *   POST auth/mfa/enroll      { password, token }  turns MFA on with a code from the app
 *   POST auth/mfa/disable     { password }  turns MFA off
 */
import { allOkOutcome } from '../../../src/fhir/outcomes';
import type { ServerContext } from '../context';
import { forbidden } from '../core/errors';
import type { RequestAuth } from '../core/request-auth';
import type { Router, ServerRequest, ServerResponse } from '../http/router';
import type { Repository } from '../store/repository';
import { AuthMessages, CodedAuthTexts, badRequest, tooLong, unauthorized } from './errors';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './login-input';
import { hashPassword, verifyPassword } from './password';
import { refId, type LoginRecord, type UserRecord } from '../core/account-records';
import { throttlesOf } from './throttles';
import { generateTotpSecret, totpQrDataUrl, totpUri, verifyTotp } from './totp';

/** Texts of the settings routes. */
export const AccountSettingsMessages = {
  incorrectPassword: CodedAuthTexts.incorrectPassword,
  notAPerson: 'Only a signed-in person has a password',
  alreadyEnrolled: 'MFA is already on',
  notEnrolled: 'MFA is not on',
  enrollmentNotStarted: 'MFA enrollment not started: ask for the QR code first',
  mfaRequired: 'MFA is required for this account and cannot be turned off',
} as const;

/** Logins of a user revoked per page when the password changes (every page is read). */
const LOGIN_PAGE = 1000;

function json(body: unknown): ServerResponse {
  return { status: 200, body, headers: { 'Cache-Control': 'no-store' } };
}

function bodyOf(req: ServerRequest): Record<string, unknown> {
  const body = req.body;
  return body && typeof body === 'object' && !Buffer.isBuffer(body) && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** A password field: present, a string, at most MAX_PASSWORD_LENGTH (checked before any hash). */
function passwordField(value: unknown, expression: string, text: string): string {
  if (typeof value !== 'string' || value === '') badRequest(text, expression);
  if (value.length > MAX_PASSWORD_LENGTH) tooLong(expression, MAX_PASSWORD_LENGTH);
  return value;
}

/**
 * Revokes every live Login of a user but `keepLoginId` (when given): their access and refresh
 * tokens stop working at once. Used when the password changes or is reset.
 */
export async function revokeLoginsOf(repo: Repository, userId: string, keepLoginId?: string): Promise<void> {
  for (let offset = 0; ; offset += LOGIN_PAGE) {
    const page = await repo.search<LoginRecord>('Login', {
      user: `User/${userId}`,
      _count: String(LOGIN_PAGE),
      _offset: String(offset),
      _total: 'none',
    });
    const logins = (page.entry ?? []).map((e) => e.resource!).filter(Boolean);
    for (const login of logins) {
      if (login.id === keepLoginId || login.revoked) continue;
      await repo.updateResource<LoginRecord>({ ...login, revoked: true, refreshSecret: undefined, code: undefined });
    }
    if (logins.length < LOGIN_PAGE) return;
  }
}

/** The settings side of the server on one context. */
export class AccountSettings {
  constructor(private readonly ctx: ServerContext) {}

  private get repo() {
    return this.ctx.systemRepo;
  }

  /** The caller's login and User; 401 without a live session, 403 for a client application. */
  private async caller(auth: RequestAuth | undefined): Promise<{ login: LoginRecord; user: UserRecord }> {
    if (!auth) unauthorized();
    const login = await this.repo.readResource<LoginRecord>('Login', auth.login).catch(() => undefined);
    if (!login || login.revoked) unauthorized();
    if (!login.user.reference?.startsWith('User/')) throw forbidden(AccountSettingsMessages.notAPerson);
    const user = await this.repo.readResource<UserRecord>('User', refId(login.user)!).catch(() => undefined);
    if (!user) unauthorized();
    return { login, user };
  }

  /**
   * Checks the user's current password under the login limits (per account and per client
   * address): the attempt is counted before the hash runs, so parallel guesses all count; a
   * right password takes the count back.
   */
  private async checkPassword(user: UserRecord, password: string, expression: string, address: string): Promise<void> {
    const limits = throttlesOf(this.ctx);
    await limits.passwordAttempt(user.email, address);
    if (!(await verifyPassword(password, user.passwordHash)))
      badRequest(AccountSettingsMessages.incorrectPassword, expression);
    await limits.passwordAccepted(user.email, address);
  }

  /** POST auth/changepassword: the new password replaces the old; every other session ends. */
  async changePassword(auth: RequestAuth | undefined, body: Record<string, unknown>, address = 'unknown') {
    const { login, user } = await this.caller(auth);
    const oldPassword = passwordField(body.oldPassword, 'oldPassword', 'Current password is required');
    const newPassword = passwordField(body.newPassword, 'newPassword', 'New password is required');
    if (newPassword.length < MIN_PASSWORD_LENGTH) badRequest(AuthMessages.passwordTooShort, 'newPassword');
    await this.checkPassword(user, oldPassword, 'oldPassword', address);
    const passwordHash = await hashPassword(newPassword);
    // Read again: the hash took a while and the user may have changed meanwhile (MFA, names).
    const current = await this.repo.readResource<UserRecord>('User', user.id!);
    await this.repo.updateResource<UserRecord>({ ...current, passwordHash });
    // Whoever knew the old password may hold a session: all but the caller's end now.
    await revokeLoginsOf(this.repo, user.id!, login.id);
    return allOkOutcome();
  }

  /** GET auth/mfa/status: whether MFA is on; if not, the secret to enrol with (kept until enrolled). */
  async mfaStatus(auth: RequestAuth | undefined) {
    const { user } = await this.caller(auth);
    if (user.mfaEnrolled) return { enrolled: true };
    let secret = user.mfaSecret;
    if (!secret) {
      secret = generateTotpSecret();
      await this.repo.updateResource<UserRecord>({ ...user, mfaSecret: secret });
    }
    return {
      enrolled: false,
      enrollUri: totpUri(secret, user.email),
      enrollQrCode: await totpQrDataUrl(secret, user.email),
      // For authenticator apps that cannot scan: the same secret, typed by hand.
      enrollSecret: secret,
    };
  }

  /**
   * POST auth/mfa/enroll: the current password and a valid code from the app turn MFA on. The
   * password, because a stolen session that turned MFA on with its own app would lock the
   * owner out of their next sign-in.
   */
  async enrollMfa(auth: RequestAuth | undefined, body: Record<string, unknown>, address = 'unknown') {
    const { user } = await this.caller(auth);
    const password = passwordField(body.password, 'password', 'Current password is required');
    if (user.mfaEnrolled) badRequest(AccountSettingsMessages.alreadyEnrolled, 'token');
    if (!user.mfaSecret) badRequest(AccountSettingsMessages.enrollmentNotStarted, 'token');
    await this.checkPassword(user, password, 'password', address);
    await this.checkCode(user, body.token);
    await this.repo.updateResource<UserRecord>({ ...user, mfaEnrolled: true });
    return { enrolled: true };
  }

  /** POST auth/mfa/disable: the current password turns MFA off and forgets the secret. */
  async disableMfa(auth: RequestAuth | undefined, body: Record<string, unknown>, address = 'unknown') {
    const { user } = await this.caller(auth);
    const password = passwordField(body.password, 'password', 'Password is required');
    if (!user.mfaEnrolled) badRequest(AccountSettingsMessages.notEnrolled, 'password');
    if (user.mfaRequired) badRequest(AccountSettingsMessages.mfaRequired, 'password');
    await this.checkPassword(user, password, 'password', address);
    const current = await this.repo.readResource<UserRecord>('User', user.id!);
    await this.repo.updateResource<UserRecord>({ ...current, mfaEnrolled: false, mfaSecret: undefined });
    return { enrolled: false };
  }

  /** A TOTP code under the account's MFA limit (the one sign-in uses: 10 free, then delays). */
  private async checkCode(user: UserRecord, token: unknown): Promise<void> {
    const limits = throttlesOf(this.ctx);
    const account = `User/${user.id}`;
    await limits.mfaAttempt(account);
    if (verifyTotp(user.mfaSecret!, token)) {
      await limits.mfaAccepted(account);
      return;
    }
    badRequest(AuthMessages.invalidMfaToken, 'token');
  }
}

/** Registers the settings routes (auth/changepassword, auth/mfa/status|enroll|disable). */
export function registerAccountSettingsRoutes(router: Router, ctx: ServerContext): void {
  const settings = new AccountSettings(ctx);
  router.add('POST', '/auth/changepassword', async (req) =>
    json(await settings.changePassword(req.auth, bodyOf(req), req.remoteAddress))
  );
  router.add('GET', '/auth/mfa/status', async (req) => json(await settings.mfaStatus(req.auth)));
  router.add('POST', '/auth/mfa/enroll', async (req) =>
    json(await settings.enrollMfa(req.auth, bodyOf(req), req.remoteAddress))
  );
  router.add('POST', '/auth/mfa/disable', async (req) =>
    json(await settings.disableMfa(req.auth, bodyOf(req), req.remoteAddress))
  );
}
