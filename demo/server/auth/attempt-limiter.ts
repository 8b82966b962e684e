// Counts failed attempts per key (an account, a client address, a login) and says how long the
// next attempt must wait: a few free failures, then a delay that doubles with each further one,
// up to a cap. Failures are forgotten once a key has been quiet for the window. The counts live
// in the database (`attempt_counts`), so every process on it shares them: N processes allow no
// more guesses than one. The same SQL runs on PGlite and PostgreSQL.
import { createHash } from 'node:crypto';
import type { Database } from '../db/database';

/** How one kind of key is counted. */
export interface AttemptRule {
  /** Keeps this rule's keys apart from the others' in the table. */
  name: string;
  /** Failures allowed before any delay. */
  free: number;
  /** Delay after the first failure beyond `free`; doubles with each further one. */
  baseDelayMs: number;
  /** The longest delay. */
  maxDelayMs: number;
  /** A key with no failure for this long starts afresh. */
  windowMs: number;
}

/** One key to count an attempt against, under its rule. */
export interface AttemptCount {
  rule: AttemptRule;
  key: string;
}

/** What counting an attempt answered. */
export type AttemptOutcome =
  /** Counted: the failures of each key (in the order given), this attempt included. */
  | { held: false; failures: number[] }
  /** Nothing counted: the first held key's rule (in the order given) and the longest wait. */
  | { held: true; rule: AttemptRule; waitMs: number };

interface Row {
  key: string;
  failures: number;
  last_failure: number;
  held_until: number;
  expires_at: number;
}

/** The delay a key's `failures`-th failure imposes on its next attempt (ms). */
export function delayAfter(rule: AttemptRule, failures: number): number {
  const over = failures - rule.free;
  return over > 0 ? Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(over - 1, 30)) : 0;
}

/** How many holds one process remembers (AttemptLimiter.knownHolds). */
const MAX_KNOWN_HOLDS = 10_000;

/** How often (in attempts, per process) rows quiet past their window are swept. */
const SWEEP_EVERY = 200;

/**
 * Failed-attempt counting with growing delays, per key, shared through the database. Only a
 * digest of a key is stored: the table holds no email or address.
 */
