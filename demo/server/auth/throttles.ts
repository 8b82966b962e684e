// The login protocol's attempt limits, one set per server (keyed by its database), counted in the
// database so every process shares them. Numbers are in the server README ("Security model").
//
// Wrong passwords are held back by who guesses, not by whose account: per client address (any
// account) and per client address and account. A stranger's wrong guesses therefore never keep
// the owner, signing in from another address, out. A guess spread over many addresses is bounded
// by a per-account ceiling that slows rather than locks: past it, each further wrong password
// holds the account for at most a minute, so a distributed guesser gets about one try a minute
// while the owner waits at worst that long.
import type { ServerContext } from '../context';
import { AttemptLimiter, type AttemptCount, type AttemptRule } from './attempt-limiter';
import { clientAddressKey } from './client-address';
import { AuthMessages, badRequest, tooManyAttempts } from './errors';

/** Wrong MFA codes one login may send; then it is revoked and the user signs in again. */
export const MFA_ATTEMPTS_PER_LOGIN = 5;

/** Registrations one client address may start an hour, unless REGISTRATIONS_PER_ADDRESS_PER_HOUR says. */
export const DEFAULT_REGISTRATIONS_PER_ADDRESS_PER_HOUR = 20;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The rules of the login protocol's keys. */
export const AttemptRules = {
  /** Wrong passwords from one client address, any account: 20 free, then 1 s doubling to 15 min. */
  passwordPerAddress: {
    name: 'password/address',
    free: 20,
    baseDelayMs: 1000,
    maxDelayMs: 15 * MINUTE,
    windowMs: HOUR,
  },
  /** Wrong passwords from one client address for one account: 5 free, then 1 s doubling to 15 min. */
  passwordPerGuesser: { name: 'password/guesser', free: 5, baseDelayMs: 1000, maxDelayMs: 15 * MINUTE, windowMs: HOUR },
  /** Wrong passwords for one account from every address: 50 free, then 1 s doubling to 1 min. */
  passwordPerAccount: { name: 'password/account', free: 50, baseDelayMs: 1000, maxDelayMs: MINUTE, windowMs: HOUR },
  /** Wrong MFA codes per login: the last one allowed holds the login (it is revoked then). */
  mfaPerLogin: {
    name: 'mfa/login',
    free: MFA_ATTEMPTS_PER_LOGIN - 1,
    baseDelayMs: HOUR,
    maxDelayMs: HOUR,
    windowMs: HOUR,
  },
  /** Wrong MFA codes per account, across logins: 10 free, then 1 s doubling to 15 min. */
  mfaPerAccount: { name: 'mfa/account', free: 10, baseDelayMs: 1000, maxDelayMs: 15 * MINUTE, windowMs: HOUR },
  /** Password reset requests from one client address: 10 an hour, then an hour's wait. */
  resetPerAddress: { name: 'reset/address', free: 9, baseDelayMs: HOUR, maxDelayMs: HOUR, windowMs: HOUR },
  /** Password reset requests for one email, known or not: 3 an hour, then an hour's wait. */
  resetPerEmail: { name: 'reset/email', free: 2, baseDelayMs: HOUR, maxDelayMs: HOUR, windowMs: HOUR },
} satisfies Record<string, AttemptRule>;

/** The rule of registrations per address: `perHour` of them, then an hour's wait. */
function registrationRule(perHour: number): AttemptRule {
  return { name: 'registration/address', free: perHour - 1, baseDelayMs: HOUR, maxDelayMs: HOUR, windowMs: HOUR };
}

/** REGISTRATIONS_PER_ADDRESS_PER_HOUR as a number; a value that is not a positive count is refused. */
export function registrationsPerAddressFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.REGISTRATIONS_PER_ADDRESS_PER_HOUR;
  if (value === undefined || value === '') return DEFAULT_REGISTRATIONS_PER_ADDRESS_PER_HOUR;
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1)
    throw new Error(`REGISTRATIONS_PER_ADDRESS_PER_HOUR must be a whole number from 1, got ${JSON.stringify(value)}`);
  return Number(value);
}

