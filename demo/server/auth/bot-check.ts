/**
 * The bot check of registration, verified on the server. The default is ALTCHA, a self-hosted
 * proof of work (offline demos cannot reach a hosted captcha): the server hands out signed
 * challenges, the browser solves one, and `auth/newuser` (or `auth/newpatient` and
 * `auth/newproject` without an unspent check) verifies the solution and spends it. reCAPTCHA
 * stays available for teams that use it: the token is verified against a configurable URL with
 * the secret. There is no "off": tests lower the ALTCHA difficulty instead.
 */
import type { ServerContext } from '../context';
import type { Repository } from '../store/repository';
import { isOperationOutcomeError } from '../../../src/fhir/outcomes';
import { AltchaBotCheck, DEFAULT_ALTCHA_OPTIONS, type AltchaOptions } from './altcha';
import { BotCheckMessages, refuseBotCheck, type BotCheck } from './bot-check-contract';
import { RecaptchaBotCheck, type RecaptchaOptions } from './recaptcha';
import type { UserRecord } from '../core/account-records';

/** How registration proves a human is there. */
export type BotCheckConfig = ({ kind: 'altcha' } & Partial<AltchaOptions>) | ({ kind: 'recaptcha' } & RecaptchaOptions);

/** The bot check the environment asks for: BOT_CHECK=recaptcha with RECAPTCHA_SECRET, else ALTCHA. */
export function botCheckConfigFromEnv(env: NodeJS.ProcessEnv = process.env): BotCheckConfig {
  if (env.BOT_CHECK === 'recaptcha') {
    if (!env.RECAPTCHA_SECRET) throw new Error('BOT_CHECK=recaptcha needs RECAPTCHA_SECRET');
    return {
      kind: 'recaptcha',
      secret: env.RECAPTCHA_SECRET,
      ...(env.RECAPTCHA_VERIFY_URL ? { verifyUrl: env.RECAPTCHA_VERIFY_URL } : {}),
      ...(env.RECAPTCHA_MIN_SCORE ? { minScore: Number(env.RECAPTCHA_MIN_SCORE) } : {}),
    };
  }
  if (env.BOT_CHECK && env.BOT_CHECK !== 'altcha') throw new Error(`BOT_CHECK must be altcha or recaptcha`);
  return {
    kind: 'altcha',
    ...(env.ALTCHA_MAX_COUNTER ? { maxCounter: Number(env.ALTCHA_MAX_COUNTER) } : {}),
  };
}

const botChecks = new WeakMap<object, BotCheck>();

/** Builds the bot check of a server and makes it the one its registration (registration.ts) verifies with. */
export function installBotCheck(ctx: ServerContext, config: BotCheckConfig): BotCheck {
  const check =
    config.kind === 'recaptcha'
      ? new RecaptchaBotCheck(ctx.db, config)
      : new AltchaBotCheck(ctx.db, ctx.jwtSecret, { ...DEFAULT_ALTCHA_OPTIONS, ...config });
  botChecks.set(ctx.db, check);
  return check;
}

/** The bot check of the server the context belongs to (ALTCHA with the defaults unless installed). */
export function botCheckOf(ctx: ServerContext): BotCheck {
  return botChecks.get(ctx.db) ?? installBotCheck(ctx, { kind: 'altcha' });
}

/**
 * Before a new profile (auth/newpatient, auth/newproject): one profile is covered by the check the
 * user passed at auth/newuser; any other needs a fresh solution in the body. Answers what to run
 * inside the profile's transaction: spending the user's unspent check, so two requests racing for
 * it cannot both win (the second fails its If-Match and the transaction rolls back).
 */
export async function botCheckForProfile(
  ctx: ServerContext,
  user: UserRecord,
  body: Record<string, unknown>,
  remoteAddress: string | undefined
): Promise<(repo: Repository) => Promise<void>> {
  const check = botCheckOf(ctx);
  if (!user.botCheckUnspent) {
    await check.verify(body, remoteAddress);
    return async () => undefined;
  }
  return async (repo) => {
    try {
      await repo.updateResource<UserRecord>(
        { ...user, botCheckUnspent: false },
        user.meta?.versionId ? { ifMatch: user.meta.versionId } : undefined
      );
    } catch (err) {
      if (isOperationOutcomeError(err) && err.outcome.id === 'precondition-failed')
        refuseBotCheck(BotCheckMessages.required, check.field);
      throw err;
    }
  };
}
