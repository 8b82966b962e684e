import { normalizeErrorString } from '../../fhir/outcomes';
import type { Resource } from '../../fhir/types';
import { TypedEventTarget } from '../events';
import { readResponse } from '../transport';
import { type BackoffOptions, backoffDelay } from './backoff';
import { type OutboxEntry, outboxIdentifierOf } from './outbox-entry';
import type { OfflineStore } from './store';

/** What the outbox tells its listeners. */
export type OutboxEventMap = {
  /** The list changed (an entry was added, started, sent, refused). */
  change: { type: 'change'; entries: readonly OutboxEntry[] };
  /** The server has a write: `entry.result` is what it answered. */
  sent: { type: 'sent'; entry: OutboxEntry };
  /** An update met a newer version on the server (412): both versions, nothing overwritten. */
  conflict: { type: 'conflict'; entry: OutboxEntry; local: Resource; server?: Resource };
  /** The server refused a write for good (a 4xx other than 412); it left the outbox. */
  error: { type: 'error'; entry: OutboxEntry; error: unknown };
};

/** What an outbox needs from the client around it. */
export interface OutboxHost {
  store: OfflineStore;
  /** The login whose writes these are. */
  login: string;
  /** Sends one entry with the session's current token (never stored) and no retries of its own. */
  send(entry: OutboxEntry): Promise<Response>;
  /** The server's current version of a resource, after a 412. */
  readCurrent(resourceType: string, id: string): Promise<Resource | undefined>;
  /** Drops the client's cached copy of a resource, so what shows it reads the server again. */
  invalidate(resourceType: string, id: string): void;
  backoff?: BackoffOptions;
  log(message: string): void;
}

const isUnsent = (entry: OutboxEntry): boolean => entry.state !== 'sent' && entry.state !== 'failed';
/** The resource a write is about, without what the server stamps on it. */
const content = (resource: Resource | undefined): string => JSON.stringify({ ...resource, meta: undefined });

/** True for a create of `resourceType` whose body carries the outbox identifier `key`. */
const isCreateOf = (entry: OutboxEntry, resourceType: string, key: string): boolean =>
  entry.kind === 'create' && entry.resourceType === resourceType && outboxIdentifierOf(entry.body) === key;

/** A queued create turned into an update of the resource the server made from an earlier save (If-Match of its version). */
function asUpdateOf(entry: OutboxEntry, made: Resource): Partial<OutboxEntry> {
  const headers = Object.fromEntries(
    Object.entries(entry.headers).filter(([name]) => !/^(if-none-exist|if-match)$/i.test(name))
  );
  const version = made.meta?.versionId;
  if (version) headers['If-Match'] = `W/"${version}"`;
  const body = entry.body as Resource;
  const { versionId: _none, ...meta } = body.meta ?? {};
  return {
    kind: 'update',
    method: 'PUT',
    url: `${entry.url.replace(/\/$/, '')}/${made.id}`,
    resourceId: made.id,
    headers,
    body: { ...body, id: made.id, meta: version ? { ...meta, versionId: version } : meta },
  };
}

/**
 * One login's writes that could not reach the server, kept in the OfflineStore and sent in the
 * order they were made: at once when asked (flush), on the browser's 'online' event, and on a
 * timer that waits longer after each failure. A network failure, a 429 or a 5xx keeps the entry
 * for the next try; a 412 stops it as a conflict with both versions; any other 4xx drops it with
 * an error event. Sent and refused entries stay in the list (not in the store) so the UI can say so.
 */
export class Outbox extends TypedEventTarget<OutboxEventMap> {
  readonly #host: OutboxHost;
  #entries: OutboxEntry[] = [];
  #flushing?: Promise<void>;
  #timer?: ReturnType<typeof setTimeout>;
  /** Failed tries in a row; each doubles the wait before the next. */
  #failures = 0;
  #closed = false;
  /** Resolves once the entries stored by an earlier page are loaded. */
  readonly ready: Promise<void>;

  constructor(host: OutboxHost) {
    super();
    this.#host = host;
    this.ready = host.store.list<OutboxEntry>(host.login, 'outbox').then((stored) => {
      // A send cut off by a reload never got its answer: it goes again (its conditional headers make that safe).
      const restored = stored.map((entry) =>
        entry.state === 'sending' ? { ...entry, state: 'pending' as const } : entry
      );
      this.#entries = [...restored, ...this.#entries];
      this.#changed();
    });
  }

  /** Every write of this login this page knows: waiting, sending, sent, in conflict or refused, oldest first. */
  list(): readonly OutboxEntry[] {
    return this.#entries;
  }

