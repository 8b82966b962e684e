// Counts attempts per key in this process's memory and says how long the next must wait: a few
// free ones, then a delay that doubles with each further one, up to a cap; forgotten once a key
// has been quiet for the window. For limits that guard the process itself (the ALTCHA challenges'
// CPU), where each process counting its own is right and a database write per request is not;
// limits on guessing are shared through the database (attempt-limiter.ts). The number of keys is
// bounded so a flood of keys cannot grow it.

/** Options of a MemoryAttemptLimiter. */
export interface MemoryAttemptLimiterOptions {
  /** Failures allowed before any delay. */
  free: number;
  /** Delay after the first failure beyond `free`; doubles with each further one. */
  baseDelayMs: number;
  /** The longest delay. */
  maxDelayMs: number;
  /** A key with no failure for this long starts afresh. */
  windowMs: number;
  /** Keys kept at most; the oldest are dropped first. */
  maxKeys?: number;
  now?: () => number;
}

interface Entry {
  failures: number;
  lastFailure: number;
  blockedUntil: number;
}

/** Failed-attempt counting with growing delays, per key. */
export class MemoryAttemptLimiter {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(private readonly opts: MemoryAttemptLimiterOptions) {
    this.now = opts.now ?? Date.now;
  }

  private entry(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.lastFailure > this.opts.windowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Milliseconds until the key may try again (0: now). */
  retryAfterMs(key: string): number {
    const entry = this.entry(key);
    return entry ? Math.max(0, entry.blockedUntil - this.now()) : 0;
  }

  /** Failures counted for the key within the window. */
  failures(key: string): number {
    return this.entry(key)?.failures ?? 0;
  }

  /** Records a failure; answers the delay it imposes on the next attempt (ms). */
  fail(key: string): number {
    const now = this.now();
    const entry = this.entry(key) ?? { failures: 0, lastFailure: now, blockedUntil: 0 };
    entry.failures++;
    entry.lastFailure = now;
    const over = entry.failures - this.opts.free;
    const delay = over > 0 ? Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** Math.min(over - 1, 30)) : 0;
    entry.blockedUntil = Math.max(entry.blockedUntil, now + delay);
    // Re-inserted at the end, so the map's first key is the least recently failed.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const maxKeys = this.opts.maxKeys ?? 100_000;
    while (this.entries.size > maxKeys) this.entries.delete(this.entries.keys().next().value!);
    return delay;
  }

  /** Takes back one failure counted ahead of a check that then succeeded (the delay stays). */
  forgive(key: string): void {
    const entry = this.entry(key);
    if (entry && entry.failures > 0) entry.failures--;
  }

  /** Forgets the key's failures (a success). */
  succeed(key: string): void {
    this.entries.delete(key);
  }
}
