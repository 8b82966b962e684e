import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { AttemptLimiter, type AttemptRule } from './attempt-limiter';

describe('AttemptLimiter (counts in the database)', () => {
  let db: Database;
  let now = 0;
  let limiter: AttemptLimiter;
  beforeAll(async () => {
    db = await openDatabase({});
    limiter = new AttemptLimiter(db, () => now);
  }, 120_000);
  afterAll(() => db?.close());

  const rule: AttemptRule = { name: 'test', free: 2, baseDelayMs: 1000, maxDelayMs: 5000, windowMs: 60_000 };

  it('allows the free failures, then doubles the delay up to the cap, counting nothing while held', async () => {
    now = 1_000_000;
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      // Each once the previous delay has run out.
      now += waits.at(-1) ?? 0;
      await limiter.attempt([{ rule, key: 'a' }]);
      waits.push(await limiter.retryAfterMs(rule, 'a'));
    }
    expect(waits).toEqual([0, 0, 1000, 2000, 4000, 5000]);
    expect(await limiter.failures(rule, 'a')).toBe(6);
    expect(await limiter.retryAfterMs(rule, 'b')).toBe(0);
    now += 3000;
    expect(await limiter.retryAfterMs(rule, 'a')).toBe(2000);
    expect(await limiter.attempt([{ rule, key: 'a' }])).toEqual({ held: true, rule, waitMs: 2000 });
    expect(await limiter.failures(rule, 'a')).toBe(6);
  });

  it('holds no one within the free failures, also a request whose clock ran before the last one’s', async () => {
    // Parallel requests take their clock, then wait for the row's lock: the one counted first may
    // have read the later time.
    now = 1_500_000;
    const early = new AttemptLimiter(db, () => now - 40);
    expect(await limiter.attempt([{ rule, key: 'p' }])).toEqual({ held: false, failures: [1] });
    expect(await early.attempt([{ rule, key: 'p' }])).toEqual({ held: false, failures: [2] });
  });

  it('counts all keys or none, and names the first held one', async () => {
    now = 2_000_000;
    const other: AttemptRule = { ...rule, name: 'other', free: 0 };
    expect(await limiter.attempt([{ rule: other, key: 'x' }])).toEqual({ held: false, failures: [1] });
    const both = [
      { rule, key: 'y' },
      { rule: other, key: 'x' },
    ];
    expect(await limiter.attempt(both)).toEqual({ held: true, rule: other, waitMs: 1000 });
    expect(await limiter.failures(rule, 'y')).toBe(0);
    now += 1000;
    expect(await limiter.attempt(both)).toEqual({ held: false, failures: [1, 2] });
  });

  it('answers a hold it has read without another transaction, until the hold runs out', async () => {
    now = 2_500_000;
    const held: AttemptRule = { ...rule, name: 'held', free: 0, baseDelayMs: 4000 };
    expect(await limiter.attempt([{ rule: held, key: 'f' }])).toEqual({ held: false, failures: [1] });
    expect(await limiter.attempt([{ rule: held, key: 'f' }])).toEqual({ held: true, rule: held, waitMs: 4000 });
    // A flood against the held key: answered from what this process read, the database untouched.
    let transactions = 0;
    const counting = Object.assign(Object.create(db) as Database, {
      transaction: (fn: Parameters<Database['transaction']>[0]) => {
        transactions++;
        return db.transaction(fn);
      },
    });
    const flooded = new AttemptLimiter(counting, () => now);
    expect(await flooded.attempt([{ rule: held, key: 'f' }])).toEqual({ held: true, rule: held, waitMs: 4000 });
    expect(transactions).toBe(1);
    now += 1000;
    for (let i = 0; i < 50; i++) {
      expect(await flooded.attempt([{ rule: held, key: 'f' }])).toEqual({ held: true, rule: held, waitMs: 3000 });
    }
    expect(transactions).toBe(1);
    expect(await limiter.failures(held, 'f')).toBe(1);
    // Past the hold the database decides again.
    now += 3000;
    expect(await flooded.attempt([{ rule: held, key: 'f' }])).toEqual({ held: false, failures: [2] });
    expect(transactions).toBe(2);
  });

  it('counts every one of many parallel attempts exactly once', async () => {
    now = 3_000_000;
    const many: AttemptRule = { ...rule, name: 'many', free: 1000 };
    await Promise.all(Array.from({ length: 40 }, () => limiter.attempt([{ rule: many, key: 'p' }])));
    expect(await limiter.failures(many, 'p')).toBe(40);
  });

  it('forgets a key after a quiet window or a success, and takes back a forgiven one', async () => {
    now = 4_000_000;
    await limiter.attempt([{ rule, key: 'q' }]);
    now += rule.windowMs + 1;
    expect(await limiter.failures(rule, 'q')).toBe(0);
    await limiter.attempt([{ rule, key: 'q' }]);
    await limiter.attempt([{ rule, key: 'q' }]);
    await limiter.forgive(rule, 'q');
    expect(await limiter.failures(rule, 'q')).toBe(1);
    await limiter.succeed(rule, 'q');
    expect(await limiter.failures(rule, 'q')).toBe(0);
  });

  it('stores a digest of each key, never the key', async () => {
    await limiter.attempt([{ rule, key: 'alex@example.com' }]);
    const { rows } = await db.query<{ key: string }>('SELECT key FROM attempt_counts');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.key.includes('alex'))).toBe(false);
  });
});