/** The limits of one server. */
export class AuthThrottles {
  private readonly limiter: AttemptLimiter;
  private readonly registrationRule: AttemptRule;

  constructor(ctx: Pick<ServerContext, 'db'>, opts: { registrationsPerAddressPerHour?: number } = {}) {
    this.limiter = new AttemptLimiter(ctx.db);
    this.registrationRule = registrationRule(opts.registrationsPerAddressPerHour ?? registrationsPerAddressFromEnv());
  }

  private static passwordKeys(account: string, address: string | undefined): AttemptCount[] {
    const from = clientAddressKey(address);
    return [
      { rule: AttemptRules.passwordPerGuesser, key: `${from} ${account}` },
      { rule: AttemptRules.passwordPerAddress, key: from },
      { rule: AttemptRules.passwordPerAccount, key: account },
    ];
  }

  /**
   * Counts a password attempt before the hash runs (so parallel guesses all count); 429 with
   * Retry-After while the guesser, the address or the account is held.
   */
  async passwordAttempt(account: string, address: string | undefined): Promise<void> {
    const outcome = await this.limiter.attempt(AuthThrottles.passwordKeys(account, address));
    if (outcome.held) throw tooManyAttempts(outcome.waitMs);
  }

  /** The password was right: that address starts afresh on the account; the rest take the attempt back. */
  async passwordAccepted(account: string, address: string | undefined): Promise<void> {
    const [guesser, ...others] = AuthThrottles.passwordKeys(account, address);
    await this.limiter.succeed(guesser.rule, guesser.key);
    for (const other of others) await this.limiter.forgive(other.rule, other.key);
  }

  /**
   * Counts an MFA code for the account (and the login, at sign-in) before it is checked: 400
   * 'Login revoked' once the login has had its tries, 429 with Retry-After while the account is
   * held. Answers the login's wrong codes so far, this one included (0 without a login).
   */
  async mfaAttempt(account: string, login?: string): Promise<number> {
    const counts: AttemptCount[] = [
      ...(login ? [{ rule: AttemptRules.mfaPerLogin, key: login }] : []),
      { rule: AttemptRules.mfaPerAccount, key: account },
    ];
    const outcome = await this.limiter.attempt(counts);
    if (outcome.held && outcome.rule === AttemptRules.mfaPerLogin) badRequest(AuthMessages.loginRevoked, 'login');
    if (outcome.held) throw tooManyAttempts(outcome.waitMs);
    return login ? outcome.failures[0] : 0;
  }

  /** The code was right: the login starts afresh, the account takes the attempt back. */
  async mfaAccepted(account: string, login?: string): Promise<void> {
    if (login) await this.limiter.succeed(AttemptRules.mfaPerLogin, login);
    await this.limiter.forgive(AttemptRules.mfaPerAccount, account);
  }

  /**
   * Counts a password reset request from the address for the email (known or not, so the limit
   * tells nothing about the account); 429 with Retry-After past either hourly limit.
   */
  async passwordResetAttempt(email: string, address: string | undefined): Promise<void> {
    const outcome = await this.limiter.attempt([
      { rule: AttemptRules.resetPerAddress, key: clientAddressKey(address) },
      { rule: AttemptRules.resetPerEmail, key: email },
    ]);
    if (outcome.held) throw tooManyAttempts(outcome.waitMs);
  }

  /** Counts a registration from the address; 429 with Retry-After past the hourly limit. */
  async registrationAttempt(address: string | undefined): Promise<void> {
    const outcome = await this.limiter.attempt([{ rule: this.registrationRule, key: clientAddressKey(address) }]);
    if (outcome.held) throw tooManyAttempts(outcome.waitMs);
  }
}

const throttles = new WeakMap<object, AuthThrottles>();

/** The limits of the server the context belongs to. */
export function throttlesOf(ctx: Pick<ServerContext, 'db'>): AuthThrottles {
  let found = throttles.get(ctx.db);
  if (!found) throttles.set(ctx.db, (found = new AuthThrottles(ctx)));
  return found;
}
