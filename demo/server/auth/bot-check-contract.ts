// What every bot check of registration is (ALTCHA, reCAPTCHA) and how it refuses: a 400
// OperationOutcome with one of these texts, on the body field that carries the solution.
import { OperationOutcomeError, OutcomeCodes, badRequestOutcome, withOutcomeCode } from '../../../src/fhir/outcomes';

/** Exact texts of a refused bot check. */
export const BotCheckMessages = {
  required: 'Bot check required',
  failed: 'Bot check failed',
  expired: 'Bot check expired',
  used: 'Bot check already used',
  unreachable: 'Bot check could not be verified; try again later',
} as const;

/** A configured bot check. */
export interface BotCheck {
  readonly kind: 'altcha' | 'recaptcha';
  /** The body field that carries the solution ('altcha' or 'recaptchaToken'). */
  readonly field: string;
  /** Verifies and spends the solution in the body; throws a 400 OperationOutcome when it is missing, invalid, expired or used. */
  verify(body: Record<string, unknown>, remoteAddress: string | undefined): Promise<void>;
}

/** Throws the 400 of a refused bot check, on the field that carries the solution. */
export function refuseBotCheck(text: string, field: string): never {
  const code = BOT_CHECK_CODES[text];
  const outcome = badRequestOutcome(text, field);
  throw new OperationOutcomeError(code ? withOutcomeCode(outcome, code) : outcome);
}

// The outcome code of each refusal, so the client says it in the reader's language.
const BOT_CHECK_CODES: Readonly<Record<string, (typeof OutcomeCodes)[keyof typeof OutcomeCodes]>> = {
  [BotCheckMessages.required]: OutcomeCodes.botCheckRequired,
  [BotCheckMessages.failed]: OutcomeCodes.botCheckFailed,
  [BotCheckMessages.expired]: OutcomeCodes.botCheckExpired,
  [BotCheckMessages.used]: OutcomeCodes.botCheckUsed,
  [BotCheckMessages.unreachable]: OutcomeCodes.botCheckUnreachable,
};
