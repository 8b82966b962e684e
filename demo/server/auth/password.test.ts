import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores a salted scrypt hash, never the password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(hash).not.toContain('correct horse');
  });

  it('uses a fresh salt each time', async () => {
    expect(await hashPassword('same-password')).not.toBe(await hashPassword('same-password'));
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('s3cret-pass');
    expect(await verifyPassword('s3cret-pass', hash)).toBe(true);
    expect(await verifyPassword('s3cret-Pass', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  describe('when the stored value is malformed', () => {
    it('refuses instead of throwing', async () => {
      expect(await verifyPassword('x', undefined)).toBe(false);
      expect(await verifyPassword('x', 'plain-text')).toBe(false);
      expect(await verifyPassword('x', 'scrypt$1$1$1$$')).toBe(false);
      expect(await verifyPassword('x', 'scrypt$3$8$1$AAAA$AAAA')).toBe(false);
    });
  });
});

describe('the hashing queue', () => {
  it('refuses with 429 at once when more hashes wait than the queue holds', async () => {
    const { HASH_CONCURRENCY, HASH_QUEUE_LIMIT } = await import('./password');
    const results = await Promise.allSettled(
      Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_LIMIT + 2 }, () => hashPassword('flood-password'))
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(2);
    expect((refused[0] as PromiseRejectedResult).reason.outcome.id).toBe('too-many-requests');
  }, 60_000);
});
