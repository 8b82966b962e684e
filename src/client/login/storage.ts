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

/** localStorage and sessionStorage as one area: writes go to the one Remember me chose, reads find either. */
class RememberMeArea implements StorageLike {
  remember = true;
  constructor(
    readonly local: StorageLike,
    readonly session: StorageLike
  ) {}
  getItem(key: string): string | null {
    return this.session.getItem(key) ?? this.local.getItem(key);
  }
  setItem(key: string, value: string): void {
    // A value lives in one area only, so a later choice never leaves a stale copy behind.
    (this.remember ? this.session : this.local).removeItem(key);
    (this.remember ? this.local : this.session).setItem(key, value);
  }
  removeItem(key: string): void {
    this.local.removeItem(key);
    this.session.removeItem(key);
  }
  clear(): void {
    this.local.clear();
    this.session.clear();
  }
}

/**
 * Tokens where the user's Remember me choice says: localStorage when on (kept across tabs and
 * restarts), sessionStorage when off (gone when the tab closes). The sign-in and registration
 * steps set the choice before the login starts; a session saved earlier is found in either.
 * Pass it as FhirClient's `storage` option.
 */
export class RememberMeStorage extends ClientStorage {
  private readonly router: RememberMeArea;

  constructor(local: StorageLike = browserArea('localStorage'), session: StorageLike = browserArea('sessionStorage')) {
    const router = new RememberMeArea(local, session);
    super(router);
    this.router = router;
  }

  /** The area writes go to now, so storage events of other tabs can be matched against it. */
  get area(): StorageLike {
    return this.router.remember ? this.router.local : this.router.session;
  }

  /** Chooses where the next login's tokens are kept. */
  setRemember(remember: boolean): void {
    this.router.remember = remember;
  }
}