  /** True while a write has not reached the server (pending, sending or in conflict): ask before signing out. */
  hasPending(): boolean {
    return this.#entries.some(isUnsent);
  }

  /** Calls the listener with the list whenever it changes; answers the unsubscribe function. */
  subscribe(listener: (entries: readonly OutboxEntry[]) => void): () => void {
    const onChange = (event: OutboxEventMap['change']): void => listener(event.entries);
    this.addEventListener('change', onChange);
    return () => this.removeEventListener('change', onChange);
  }

  /**
   * Keeps a write in the store and in the list. A create of a resource this page already sent
   * (same outbox identifier: a draft saved again) goes as an update of it, for the same reason as
   * in #followCreate.
   */
  async add(entry: OutboxEntry): Promise<void> {
    const key = entry.kind === 'create' ? outboxIdentifierOf(entry.body) : undefined;
    const made = key
      ? this.#entries.findLast((e) => e.state === 'sent' && !!e.result?.id && outboxIdentifierOf(e.body) === key)
      : undefined;
    if (made?.result && made.resourceType === entry.resourceType)
      entry = { ...entry, ...asUpdateOf(entry, made.result) };
    this.#entries = [...this.#entries, entry];
    this.#changed();
    await this.#host.store.put(this.#host.login, 'outbox', entry.id, entry);
  }

  /** Drops an entry the user gave up on (a conflict, say) from the store and the list. */
  async discard(id: string): Promise<void> {
    this.#entries = this.#entries.filter((entry) => entry.id !== id);
    this.#changed();
    await this.#host.store.delete(this.#host.login, 'outbox', id);
  }

