/**
 * Forgotten passwords (Medplum's names):
 *
 *   POST auth/resetpassword { email }                 → 200 {} whether or not an account has the email
 *   POST auth/setpassword   { id, secret, password }  → 200 OperationOutcome (all OK)
 *
 * A reset request for a known email stores a reset record (a random id, a SHA-256 digest of a
 * random secret, an expiry RESET_LINK_LIFETIME_MS away) and mails the link
 * `{portal}/setpassword/{id}/{secret}`. Known and unknown emails get the same answer, after the
 * same work in the request (the attempt count and the lookup): the record and the mail are made
 * after the answer is sent. Requests are limited per client address and per email. An email
 * whose domain signs in at a project's identity provider is refused as at auth/login (by domain).
 *
 * The link sets a password once, before it expires: the secret is compared in constant time, the
 * record is spent by one request alone, the new password follows registration's rules, and every
 * Login of the user is revoked (whoever knew the old password may hold a session).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { allOkOutcome } from '../../../src/fhir/outcomes';
import type { ServerContext } from '../context';
import type { UserRecord } from '../core/account-records';
import type { Router, ServerRequest, ServerResponse } from '../http/router';
import { revokeLoginsOf } from './account-settings';
import { AuthMessages, CodedAuthTexts, badRequest, tooLong } from './errors';
import { refusePasswordForProviderDomain } from './identity-providers';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, normalizeEmail } from './login-input';
import { hashPassword } from './password';
import { safeEqual } from './safe-equal';
import { mailLanguage, type MailLanguage } from './mail-language';
import { resetMail } from './reset-mail';
import { throttlesOf } from './throttles';

/** How long a reset link works. */
export const RESET_LINK_LIFETIME_MS = 30 * 60_000;

/** Texts of the reset routes. */
export const PasswordResetMessages = {
  invalidLink: CodedAuthTexts.resetLinkInvalid,
  passwordRequired: CodedAuthTexts.passwordRequired,
  /** The English subject (reset-mail.ts has every language's). */
  mailSubject: 'Reset your password',
} as const;

/** One mail the server sends. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The language the mail is written in (Content-Language). */
  language?: MailLanguage;
  /** The link the mail carries (what the console line and the demo's outbox show). */
  link: string;
}

/** Where the server's mail goes. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The default mailer: no mail leaves the machine; each mail is one console line and kept in `outbox`. */
export class ConsoleMailer implements Mailer {
  /** The mails sent, newest last (at most OUTBOX_SIZE). */
  readonly outbox: Mail[] = [];

  async send(mail: Mail): Promise<void> {
    this.outbox.push(mail);
    if (this.outbox.length > OUTBOX_SIZE) this.outbox.shift();
    console.log(`[mail] to ${mail.to}: ${mail.subject}: ${mail.link}`);
  }
}

/** Mails the console mailer keeps. */
const OUTBOX_SIZE = 100;

/** How the reset side of one server sends its links. */
export interface PasswordResetConfig {
  /** The portal's origin (and path prefix) the link opens; the set-password page is under it. */
  portalUrl: string;
  mailer: Mailer;
}

const configs = new WeakMap<object, PasswordResetConfig>();

/** Sets where reset links point and how they are mailed, for the server of `ctx`. */
export function configurePasswordReset(ctx: Pick<ServerContext, 'db'>, config: Partial<PasswordResetConfig>): void {
  configs.set(ctx.db, { ...passwordResetConfigOf(ctx), ...config });
}

/** The reset configuration of the server; by default the portal at PORTAL_URL (else localhost:3000) and the console. */
export function passwordResetConfigOf(ctx: Pick<ServerContext, 'db'>): PasswordResetConfig {
  let found = configs.get(ctx.db);
  if (!found) {
    found = {
      portalUrl: process.env.PORTAL_URL || `http://localhost:${process.env.PORT || '3000'}/`,
      mailer: new ConsoleMailer(),
    };
    configs.set(ctx.db, found);
  }
  return found;
}

function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** The set-password link of a reset record. */
export function resetLink(portalUrl: string, id: string, secret: string): string {
  const base = portalUrl.endsWith('/') ? portalUrl : portalUrl + '/';
  return new URL(`setpassword/${encodeURIComponent(id)}/${encodeURIComponent(secret)}`, base).toString();
}

interface ResetRow {
  user_id: string;
  secret_digest: string;
  expires_at: number;
  used_at: number | null;
}

/** The reset routes on one server context. */
export class PasswordReset {
  constructor(
    private readonly ctx: ServerContext,
    private readonly now: () => number = Date.now
  ) {}

