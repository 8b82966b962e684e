/**
 * ALTCHA: the self-hosted proof of work of registration (altcha-lib on the server, the `altcha`
 * widget in the browser). A challenge names a random counter the browser must find by deriving
 * keys (PBKDF2-SHA-256 of `cost` rounds per try, up to `maxCounter` tries; the browser does this
 * natively through WebCrypto, so a script gains little over it). The server keeps nothing per
 * challenge: it signs the parameters and the key it expects, so issuing one is one key
 * derivation and no storage, and checking a solution is two HMACs. A solution is spent on first
 * use (its signature goes to spent_tokens until the challenge expires), so it cannot be replayed.
 */
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Database } from '../db/database';
import { BotCheckMessages, refuseBotCheck, type BotCheck } from './bot-check-contract';
import { spendOnce } from '../db/spent-tokens';

/** The difficulty and lifetime of challenges. */
export interface AltchaOptions {
  /** The counter the browser must find is drawn from (maxCounter/2, maxCounter]: the work is about that many tries. */
  maxCounter: number;
  /** PBKDF2 rounds per try; the server derives one key of this cost to issue a challenge. */
  cost: number;
  /** A challenge must be solved and used within this time. */
  expiresInSeconds: number;
}

/**
 * 2,500 to 5,000 tries of 250 rounds: 0.4-2.3 s for Chromium on the 2-core test machine under
 * load (a script on one core of it: 4.4 s); issuing a challenge costs the server about 1 ms.
 */
export const DEFAULT_ALTCHA_OPTIONS: AltchaOptions = { maxCounter: 5000, cost: 250, expiresInSeconds: 600 };

/** The only algorithm this server issues (bundled with the widget; the browser runs it natively). */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/** A payload is a base64 JSON of a few hundred bytes; anything longer is refused before decoding. */
export const MAX_ALTCHA_PAYLOAD_LENGTH = 4096;

/** The body field the widget's payload travels in. */
export const ALTCHA_FIELD = 'altcha';

interface Payload {
  challenge: Challenge;
  solution: { counter: number; derivedKey: string };
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The payload as the widget sends it (base64 of JSON), or undefined when it is not one. */
function decodePayload(value: string): Payload | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(parsed) || !isObject(parsed.challenge) || !isObject(parsed.solution)) return undefined;
  const { parameters, signature } = parsed.challenge;
  if (!isObject(parameters) || typeof signature !== 'string') return undefined;
  if (parameters.algorithm !== ALTCHA_ALGORITHM || typeof parameters.keySignature !== 'string') return undefined;
  if (typeof parameters.expiresAt !== 'number') return undefined;
  return parsed as unknown as Payload;
}

/** The ALTCHA bot check of one server. */
export class AltchaBotCheck implements BotCheck {
  readonly kind = 'altcha';
  readonly field = ALTCHA_FIELD;
  private readonly signatureSecret: string;
  private readonly keySignatureSecret: string;

  constructor(
    private readonly db: Database,
    serverSecret: Uint8Array,
    private readonly options: AltchaOptions
  ) {
    if (!(Number.isInteger(options.maxCounter) && options.maxCounter >= 1))
      throw new Error('ALTCHA maxCounter must be a positive integer');
    // Keys of their own, derived from the server's secret: persisted with it, never sent anywhere.
    const derive = (label: string) => createHmac('sha256', serverSecret).update(label).digest('hex');
    this.signatureSecret = derive('altcha challenge signature');
    this.keySignatureSecret = derive('altcha key signature');
  }

  /** A new signed challenge (constant work, nothing stored). */
  async challenge(): Promise<Challenge> {
    const { maxCounter, cost, expiresInSeconds } = this.options;
    return createChallenge({
      algorithm: ALTCHA_ALGORITHM,
      cost,
      counter: randomInt(maxCounter, Math.ceil(maxCounter / 2)),
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + expiresInSeconds,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
  }

  async verify(body: Record<string, unknown>): Promise<void> {
    const value = body[ALTCHA_FIELD];
    if (value === undefined || value === null || value === '') refuseBotCheck(BotCheckMessages.required, this.field);
    if (typeof value !== 'string' || value.length > MAX_ALTCHA_PAYLOAD_LENGTH)
      refuseBotCheck(BotCheckMessages.failed, this.field);
    const payload = decodePayload(value);
    if (!payload) refuseBotCheck(BotCheckMessages.failed, this.field);
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    }).catch(() => undefined);
    if (result?.expired) refuseBotCheck(BotCheckMessages.expired, this.field);
    if (!result?.verified) refuseBotCheck(BotCheckMessages.failed, this.field);
    const expiresAt = new Date(payload.challenge.parameters.expiresAt! * 1000);
    if (!(await spendOnce(this.db, 'altcha', payload.challenge.signature!, expiresAt)))
      refuseBotCheck(BotCheckMessages.used, this.field);
  }
}