  /**
   * Replaces the body of a create still waiting to go (state pending), persisted: a draft saved
   * again while offline stays one create. False when that entry is no longer waiting.
   */
  async replace(id: string, body: unknown): Promise<boolean> {
    const entry = this.#entries.find((e) => e.id === id);
    if (!entry || entry.state !== 'pending' || this.#closed) return false;
    await this.#update(entry, { body }, true);
    return true;
  }

  /**
   * Settles a conflict as the user chose. 'mine' sends the local version again over the server's
   * current one (If-Match of its version, so a change made meanwhile conflicts again rather than
   * being overwritten); 'theirs' drops the local version and the client's cached copy, so the
   * view shows the server's. Either way no entry stays in conflict.
   */
  async resolveConflict(id: string, choice: 'mine' | 'theirs'): Promise<void> {
    const entry = this.#entries.find((e) => e.id === id);
    if (!entry || entry.state !== 'conflict') return;
    if (choice === 'theirs') {
      await this.discard(id);
      this.#host.invalidate(entry.resourceType, entry.resourceId as string);
      return;
    }
    const local = (entry.conflict?.local ?? entry.body) as Resource;
    const server =
      entry.conflict?.server ??
      (await this.#host.readCurrent(entry.resourceType, entry.resourceId as string).catch(() => undefined));
    const version = server?.meta?.versionId;
    const headers = { ...entry.headers };
    delete headers['If-Match'];
    // Without a version to match (the server's copy could not be read), the user's choice is sent as is.
    if (version) headers['If-Match'] = `W/"${version}"`;
    const { versionId: _older, ...meta } = local.meta ?? {};
    const body = { ...local, meta: version ? { ...meta, versionId: version } : meta };
    await this.#update(entry, { state: 'pending', attempts: 0, conflict: undefined, headers, body }, true);
    await this.flush();
  }

  /** Sends every waiting write in order; resolves when done or when the network fails again (a retry is then scheduled). */
  flush(): Promise<void> {
    this.#flushing ??= this.ready.then(() => this.#drain()).finally(() => (this.#flushing = undefined));
    return this.#flushing;
  }

  /** Tries again after the current backoff wait, unless a try is already scheduled (a write just failed for lack of network). */
  schedule(): void {
    if (this.#timer || this.#closed) return;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        void this.flush();
      },
      backoffDelay(this.#failures + 1, this.#host.backoff)
    );
  }

  /** Stops sending (sign-out, another login): nothing of this login goes out any more. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#entries = [];
    this.#changed();
  }

  async #drain(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    for (;;) {
      const entry = this.#entries.find((e) => e.state === 'pending');
      if (!entry || this.#closed) return;
      await this.#update(entry, { state: 'sending' });
      let response: Response;
      try {
        response = await this.#host.send(entry);
      } catch (error) {
        // No answer at all (offline, or the answer was lost): the same request goes again later.
        this.#host.log(`Outbox: ${entry.method} ${entry.url} not sent (${normalizeErrorString(error)})`);
        return this.#retryLater(entry);
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel().catch(() => undefined);
        return this.#retryLater(entry);
      }
      await this.#settle(entry, response);
    }
  }

  async #settle(entry: OutboxEntry, response: Response): Promise<void> {
    const { status } = response;
    if (status === 412 && entry.kind === 'update') {
      await response.body?.cancel().catch(() => undefined);
      const local = entry.body as Resource;
      const server = await this.#host
        .readCurrent(entry.resourceType, entry.resourceId as string)
        .catch(() => undefined);
      // Our own update, whose answer was lost, came back as the newer version: it is sent, not a conflict.
      if (server && content(server) === content(local)) return this.#sent(entry, server);
      const conflict = { local, server };
      await this.#update(entry, { state: 'conflict', conflict }, true);
      if (this.#closed) return;
      this.dispatchEvent({ type: 'conflict', entry: this.#find(entry.id), local, server });
      return;
    }
    // A delete replayed after its answer was lost finds the resource gone: that is what it wanted.
    if (entry.kind === 'delete' && (status === 404 || status === 410)) return this.#sent(entry, undefined);
    try {
      const result = await readResponse(response);
      await this.#sent(entry, result?.resourceType ? result : undefined);
    } catch (error) {
      await this.#host.store.delete(this.#host.login, 'outbox', entry.id);
      await this.#update(entry, { state: 'failed', error: normalizeErrorString(error) });
      if (this.#closed) return;
      this.dispatchEvent({ type: 'error', entry: this.#find(entry.id), error });
    }
  }

  async #sent(entry: OutboxEntry, result: Resource | undefined): Promise<void> {
    this.#failures = 0;
    await this.#host.store.delete(this.#host.login, 'outbox', entry.id);
    await this.#update(entry, { state: 'sent', result });
    const version = result?.meta?.versionId;
    if (entry.kind === 'update' && version) await this.#rebase(entry, version);
    if ((entry.kind === 'create' || entry.kind === 'update') && result?.id) await this.#followCreate(entry, result);
    if (this.#closed) return;
    this.dispatchEvent({ type: 'sent', entry: this.#find(entry.id) });
  }

  /** Later updates of the same resource were made over the version this one replaced: they follow its new version. */
  async #rebase(sent: OutboxEntry, version: string): Promise<void> {
    const before = sent.headers['If-Match'];
    for (const entry of this.#entries) {
      if (entry.state !== 'pending' || entry.url !== sent.url || !before || entry.headers['If-Match'] !== before)
        continue;
      const body = entry.body as Resource;
      await this.#update(
        entry,
        {
          headers: { ...entry.headers, 'If-Match': `W/"${version}"` },
          body: { ...body, meta: { ...body.meta, versionId: version } },
        },
        true
      );
    }
  }

  /**
   * A create (or an update of what it made) the server answered with its resource: later saves of
   * the same resource (same outbox identifier) made while it was being sent still wait as creates,
   * and the server would answer them with the resource it already has (a conditional create),
   * dropping their content. They become updates of that resource, over the version it answered.
   */
  async #followCreate(sent: OutboxEntry, result: Resource): Promise<void> {
    const key = outboxIdentifierOf(sent.body);
    if (!key) return;
    for (const entry of this.#entries) {
      if (entry.state === 'pending' && isCreateOf(entry, sent.resourceType, key)) {
        await this.#update(entry, asUpdateOf(entry, result), true);
      }
    }
  }

  async #retryLater(entry: OutboxEntry): Promise<void> {
    this.#failures++;
    await this.#update(entry, { state: 'pending', attempts: entry.attempts + 1 }, true);
    this.schedule();
  }

  #find(id: string): OutboxEntry {
    return this.#entries.find((entry) => entry.id === id) as OutboxEntry;
  }

  async #update(entry: OutboxEntry, change: Partial<OutboxEntry>, persist = false): Promise<void> {
    // A closed outbox (signed out) forgets its entries: an answer that arrives late changes nothing.
    if (this.#closed) return;
    const next = { ...this.#find(entry.id), ...change };
    this.#entries = this.#entries.map((e) => (e.id === entry.id ? next : e));
    this.#changed();
    if (persist && !this.#closed) await this.#host.store.put(this.#host.login, 'outbox', entry.id, next);
  }

  #changed(): void {
    this.dispatchEvent({ type: 'change', entries: this.#entries });
  }
}
