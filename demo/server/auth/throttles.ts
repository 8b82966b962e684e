// The login protocol's attempt limits, one set per server (keyed by its database). Numbers are
// in the server README ("Security model").
import type { ServerContext } from '../context';
import { AttemptLimiter } from './attempt-limiter';

/** Wrong MFA codes one login may send; then it is revoked and the user signs in again. */
export const MFA_ATTEMPTS_PER_LOGIN = 5;

/** The limiters of one server. */
export interface AuthThrottles {
  /** Wrong MFA codes per login (no delay: the login is revoked at the limit). */
  mfaPerLogin: AttemptLimiter;
  /** Wrong MFA codes per account, across logins: 10 free, then from 1 s doubling to 15 min. */
  mfaPerAccount: AttemptLimiter;
  /** Wrong passwords per account: 5 free, then from 1 s doubling to 15 min. */
  passwordPerAccount: AttemptLimiter;
  /** Wrong passwords per client address: 20 free, then from 1 s doubling to 15 min. */
  passwordPerAddress: AttemptLimiter;
}

const MINUTE = 60_000;
const throttles = new WeakMap<object, AuthThrottles>();

/** The limiters of the server the context belongs to. */
export function throttlesOf(ctx: Pick<ServerContext, 'db'>): AuthThrottles {
  let found = throttles.get(ctx.db);
  if (!found) {
    found = {
      mfaPerLogin: new AttemptLimiter({
        free: MFA_ATTEMPTS_PER_LOGIN,
        baseDelayMs: 0,
        maxDelayMs: 0,
        windowMs: 60 * MINUTE,
      }),
      mfaPerAccount: new AttemptLimiter({
        free: 10,
        baseDelayMs: 1000,
        maxDelayMs: 15 * MINUTE,
        windowMs: 60 * MINUTE,
      }),
      passwordPerAccount: new AttemptLimiter({
        free: 5,
        baseDelayMs: 1000,
        maxDelayMs: 15 * MINUTE,
        windowMs: 60 * MINUTE,
      }),
      passwordPerAddress: new AttemptLimiter({
        free: 20,
        baseDelayMs: 1000,
        maxDelayMs: 15 * MINUTE,
        windowMs: 60 * MINUTE,
      }),
    };
    throttles.set(ctx.db, found);
  }
  return found;
}
