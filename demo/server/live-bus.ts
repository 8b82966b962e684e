/**
 * The live bus: carries subscription and FHIRcast events between server processes that share
 * one PostgreSQL, through LISTEN/NOTIFY (no other service). Every process, the sender included,
 * receives each message once from PostgreSQL, so all processes deliver the same way.
 *
 * PGlite runs in one process: there the bus is local (handlers called in process) and resource
 * changes keep going straight to the websocket side, as before.
 *
 * Caches of stored records (tokens, AccessPolicies) hear every other process's writes from the
 * same messages (ServerContext.onRemoteChange), so a revoked login, a sign-out, a password change
 * or a changed policy is refused everywhere within the time NOTIFY takes (milliseconds), not
 * when a cache entry runs out. While the listening connection is down messages may be missed:
 * the caches are emptied when it drops and again once it listens again.
 *
 * NOTIFY payloads are limited to 8000 bytes. A resource change carries the resource when it
 * fits and only its type and id otherwise (the receiver reads it); a FHIRcast event that does
 * not fit is refused with a clear error.
 */
import { randomUUID } from 'node:crypto';
import type { Resource } from '../../src/fhir/types';
import { badRequestOutcome, OperationOutcomeError } from '../../src/fhir/outcomes';
import type { ServerContext } from './context';

/** A publish/subscribe channel between the server's parts, and between processes on PostgreSQL. */
export interface LiveBus {
  /** True when messages travel between processes (PostgreSQL). */
  readonly distributed: boolean;
  publish(channel: string, message: unknown): void;
  /**
   * Adds a handler for a channel; returns the function that removes it. `fromThisProcess` is
   * false for a message another process published.
   */
  subscribe(channel: string, handler: BusHandler): () => void;
  close(): Promise<void>;
}

/** The largest NOTIFY payload PostgreSQL takes is 8000 bytes; this leaves room for the envelope. */
export const MAX_BUS_PAYLOAD = 7800;
/** The channel resource changes travel on. */
export const RESOURCE_CHANGE_CHANNEL = 'resource';
/** Said in process (never sent) when messages from other processes may have been missed. */
export const BUS_GAP_CHANNEL = 'bus-gap';

/** Hears one message of a channel. */
export type BusHandler = (message: unknown, fromThisProcess: boolean) => void;
type Handlers = Map<string, Set<BusHandler>>;

function dispatch(handlers: Handlers, channel: string, message: unknown, fromThisProcess = true): void {
  for (const handler of [...(handlers.get(channel) ?? [])]) {
    try {
      handler(message, fromThisProcess);
    } catch (err) {
      console.error(`[bus] ${channel} handler failed:`, err instanceof Error ? err.message : err);
    }
  }
}

