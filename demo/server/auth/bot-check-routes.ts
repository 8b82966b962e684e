// GET (or POST) auth/altcha/challenge: a fresh ALTCHA challenge for the register form's widget.
// Reached without credentials, so it reads nothing from the request and stores nothing: each
// answer is one small key derivation and an HMAC. One address may take CHALLENGES_PER_ADDRESS
// in ten minutes before it waits (429 with Retry-After), so a flood of them stays bounded too.
import type { Router, ServerRequest, ServerResponse } from '../http/router';
import type { ServerContext } from '../context';
import { notFound, tooManyRequests } from '../core/errors';
import { AltchaBotCheck } from './altcha';
import { MemoryAttemptLimiter } from './memory-attempt-limiter';
import { botCheckOf } from './bot-check';

/** Where the widget fetches challenges, relative to the server base. */
export const ALTCHA_CHALLENGE_PATH = '/auth/altcha/challenge';

/** Challenges one client address gets in ten minutes before it must wait (a registration needs one or two). */
export const CHALLENGES_PER_ADDRESS = 60;

/** Registers the ALTCHA challenge route (answers 404 when the server uses another bot check). */
export function registerBotCheckRoutes(router: Router, ctx: ServerContext): void {
  // Each challenge counts; the last free one starts a wait of 10 s, doubling up to 10 minutes.
  const perAddress = new MemoryAttemptLimiter({
    free: CHALLENGES_PER_ADDRESS - 1,
    baseDelayMs: 10_000,
    maxDelayMs: 10 * 60_000,
    windowMs: 10 * 60_000,
  });
  const challenge = async (req: ServerRequest): Promise<ServerResponse> => {
    const check = botCheckOf(ctx);
    if (!(check instanceof AltchaBotCheck)) throw notFound('ALTCHA is not the bot check of this server');
    const address = req.remoteAddress ?? 'unknown';
    const wait = perAddress.retryAfterMs(address);
    if (wait > 0) throw tooManyRequests('Too many challenges; try again later', wait / 1000);
    perAddress.fail(address);
    return { status: 200, body: await check.challenge(), headers: { 'Cache-Control': 'no-store' } };
  };
  router.add('GET', ALTCHA_CHALLENGE_PATH, challenge);
  router.add('POST', ALTCHA_CHALLENGE_PATH, challenge);
}
