import { OperationOutcomeError, normalizeErrorString } from '../../fhir/outcomes';
import type { Bundle, Resource } from '../../fhir/types';
import type { FhirClientEventMap } from '../events';
import type { LoginState } from '../session';
import { type RequestOptions, readResponse } from '../transport';
import type { BackoffOptions } from './backoff';
import { guardedStore } from './guarded-store';
import { outboxKey, randomUuid } from './ids';
import { Outbox } from './outbox';
import { type OutboxEntry, outboxIdentifierOf as outboxIdentifier, prepareWrite } from './outbox-entry';
import type { OfflineStore } from './store';

/** The FhirClient option that turns on offline use (opt in). */
export interface OfflineOptions {
  /** Where reads and the outbox are kept: createIndexedDbStore() in a browser, createMemoryStore() elsewhere. */
  store: OfflineStore;
  /** The outbox's waits between tries after a failure (default 1 s doubling up to 60 s). */
  backoff?: BackoffOptions;
}

/** What the offline layer needs of the client: its public session methods and the raw request pipeline. */
export interface OfflineClient {
  getBaseUrl(): string;
  getFhirBaseUrl(): string;
  getActiveLogin(): LoginState | undefined;
  getLogins(): LoginState[];
  getAccessToken(): string | undefined;
  getInitPromise(): Promise<void>;
  invalidateAll(): void;
  invalidateUrl(url: string): void;
  addEventListener<K extends keyof FhirClientEventMap>(type: K, listener: (event: FhirClientEventMap[K]) => void): void;
}

/** The client's request pipeline (session, 401 refresh) answering the Response itself, whatever its status. */
export type RawSend = (
  method: string,
  href: string,
  options: RequestOptions,
  body?: unknown,
  contentType?: string
) => Promise<Response>;

/** A read kept on the device. */
interface StoredRead {
  value: unknown;
  storedAt: string;
}

/** True for a failure with no answer from the server: fetch threw (offline, DNS, connection reset). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof OperationOutcomeError && error.outcome.issue?.[0]?.code === 'transient';
}

const UNSENT = new Set(['pending', 'sending', 'conflict']);

const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The client's offline part, loaded only when the offline option is given. Reads of the FHIR
 * base (and auth/me) are kept in the store under the active login and answered from there,
 * marked stale, when the network fails or the browser is offline. Resource writes are made
 * idempotent (prepareWrite) and, when they fail for lack of network, kept in the login's Outbox
 * and sent later in order. A login's data lives while the client's storage holds that login:
 * signing out or clearing wipes it, and so does a 401 that ends the session; at start, data of
 * any login the storage no longer holds (a 'Remember me' off session that ended) is wiped.
 */
export class OfflineLayer {
  readonly #client: OfflineClient;
  readonly #send: RawSend;
  readonly #store: OfflineStore;
  readonly #options: OfflineOptions;
  readonly #log: (message: string) => void;
  readonly #stale = new WeakSet<object>();
  /** The outbox entry id of each value a queued write answered. */
  readonly #queued = new WeakMap<object, string>();
  #servedStale = false;
  #networkDown = false;
  #login?: string;
  /** The login that just ended, when none followed: a 401 may end it before the request that got the 401 says so. */
  #ended?: string;
  #outbox?: Outbox;
  #work: Promise<unknown> = Promise.resolve();

