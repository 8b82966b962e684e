// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenForSignOutInOtherTabs } from './crossTab';
import {
  BrowserLocalStorage,
  BrowserSessionStorage,
  chooseTokenStorage,
  MemoryTokenStorage,
  AreaClientStorage,
  RememberMeStorage,
} from './storage';
import { ClientStorage, MemoryStorage } from '../storage';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('token storage', () => {
  it('chooses sessionStorage when Remember me is off, localStorage when on, memory on request', () => {
    const session = chooseTokenStorage({ remember: false });
    const local = chooseTokenStorage({ remember: true });
    const memory = chooseTokenStorage({ memory: true });
    expect(session).toBeInstanceOf(BrowserSessionStorage);
    expect(local).toBeInstanceOf(BrowserLocalStorage);
    expect(memory).toBeInstanceOf(MemoryTokenStorage);
    // Each is a ClientStorage, so it plugs into new FhirClient({ storage }).
    expect(session).toBeInstanceOf(ClientStorage);
    session.setObject('activeLogin', { accessToken: 'S' });
    local.setObject('activeLogin', { accessToken: 'L' });
    memory.setObject('activeLogin', { accessToken: 'M' });
    expect(sessionStorage.getItem('activeLogin')).toBe('{"accessToken":"S"}');
    expect(localStorage.getItem('activeLogin')).toBe('{"accessToken":"L"}');
    expect(memory.getObject('activeLogin')).toEqual({ accessToken: 'M' });
  });

  it('removes a key set to undefined and survives bad JSON', () => {
    const storage = new BrowserLocalStorage();
    storage.setString('x', '1');
    storage.setString('x', undefined);
    expect(localStorage.getItem('x')).toBeNull();
    localStorage.setItem('y', '{bad');
    expect(storage.getObject('y')).toBeUndefined();
  });
});

describe('listenForSignOutInOtherTabs', () => {
  function fire(init: StorageEventInit) {
    window.dispatchEvent(new StorageEvent('storage', init));
  }

  it('clears the client, without a reload, when another tab removes activeLogin', () => {
    const storage = new AreaClientStorage(localStorage);
    const client = { clear: vi.fn(), getAccessToken: () => 'A' };
    const stop = listenForSignOutInOtherTabs(client, storage);
    fire({ key: 'activeLogin', oldValue: '{}', newValue: '{"accessToken":"B"}', storageArea: localStorage });
    expect(client.clear).not.toHaveBeenCalled();
    fire({ key: 'activeLogin', oldValue: '{}', newValue: null, storageArea: localStorage });
    expect(client.clear).toHaveBeenCalledTimes(1);
    stop();
    fire({ key: 'activeLogin', oldValue: '{}', newValue: null, storageArea: localStorage });
    expect(client.clear).toHaveBeenCalledTimes(1);
  });

  it('prefers clearActiveLogin, which keeps the login list', () => {
    const client = { clear: vi.fn(), clearActiveLogin: vi.fn(), getAccessToken: () => 'A' };
    const stop = listenForSignOutInOtherTabs(client, new AreaClientStorage(localStorage));
    fire({ key: 'activeLogin', newValue: null, storageArea: localStorage });
    expect(client.clearActiveLogin).toHaveBeenCalledTimes(1);
    expect(client.clear).not.toHaveBeenCalled();
    stop();
  });

  it('treats a cleared storage as a sign-out, and ignores other areas and already signed-out clients', () => {
    const storage = new AreaClientStorage(localStorage);
    let active: string | undefined = 'A';
    const client = { clear: vi.fn(() => (active = undefined)), getAccessToken: () => active };
    const stop = listenForSignOutInOtherTabs(client, storage);
    fire({ key: 'activeLogin', newValue: null, storageArea: sessionStorage });
    expect(client.clear).not.toHaveBeenCalled();
    fire({ key: null, storageArea: localStorage });
    expect(client.clear).toHaveBeenCalledTimes(1);
    fire({ key: null, storageArea: localStorage });
    expect(client.clear).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('RememberMeStorage', () => {
  it('keeps tokens in sessionStorage when Remember me is off and in localStorage when on', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    const storage = new RememberMeStorage(local, session);
    storage.setRemember(false);
    storage.setString('activeLogin', 'session-login');
    expect(session.getItem('activeLogin')).toBe('session-login');
    expect(local.getItem('activeLogin')).toBeNull();
    expect(storage.area).toBe(session);

    storage.setRemember(true);
    storage.setString('activeLogin', 'local-login');
    expect(local.getItem('activeLogin')).toBe('local-login');
    expect(session.getItem('activeLogin')).toBeNull();
    expect(storage.getString('activeLogin')).toBe('local-login');
  });

  it('finds a login saved earlier in either area', () => {
    const local = new MemoryStorage();
    local.setItem('activeLogin', 'remembered');
    expect(new RememberMeStorage(local, new MemoryStorage()).getString('activeLogin')).toBe('remembered');
  });
});
