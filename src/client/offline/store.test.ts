import 'fake-indexeddb/auto';
import { createIndexedDbStore } from './indexeddb-store';
import { createMemoryStore } from './memory-store';

let databases = 0;

describe.each([
  ['IndexedDB (idb)', () => createIndexedDbStore(`test-${databases++}`)],
  ['memory', createMemoryStore],
])('the %s offline store', (_name, create) => {
  it('lists a login area in key order and gives back what was put', async () => {
    const store = create();
    await store.put('alice', 'outbox', '002', { n: 2 });
    await store.put('alice', 'outbox', '001', { n: 1 });
    await store.put('alice', 'reads', 'https://x/Patient/1', { value: 'p' });
    expect(await store.list('alice', 'outbox')).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await store.get('alice', 'reads', 'https://x/Patient/1')).toEqual({ value: 'p' });
    await store.delete('alice', 'outbox', '001');
    expect(await store.list('alice', 'outbox')).toEqual([{ n: 2 }]);
  });

  it('never shows one login the entries of another, and clears one login only', async () => {
    const store = create();
    await store.put('alice', 'reads', 'k', 'alice-read');
    await store.put('alice', 'outbox', '1', 'alice-write');
    await store.put('bob', 'reads', 'k', 'bob-read');
    expect(await store.get('bob', 'reads', 'k')).toBe('bob-read');
    expect(await store.list('bob', 'outbox')).toEqual([]);
    expect((await store.logins()).sort()).toEqual(['alice', 'bob']);

    await store.clear('alice');

    expect(await store.get('alice', 'reads', 'k')).toBeUndefined();
    expect(await store.list('alice', 'outbox')).toEqual([]);
    expect(await store.get('bob', 'reads', 'k')).toBe('bob-read');
    expect(await store.logins()).toEqual(['bob']);
  });
});

it('keeps IndexedDB entries for the next page that opens the same database', async () => {
  await createIndexedDbStore('reopened').put('alice', 'outbox', '1', { kind: 'create' });
  expect(await createIndexedDbStore('reopened').list('alice', 'outbox')).toEqual([{ kind: 'create' }]);
});