  constructor(client: OfflineClient, options: OfflineOptions, send: RawSend, log: (message: string) => void) {
    this.#client = client;
    this.#options = options;
    this.#send = send;
    this.#log = log;
    this.#store = guardedStore(options.store, () => client.getAccessToken());
    client.addEventListener('change', () => this.#loginChanged());
    if (typeof window !== 'undefined') window.addEventListener('online', () => this.#backOnline());
    this.#queue(client.getInitPromise().then(() => this.#prune()));
    this.#loginChanged();
  }

  /** The active login's outbox; undefined while nobody is signed in. */
  get outbox(): Outbox | undefined {
    return this.#outbox;
  }

  /** True when this answer came from the device, not the server (the network failed or the browser is offline). */
  isStale(value: unknown): boolean {
    if (typeof value !== 'object' || value === null) return false;
    return this.#stale.has(value) || this.#stale.has((value as { bundle?: object }).bundle ?? value);
  }

  /**
   * The outbox entry of a value a write answered while it could not be sent: by the object itself,
   * and for a create by its outbox identifier, so a copy (or the draft re-read after a reload) matches too.
   */
  queuedEntry(value: unknown): OutboxEntry | undefined {
    const entries = this.#outbox?.list();
    if (!entries || typeof value !== 'object' || value === null) return undefined;
    const id = this.#queued.get(value);
    const byObject = id ? entries.find((entry) => entry.id === id) : undefined;
    if (byObject) return byObject;
    const identifier = outboxIdentifier(value);
    if (!identifier) return undefined;
    // The newest write with that identifier: an older one may have been sent before a later save,
    // which may have become an update of what the first made (Outbox#followCreate).
    return entries.findLast(
      (entry) => (entry.kind === 'create' || entry.kind === 'update') && outboxIdentifier(entry.body) === identifier
    );
  }

  /** True while the write that answered this value has not reached the server (pending, sending, in conflict). */
  isQueued(value: unknown): boolean {
    const state = this.queuedEntry(value)?.state;
    return !!state && UNSENT.has(state);
  }

  /** True while the browser says it is offline or the last request found no network. */
  isOffline(): boolean {
    return browserOffline() || this.#networkDown;
  }

  /** Resolves once the store work started so far (a wipe, say) is done. */
  settled(): Promise<void> {
    return this.#work.then(() => undefined);
  }

  /** The key of a login in the store: the server and the profile, never a token. */
  loginKey(login: LoginState | undefined = this.#client.getActiveLogin()): string | undefined {
    const profile = login?.profile?.reference;
    return profile ? `${this.#client.getBaseUrl()} ${profile}` : undefined;
  }

  /** Answers a GET from the server and keeps it; from the store, marked stale, when there is no network. */
  async read<T>(href: string, send: () => Promise<T>): Promise<T> {
    const login = this.#login;
    const kept =
      login && (href.startsWith(this.#client.getFhirBaseUrl()) || href === this.#client.getBaseUrl() + 'auth/me');
    if (!login || !kept) return send();
    if (browserOffline()) {
      const stored = await this.#fromStore<T>(login, href);
      if (stored !== undefined) return stored;
    }
    let value: T;
    try {
      value = await send();
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      this.#networkDown = true;
      const stored = await this.#fromStore<T>(login, href);
      if (stored === undefined) throw error;
      return stored;
    }
    this.#reachedServer();
    if (this.#login === login) {
      const entry: StoredRead = { value, storedAt: new Date().toISOString() };
      await this.#store
        .put(login, 'reads', href, entry)
        .catch((error) => this.#log(`Not kept offline: ${normalizeErrorString(error)}`));
    }
    return value;
  }

  /**
   * Sends a write. A resource write goes out idempotent (identifier + If-None-Exist on a create,
   * If-Match on an update); when it finds no network, or earlier writes still wait, it joins the
   * outbox and the call answers what was written, as it will be sent. Anything else is sent as it is.
   */
  async write(
    method: string,
    href: string,
    options: RequestOptions,
    body?: unknown,
    contentType?: string
  ): Promise<unknown> {
    const outbox = this.#outbox;
    const prepared =
      outbox &&
      prepareWrite(
        { method, href, headers: options.headers, body, contentType },
        this.#client.getFhirBaseUrl(),
        randomUuid
      );
    if (!outbox || !prepared) return readResponse(await this.#send(method, href, options, body, contentType));
    await outbox.ready;
    const waiting = outbox.list().some((entry) => entry.state === 'pending' || entry.state === 'sending');
    if (!waiting && !browserOffline()) {
      try {
        const response = await this.#send(
          method,
          href,
          { ...options, headers: prepared.headers },
          prepared.body,
          contentType
        );
        this.#reachedServer();
        return await readResponse(response);
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        this.#networkDown = true;
      }
    }
    const answer = prepared.body === undefined ? undefined : structuredClone(prepared.body);
    // The same draft saved again before its create went out: the waiting create takes the new body.
    const identifier = prepared.kind === 'create' ? outboxIdentifier(prepared.body) : undefined;
    // It may already have become an update of what an earlier save created (Outbox#followCreate): it keeps that id and version.
    const earlier = identifier
      ? outbox
          .list()
          .find(
            (entry) =>
              (entry.kind === 'create' || entry.kind === 'update') &&
              entry.state === 'pending' &&
              entry.resourceType === prepared.resourceType &&
              outboxIdentifier(entry.body) === identifier
          )
      : undefined;
    const replacement =
      earlier?.kind === 'update'
        ? { ...(prepared.body as Resource), id: earlier.resourceId, meta: (earlier.body as Resource | undefined)?.meta }
        : prepared.body;
    if (earlier && (await outbox.replace(earlier.id, replacement))) return this.#answer(answer, earlier.id);
    const entry: OutboxEntry = {
      id: outboxKey(),
      kind: prepared.kind,
      method,
      url: href,
      resourceType: prepared.resourceType,
      resourceId: prepared.resourceId,
      headers: prepared.headers,
      body: prepared.body,
      contentType,
      state: 'pending',
      attempts: 0,
      queuedAt: new Date().toISOString(),
    };
    await outbox.add(entry);
    // Behind earlier writes while online: send in order now; offline, the 'online' event or the retry timer will.
    if (this.isOffline()) outbox.schedule();
    else void outbox.flush();
    return this.#answer(answer, entry.id);
  }

  #answer(value: unknown, id: string): unknown {
    if (typeof value === 'object' && value !== null) this.#queued.set(value, id);
    return value;
  }

  /** A 401 ended the session: the server no longer accepts this login, so its data leaves the device. */
  revoked(): void {
    const login = this.#login ?? this.#ended;
    this.#ended = undefined;
    if (login) this.#wipe(login);
  }

  async #fromStore<T>(login: string, href: string): Promise<T | undefined> {
    const stored = await this.#store.get<StoredRead>(login, 'reads', href).catch(() => undefined);
    if (!stored) return undefined;
    const value = stored.value;
    if (typeof value === 'object' && value !== null) {
      this.#stale.add(value);
      for (const entry of (value as Bundle).entry ?? []) if (entry.resource) this.#stale.add(entry.resource);
    }
    this.#servedStale = true;
    return value as T;
  }

  /**
   * A request got an answer. After a failure the browser never reported (a server down, a dropped
   * connection, a captive portal: no 'offline' event, so no 'online' either), this is how the
   * layer learns the network is back: it sends what waits as the 'online' event would.
   */
  #reachedServer(): void {
    if (this.#networkDown) this.#backOnline();
  }

  #backOnline(): void {
    this.#networkDown = false;
    void this.#outbox?.flush();
    // Answers served from the device are dropped from memory, so what shows them reads the server again.
    if (this.#servedStale) {
      this.#servedStale = false;
      this.#client.invalidateAll();
    }
  }

  #loginChanged(): void {
    const key = this.loginKey();
    if (key === this.#login) return;
    const previous = this.#login;
    this.#outbox?.close();
    this.#ended = key ? undefined : previous;
    this.#login = key;
    this.#outbox = key ? this.#newOutbox(key) : undefined;
    // Signed out or cleared: the storage no longer holds that login, so neither does the device.
    if (previous && !this.#client.getLogins().some((login) => this.loginKey(login) === previous)) this.#wipe(previous);
  }

  #newOutbox(login: string): Outbox {
    const outbox = new Outbox({
      store: this.#store,
      login,
      backoff: this.#options.backoff,
      log: this.#log,
      // An answer (whatever its status) means the network is back, though the browser may never have said it was gone.
      send: async (entry) => {
        try {
          const response = await this.#send(
            entry.method,
            entry.url,
            { headers: entry.headers, maxRetries: 0 },
            entry.body,
            entry.contentType
          );
          this.#networkDown = false;
          return response;
        } catch (error) {
          if (isNetworkFailure(error)) this.#networkDown = true;
          throw error;
        }
      },
      invalidate: (resourceType, id) =>
        this.#client.invalidateUrl(`${this.#client.getFhirBaseUrl()}${resourceType}/${id}`),
      readCurrent: async (resourceType, id) => {
        const href = `${this.#client.getFhirBaseUrl()}${resourceType}/${id}`;
        const response = await this.#send('GET', href, { maxRetries: 0 });
        return (await readResponse(response)) as Resource;
      },
    });
    outbox.ready
      .then(() => {
        if (outbox.hasPending() && !this.isOffline()) return outbox.flush();
      })
      .catch((error) => this.#log(`Outbox: ${normalizeErrorString(error)}`));
    return outbox;
  }

  #wipe(login: string): void {
    if (login === this.#login) {
      this.#outbox?.close();
      this.#outbox = undefined;
      this.#login = undefined;
    }
    this.#queue(this.#store.clear(login).then(() => this.#destroyIfEmpty()));
  }

  /** Once no login has anything stored (the last one signed out), the storage itself goes: nothing is left on the device. */
  async #destroyIfEmpty(): Promise<void> {
    if (!this.#store.destroy || this.#login) return;
    if ((await this.#store.logins()).length === 0) await this.#store.destroy();
  }

  /** At start: wipes every login the client's storage no longer holds. */
  async #prune(): Promise<void> {
    const kept = new Set(this.#client.getLogins().map((login) => this.loginKey(login)));
    const active = this.loginKey();
    if (active) kept.add(active);
    const stored = await this.#store.logins();
    for (const login of stored) if (!kept.has(login)) await this.#store.clear(login);
    if (stored.some((login) => !kept.has(login))) await this.#destroyIfEmpty();
  }

  #queue(work: Promise<unknown>): void {
    this.#work = this.#work
      .then(() => work)
      .catch((error) => this.#log(`Offline store: ${normalizeErrorString(error)}`));
  }
}