function addHandler(handlers: Handlers, channel: string, handler: BusHandler): () => void {
  let set = handlers.get(channel);
  if (!set) handlers.set(channel, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

/** An in-process bus (PGlite, one process). */
export function createLocalBus(): LiveBus {
  const handlers: Handlers = new Map();
  return {
    distributed: false,
    publish: (channel, message) => dispatch(handlers, channel, message),
    subscribe: (channel, handler) => addHandler(handlers, channel, handler),
    close: async () => handlers.clear(),
  };
}

/** The NOTIFY channel of a schema, so servers on other schemas of the same database stay apart. */
export function busChannelName(schema: string | undefined): string {
  return `fpk_live_${(schema ?? 'public').toLowerCase()}`;
}

/** A bus over PostgreSQL LISTEN/NOTIFY, on a connection of its own that reconnects when dropped. */
export async function createPostgresBus(databaseUrl: string, schema?: string): Promise<LiveBus> {
  if (schema && !/^[a-z_][a-z0-9_]*$/i.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const pg = (await import('pg')).default;
  const channel = busChannelName(schema);
  const handlers: Handlers = new Map();
  // Tells this process's messages from the others' (every process hears its own too).
  const origin = randomUUID();
  let closed = false;
  let listener: import('pg').Client | undefined;
  const publisher = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  publisher.on('error', (err: Error) => console.error('[bus] publisher error:', err.message));

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (note: { channel: string; payload?: string }) => {
      if (note.channel !== channel || !note.payload) return;
      try {
        const { c, m, o } = JSON.parse(note.payload) as { c: string; m: unknown; o?: string };
        dispatch(handlers, c, m, o === origin);
      } catch (err) {
        console.error('[bus] bad notification:', err instanceof Error ? err.message : err);
      }
    });
    let lost = false;
    client.on('error', (err: Error) => {
      console.error('[bus] listener error:', err.message);
      if (lost) return;
      lost = true;
      client.end().catch(() => undefined);
      relisten();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      lost = true;
      await client.end().catch(() => undefined);
      throw err;
    }
    listener = client;
    if (closed) await client.end().catch(() => undefined);
  };
  // Until LISTEN runs again, other processes' messages are lost: say so now and once listening.
  const relisten = (): void => {
    if (closed) return;
    dispatch(handlers, BUS_GAP_CHANNEL, undefined);
    setTimeout(() => {
      if (closed) return;
      listen().then(
        () => dispatch(handlers, BUS_GAP_CHANNEL, undefined),
        (err: Error) => {
          console.error('[bus] relisten failed:', err.message);
          relisten();
        }
      );
    }, 1000);
  };
  await listen();

  return {
    distributed: true,
    publish(busChannel, message) {
      const payload = JSON.stringify({ c: busChannel, m: message, o: origin });
      if (Buffer.byteLength(payload) > MAX_BUS_PAYLOAD) {
        throw new OperationOutcomeError(
          badRequestOutcome(`Event too large to share between server processes (limit ${MAX_BUS_PAYLOAD} bytes)`)
        );
      }
      publisher
        .query('SELECT pg_notify($1, $2)', [channel, payload])
        .catch((err: Error) => console.error('[bus] notify failed:', err.message));
    },
    subscribe: (busChannel, handler) => addHandler(handlers, busChannel, handler),
    async close() {
      closed = true;
      handlers.clear();
      await listener?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}

/** The bus for a server: PostgreSQL's when there is a database URL, else in process. */
export function openLiveBus(databaseUrl: string | undefined, schema?: string): Promise<LiveBus> {
  return databaseUrl ? createPostgresBus(databaseUrl, schema) : Promise.resolve(createLocalBus());
}

interface ResourceChange {
  action: 'create' | 'update' | 'delete';
  resourceType: string;
  id: string;
  resource?: Resource;
}

/**
 * Feeds committed writes to `notify` (the websocket side). On a local bus they go straight
 * there, as before; on a distributed bus they go through PostgreSQL so every process's
 * sockets hear every write, and every process's caches hear the others' writes.
 */
export function routeResourceChanges(
  ctx: ServerContext,
  bus: LiveBus,
  notify: (resource: Resource, action: 'create' | 'update' | 'delete') => void
): void {
  if (!bus.distributed) {
    ctx.addChangeListener(notify);
    return;
  }
  ctx.addChangeListener((resource, action) => {
    if (!resource?.id) return;
    const change: ResourceChange = { action, resourceType: resource.resourceType, id: resource.id, resource };
    try {
      bus.publish(RESOURCE_CHANGE_CHANNEL, change);
    } catch {
      // Too large for NOTIFY: the receivers read it by id.
      bus.publish(RESOURCE_CHANGE_CHANNEL, { action, resourceType: resource.resourceType, id: resource.id });
    }
  });
  bus.subscribe(BUS_GAP_CHANNEL, () => ctx.onRemoteChange({ everything: true }));
  bus.subscribe(RESOURCE_CHANGE_CHANNEL, (message, fromThisProcess) => {
    const change = message as ResourceChange;
    // This process's caches heard its own writes at commit.
    if (!fromThisProcess) ctx.onRemoteChange({ resourceType: change.resourceType, id: change.id });
    if (change.resource) return notify(change.resource, change.action);
    if (change.action === 'delete')
      return notify({ resourceType: change.resourceType, id: change.id } as Resource, 'delete');
    ctx.systemRepo.readResource<Resource>(change.resourceType, change.id).then(
      (resource) => notify(resource, change.action),
      (err: unknown) => console.error('[bus] read for notification failed:', err instanceof Error ? err.message : err)
    );
  });
}
