import { ACTIVE_LOGIN_KEY } from '../session';
import { ClientStorage, MemoryStorage, type StorageLike } from '../storage';

export { ACTIVE_LOGIN_KEY };

/** Where a client keeps its active login and login list (the shape of FhirClient's ClientStorage). */
export interface TokenStorage {
  getString(key: string): string | undefined;
  setString(key: string, value: string | undefined): void;
  getObject<T>(key: string): T | undefined;
  setObject<T>(key: string, value: T | undefined): void;
  /** Forgets everything this storage holds. */
  clear(): void;
}

function browserArea(name: 'localStorage' | 'sessionStorage'): StorageLike {
  try {
    const area = (globalThis as Record<string, unknown>)[name] as StorageLike | undefined;
    if (area) return area;
  } catch {
    // Storage disabled by the browser (privacy mode, sandboxed frame): keep tokens in memory instead.
  }
  return new MemoryStorage();
}

/** A ClientStorage that also says which storage area it writes to, so storage events can be matched. */
export class AreaClientStorage extends ClientStorage {
  constructor(readonly area: StorageLike) {
    super(area);
  }
}

/** Tokens in memory only: gone on reload. */
export class MemoryTokenStorage extends AreaClientStorage {
  constructor() {
    super(new MemoryStorage());
  }
}

/** Tokens in sessionStorage: kept across reloads of this tab, gone when the tab closes ('Remember me' off). */
export class BrowserSessionStorage extends AreaClientStorage {
  constructor() {
    super(browserArea('sessionStorage'));
  }
}

/** Tokens in localStorage: kept across tabs and browser restarts ('Remember me' on). */
export class BrowserLocalStorage extends AreaClientStorage {
  constructor() {
    super(browserArea('localStorage'));
  }
}

/**
 * Where tokens go: memory when asked, else by the Remember me choice — localStorage when on,
 * sessionStorage when off. Pass the result as FhirClient's `storage` option.
 */
export function chooseTokenStorage(choice: { remember?: boolean; memory?: boolean }): AreaClientStorage {
  if (choice.memory) return new MemoryTokenStorage();
  return choice.remember ? new BrowserLocalStorage() : new BrowserSessionStorage();
}
