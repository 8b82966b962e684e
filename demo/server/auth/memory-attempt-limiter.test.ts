import { describe, expect, it } from 'vitest';
import { MemoryAttemptLimiter } from './memory-attempt-limiter';

describe('MemoryAttemptLimiter', () => {
  it('allows the free failures, then doubles the delay up to the cap', () => {
    let now = 0;
    const limiter = new MemoryAttemptLimiter({
      free: 2,
      baseDelayMs: 1000,
      maxDelayMs: 5000,
      windowMs: 60_000,
      now: () => now,
    });
    expect([limiter.fail('a'), limiter.fail('a')]).toEqual([0, 0]);
    expect(limiter.retryAfterMs('a')).toBe(0);
    expect([limiter.fail('a'), limiter.fail('a'), limiter.fail('a'), limiter.fail('a')]).toEqual([
      1000, 2000, 4000, 5000,
    ]);
    expect(limiter.retryAfterMs('a')).toBe(5000);
    expect(limiter.retryAfterMs('b')).toBe(0);
    now = 3000;
    expect(limiter.retryAfterMs('a')).toBe(2000);
  });
  it('forgets a key after a quiet window or a success, and keeps at most maxKeys', () => {
    let now = 0;
    const limiter = new MemoryAttemptLimiter({
      free: 0,
      baseDelayMs: 10,
      maxDelayMs: 10,
      windowMs: 100,
      maxKeys: 2,
      now: () => now,
    });
    limiter.fail('a');
    now = 200;
    expect(limiter.failures('a')).toBe(0);
    limiter.fail('a');
    limiter.succeed('a');
    expect(limiter.failures('a')).toBe(0);
    limiter.fail('x');
    limiter.fail('y');
    limiter.fail('z');
    expect([limiter.failures('x'), limiter.failures('y'), limiter.failures('z')]).toEqual([0, 1, 1]);
  });
});