export class AttemptLimiter {
  private attemptsSinceSweep = 0;
  /**
   * Holds this process has read from the database (row key → held until), so a flood against a
   * held key is answered 429 without a transaction each: on PGlite's one connection those would
   * queue everyone else's sign-in behind the flood. A hold only ends by its time running out
   * (a held key cannot try, so it cannot succeed), so remembering it refuses nothing the
   * database would allow. Bounded: expired entries go when it grows past MAX_KNOWN_HOLDS.
   */
  private readonly knownHolds = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now
  ) {}

  private static rowKey(count: AttemptCount): string {
    return `${count.rule.name}:${createHash('sha256').update(count.key).digest('base64url')}`;
  }

  /**
   * Counts one attempt against every key, all or none: when a key is held, nothing is counted.
   * Meant to run before the check it guards (the hash, the code), so parallel attempts all
   * count: the rows are locked for the decision, in key order, so two processes (or two
   * requests) counting the same key take turns, and no two lock each other out.
   */
  async attempt(counts: AttemptCount[]): Promise<AttemptOutcome> {
    const now = this.now();
    const keys = counts.map((count) => AttemptLimiter.rowKey(count));
    const known = this.knownHold(counts, keys, now);
    if (known) return known;
    const sorted = [...new Set(keys)].sort();
    const seenHolds: [string, number][] = [];
    const outcome = await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO attempt_counts (key, failures, last_failure, held_until, expires_at)
         SELECT k, 0, 0, 0, 0 FROM unnest($1::text[]) AS k ORDER BY k ON CONFLICT (key) DO NOTHING`,
        [sorted]
      );
      const { rows } = await tx.query<Row>(
        `SELECT key, failures, last_failure, held_until, expires_at FROM attempt_counts
         WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE`,
        [sorted]
      );
      // A row quiet past its window counts as new.
      const live = new Map(rows.map((row) => [row.key, Number(row.expires_at) > now ? row : undefined]));
      let firstHeld: AttemptRule | undefined;
      let waitMs = 0;
      counts.forEach((count, i) => {
        const wait = Number(live.get(keys[i])?.held_until ?? 0) - now;
        if (wait <= 0) return;
        seenHolds.push([keys[i], now + wait]);
        firstHeld ??= count.rule;
        waitMs = Math.max(waitMs, wait);
      });
      if (firstHeld) return { held: true as const, rule: firstHeld, waitMs };
      const updated = new Map<string, { failures: number; heldUntil: number; expiresAt: number }>();
      counts.forEach((count, i) => {
        if (updated.has(keys[i])) return;
        const row = live.get(keys[i]);
        const failures = (row ? Number(row.failures) : 0) + 1;
        const delay = delayAfter(count.rule, failures);
        const heldUntil = Number(row?.held_until ?? 0);
        updated.set(keys[i], {
          failures,
          // A free failure sets no hold at all. Writing `now` there read as a hold to a request
          // that took its clock earlier and waited for this row's lock (PostgreSQL, in parallel):
          // it was answered 429 within the free attempts.
          heldUntil: delay > 0 ? Math.max(heldUntil, now + delay) : heldUntil,
          expiresAt: now + count.rule.windowMs,
        });
      });
      const entries = [...updated];
      await tx.query(
        `UPDATE attempt_counts AS a SET failures = u.failures, last_failure = $2, held_until = u.held_until,
           expires_at = u.expires_at
         FROM unnest($1::text[], $3::int[], $4::float8[], $5::float8[]) AS u(key, failures, held_until, expires_at)
         WHERE a.key = u.key`,
        [
          entries.map(([key]) => key),
          now,
          entries.map(([, e]) => e.failures),
          entries.map(([, e]) => e.heldUntil),
          entries.map(([, e]) => e.expiresAt),
        ]
      );
      return { held: false as const, failures: keys.map((key) => updated.get(key)!.failures) };
    });
    if (outcome.held) this.rememberHolds(seenHolds, now);
    if (++this.attemptsSinceSweep >= SWEEP_EVERY) {
      this.attemptsSinceSweep = 0;
      await this.db.query('DELETE FROM attempt_counts WHERE expires_at <= $1', [now]);
    }
    return outcome;
  }

  /** The outcome attempt() would read from the database for a hold this process already knows. */
  private knownHold(counts: AttemptCount[], keys: string[], now: number): AttemptOutcome | undefined {
    if (!this.knownHolds.size) return undefined;
    let firstHeld: AttemptRule | undefined;
    let waitMs = 0;
    counts.forEach((count, i) => {
      const wait = (this.knownHolds.get(keys[i]) ?? 0) - now;
      if (wait <= 0) return;
      firstHeld ??= count.rule;
      waitMs = Math.max(waitMs, wait);
    });
    return firstHeld ? { held: true, rule: firstHeld, waitMs } : undefined;
  }

  private rememberHolds(holds: [string, number][], now: number): void {
    if (this.knownHolds.size >= MAX_KNOWN_HOLDS) {
      for (const [key, until] of this.knownHolds) if (until <= now) this.knownHolds.delete(key);
      if (this.knownHolds.size >= MAX_KNOWN_HOLDS) this.knownHolds.clear();
    }
    for (const [key, until] of holds) this.knownHolds.set(key, until);
  }

  private async row(rule: AttemptRule, key: string): Promise<Row | undefined> {
    const { rows } = await this.db.query<Row>(
      'SELECT key, failures, last_failure, held_until, expires_at FROM attempt_counts WHERE key = $1 AND expires_at > $2',
      [AttemptLimiter.rowKey({ rule, key }), this.now()]
    );
    return rows[0];
  }

  /** Milliseconds until the key may try again (0: now). */
  async retryAfterMs(rule: AttemptRule, key: string): Promise<number> {
    const row = await this.row(rule, key);
    return row ? Math.max(0, Number(row.held_until) - this.now()) : 0;
  }

  /** Failures counted for the key within the window. */
  async failures(rule: AttemptRule, key: string): Promise<number> {
    return Number((await this.row(rule, key))?.failures ?? 0);
  }

  /** Takes back one failure counted ahead of a check that then succeeded (the delay stays). */
  async forgive(rule: AttemptRule, key: string): Promise<void> {
    await this.db.query(
      'UPDATE attempt_counts SET failures = failures - 1 WHERE key = $1 AND failures > 0 AND expires_at > $2',
      [AttemptLimiter.rowKey({ rule, key }), this.now()]
    );
  }

  /** Forgets the key's failures (a success). */
  async succeed(rule: AttemptRule, key: string): Promise<void> {
    this.knownHolds.delete(AttemptLimiter.rowKey({ rule, key }));
    await this.db.query('DELETE FROM attempt_counts WHERE key = $1', [AttemptLimiter.rowKey({ rule, key })]);
  }
}
