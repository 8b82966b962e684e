// @vitest-environment jsdom
import { ClientStorage, MemoryStorage } from './storage';

describe('storage', () => {
  describe('MemoryStorage', () => {
    it('stores, lists and clears strings', () => {
      const storage = new MemoryStorage();
      storage.setItem('a', '1');
      expect(storage.getItem('a')).toBe('1');
      expect(storage.length).toBe(1);
      expect(storage.key(0)).toBe('a');
      storage.removeItem('a');
      expect(storage.getItem('a')).toBeNull();
      storage.setItem('b', '2');
      storage.clear();
      expect(storage.length).toBe(0);
    });
  });

  describe('ClientStorage', () => {
    afterEach(() => localStorage.clear());

    it('uses localStorage by default', () => {
      const storage = new ClientStorage();
      storage.setObject('activeLogin', { accessToken: 'a' });
      expect(localStorage.getItem('activeLogin')).toBe('{"accessToken":"a"}');
      expect(storage.getObject('activeLogin')).toEqual({ accessToken: 'a' });
    });

    it('removes a key set to undefined and reads unreadable JSON as absent', () => {
      const storage = new ClientStorage(new MemoryStorage());
      storage.setString('k', 'v');
      storage.setString('k', undefined);
      expect(storage.getString('k')).toBeUndefined();
      storage.setString('bad', '{oops');
      expect(storage.getObject('bad')).toBeUndefined();
    });
  });
});