  /** POST auth/resetpassword: the same answer for every well-formed email. */
  async requestReset(
    body: Record<string, unknown>,
    remoteAddress?: string,
    language: MailLanguage = 'en'
  ): Promise<Record<string, never>> {
    const email = normalizeEmail(body.email);
    await throttlesOf(this.ctx).passwordResetAttempt(email, remoteAddress);
    // A domain a provider owns has no password here to reset (auth/login says the same, by domain).
    await refusePasswordForProviderDomain(this.ctx, email, body.projectId);
    const user = await this.ctx.systemRepo.searchOne<UserRecord>('User', { email });
    if (user) {
      // After the answer: the record and the mail would make a known email's answer slower.
      void this.sendLink(user, language).catch((err: unknown) =>
        console.error('[server] password reset mail failed', err)
      );
    }
    return {};
  }

  /** Stores a reset record for the user and mails its link, in `language`. */
  async sendLink(user: UserRecord, language: MailLanguage = 'en'): Promise<void> {
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.ctx.db.query('DELETE FROM password_resets WHERE expires_at < $1', [now]);
    await this.ctx.db.query(
      'INSERT INTO password_resets (id, user_id, secret_digest, expires_at) VALUES ($1, $2, $3, $4)',
      [id, user.id!, digest(secret), now + RESET_LINK_LIFETIME_MS]
    );
    const { portalUrl, mailer } = passwordResetConfigOf(this.ctx);
    const link = resetLink(portalUrl, id, secret);
    await mailer.send({
      to: user.email,
      ...resetMail(language, link, RESET_LINK_LIFETIME_MS / 60_000),
      language,
      link,
    });
  }

  /** POST auth/setpassword: a valid, unspent, unexpired link sets the password and ends every session. */
  async setPassword(body: Record<string, unknown>) {
    const id = typeof body.id === 'string' && body.id.length <= 64 ? body.id : undefined;
    const secret = typeof body.secret === 'string' && body.secret.length <= 128 ? body.secret : undefined;
    if (!id || !secret) badRequest(PasswordResetMessages.invalidLink, 'secret');
    const password = body.password;
    if (typeof password !== 'string' || password === '') badRequest(PasswordResetMessages.passwordRequired, 'password');
    if (password.length < MIN_PASSWORD_LENGTH) badRequest(AuthMessages.passwordTooShort, 'password');
    if (password.length > MAX_PASSWORD_LENGTH) tooLong('password', MAX_PASSWORD_LENGTH);

    const { rows } = await this.ctx.db.query<ResetRow>(
      'SELECT user_id, secret_digest, expires_at, used_at FROM password_resets WHERE id = $1',
      [id]
    );
    const row = rows[0];
    const now = this.now();
    // The digest is compared in constant time; a missing record still pays for one comparison.
    const matches = safeEqual(digest(secret), row?.secret_digest ?? digest(randomUUID()));
    if (!row || !matches || row.used_at !== null || Number(row.expires_at) < now)
      badRequest(PasswordResetMessages.invalidLink, 'secret');
    // Spent by one request alone: a second, even in parallel, finds used_at set.
    const spent = await this.ctx.db.query<{ id: string }>(
      'UPDATE password_resets SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id',
      [id, now]
    );
    if (spent.rows.length !== 1) badRequest(PasswordResetMessages.invalidLink, 'secret');

    const passwordHash = await hashPassword(password);
    const repo = this.ctx.systemRepo;
    const user = await repo.readResource<UserRecord>('User', row.user_id).catch(() => undefined);
    if (!user) badRequest(PasswordResetMessages.invalidLink, 'secret');
    await repo.updateResource<UserRecord>({ ...user, passwordHash });
    // The user's other links die with the old password.
    await this.ctx.db.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
      row.user_id,
      now,
    ]);
    await revokeLoginsOf(repo, row.user_id);
    return allOkOutcome();
  }
}

function json(body: unknown): ServerResponse {
  return { status: 200, body, headers: { 'Cache-Control': 'no-store' } };
}

/** Registers auth/resetpassword and auth/setpassword (both public: PUBLIC_ROUTES in app.ts). */
export function registerPasswordResetRoutes(
  router: Router,
  ctx: ServerContext,
  bodyOf: (req: ServerRequest) => Record<string, unknown>
): void {
  const reset = new PasswordReset(ctx);
  router.add('POST', '/auth/resetpassword', async (req) =>
    json(await reset.requestReset(bodyOf(req), req.remoteAddress, mailLanguage(req.headers['accept-language'])))
  );
  router.add('POST', '/auth/setpassword', async (req) => json(await reset.setPassword(bodyOf(req))));
}
