// GET (or POST) auth/altcha/challenge: a fresh ALTCHA challenge for the register form's widget.
// Reached without credentials, so it reads nothing from the request and stores nothing: each
// answer is a few hashes and an HMAC, the same for everyone.
import type { Router, ServerResponse } from '../http/router';
import type { ServerContext } from '../context';
import { notFound } from '../core/errors';
import { AltchaBotCheck } from './altcha';
import { botCheckOf } from './bot-check';

/** Where the widget fetches challenges, relative to the server base. */
export const ALTCHA_CHALLENGE_PATH = '/auth/altcha/challenge';

/** Registers the ALTCHA challenge route (answers 404 when the server uses another bot check). */
export function registerBotCheckRoutes(router: Router, ctx: ServerContext): void {
  const challenge = async (): Promise<ServerResponse> => {
    const check = botCheckOf(ctx);
    if (!(check instanceof AltchaBotCheck)) throw notFound('ALTCHA is not the bot check of this server');
    return { status: 200, body: await check.challenge(), headers: { 'Cache-Control': 'no-store' } };
  };
  router.add('GET', ALTCHA_CHALLENGE_PATH, challenge);
  router.add('POST', ALTCHA_CHALLENGE_PATH, challenge);
}
