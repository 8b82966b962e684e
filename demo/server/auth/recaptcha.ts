/**
 * reCAPTCHA, for teams that use it: the browser's token (`recaptchaToken`) is checked against
 * the verification URL with the server's secret (Google's siteverify by default, any service
 * that answers the same way otherwise). Tokens are single use at Google; the server spends them
 * too, so a replay is refused even by a verifier that forgets.
 */
import type { Database } from '../db/database';
import { BotCheckMessages, refuseBotCheck, type BotCheck } from './bot-check-contract';
import { spendOnce } from '../db/spent-tokens';

/** Where and how tokens are verified. */
export interface RecaptchaOptions {
  /** The secret key that pairs with the site key the browser uses. */
  secret: string;
  /** Default: Google's siteverify. */
  verifyUrl?: string;
  /** reCAPTCHA v3: the lowest score accepted (default 0.5); v2 answers carry no score. */
  minScore?: number;
}

/** Google's verification endpoint. */
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** Tokens are a few hundred to two thousand characters; anything longer is refused unsent. */
export const MAX_RECAPTCHA_TOKEN_LENGTH = 4096;

/** The verifier answers within this time or the registration is refused (never left hanging). */
const VERIFY_TIMEOUT_MS = 10_000;

/** Google's tokens live 2 minutes; spent ones are kept a while longer. */
const SPENT_LIFETIME_MS = 10 * 60_000;

/** The reCAPTCHA bot check of one server. */
export class RecaptchaBotCheck implements BotCheck {
  readonly kind = 'recaptcha';
  readonly field = 'recaptchaToken';

  constructor(
    private readonly db: Database,
    private readonly options: RecaptchaOptions
  ) {}

  async verify(body: Record<string, unknown>, remoteAddress: string | undefined): Promise<void> {
    const token = body.recaptchaToken;
    if (token === undefined || token === null || token === '') refuseBotCheck(BotCheckMessages.required, this.field);
    if (typeof token !== 'string' || token.length > MAX_RECAPTCHA_TOKEN_LENGTH)
      refuseBotCheck(BotCheckMessages.failed, this.field);
    const form = new URLSearchParams({ secret: this.options.secret, response: token });
    if (remoteAddress) form.set('remoteip', remoteAddress);
    let answer: { success?: unknown; score?: unknown };
    try {
      const res = await fetch(this.options.verifyUrl ?? RECAPTCHA_VERIFY_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`the verifier answered ${res.status}`);
      answer = (await res.json()) as typeof answer;
    } catch (err) {
      console.error('[auth] reCAPTCHA verification failed:', err instanceof Error ? err.message : err);
      refuseBotCheck(BotCheckMessages.unreachable, this.field);
    }
    if (answer?.success !== true) refuseBotCheck(BotCheckMessages.failed, this.field);
    if (typeof answer.score === 'number' && answer.score < (this.options.minScore ?? 0.5))
      refuseBotCheck(BotCheckMessages.failed, this.field);
    if (!(await spendOnce(this.db, 'recaptcha', token, new Date(Date.now() + SPENT_LIFETIME_MS))))
      refuseBotCheck(BotCheckMessages.used, this.field);
  }
}
