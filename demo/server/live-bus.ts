/**
 * The live bus: carries subscription and FHIRcast events between server processes that share
 * one PostgreSQL, through LISTEN/NOTIFY (no other service). Every process, the sender included,
 * receives each message once from PostgreSQL, so all processes deliver the same way.
 *
 * PGlite runs in one process: there the bus is local (handlers called in process) and resource
 * changes keep going straight to the websocket side, as before.
 *
 * NOTIFY payloads are limited to 8000 bytes. A resource change carries the resource when it
 * fits and only its type and id otherwise (the receiver reads it); a FHIRcast event that does
 * not fit is refused with a clear error.
 */
import type { Resource } from '../../src/fhir/types';
import { badRequestOutcome, OperationOutcomeError } from '../../src/fhir/outcomes';
import type { ServerContext } from './context';

/** A publish/subscribe channel between the server's parts, and between processes on PostgreSQL. */
export interface LiveBus {
  /** True when messages travel between processes (PostgreSQL). */
  readonly distributed: boolean;
  publish(channel: string, message: unknown): void;
  /** Adds a handler for a channel; returns the function that removes it. */
  subscribe(channel: string, handler: (message: unknown) => void): () => void;
  close(): Promise<void>;
}

/** The largest NOTIFY payload PostgreSQL takes is 8000 bytes; this leaves room for the envelope. */
export const MAX_BUS_PAYLOAD = 7800;
/** The channel resource changes travel on. */
export const RESOURCE_CHANGE_CHANNEL = 'resource';

type Handlers = Map<string, Set<(message: unknown) => void>>;

function dispatch(handlers: Handlers, channel: string, message: unknown): void {
  for (const handler of [...(handlers.get(channel) ?? [])]) {
    try {
      handler(message);
    } catch (err) {
      console.error(`[bus] ${channel} handler failed:`, err instanceof Error ? err.message : err);
    }
  }
}

function addHandler(handlers: Handlers, channel: string, handler: (message: unknown) => void): () => void {
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
  let closed = false;
  let listener: import('pg').Client | undefined;
  const publisher = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  publisher.on('error', (err: Error) => console.error('[bus] publisher error:', err.message));

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (note: { channel: string; payload?: string }) => {
      if (note.channel !== channel || !note.payload) return;
      try {
        const { c, m } = JSON.parse(note.payload) as { c: string; m: unknown };
        dispatch(handlers, c, m);
      } catch (err) {
        console.error('[bus] bad notification:', err instanceof Error ? err.message : err);
      }
    });
    client.on('error', (err: Error) => {
      console.error('[bus] listener error:', err.message);
      if (!closed) setTimeout(() => listen().catch((e) => console.error('[bus] relisten failed:', e.message)), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    listener = client;
  };
  await listen();

  return {
    distributed: true,
    publish(busChannel, message) {
      const payload = JSON.stringify({ c: busChannel, m: message });
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
 * sockets hear every write.
 */
export function routeResourceChanges(
  ctx: ServerContext & { addChangeListener(l: ServerContext['onResourceChange']): void },
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
  bus.subscribe(RESOURCE_CHANGE_CHANNEL, (message) => {
    const change = message as ResourceChange;
    if (change.resource) return notify(change.resource, change.action);
    if (change.action === 'delete')
      return notify({ resourceType: change.resourceType, id: change.id } as Resource, 'delete');
    ctx.systemRepo.readResource<Resource>(change.resourceType, change.id).then(
      (resource) => notify(resource, change.action),
      (err: unknown) => console.error('[bus] read for notification failed:', err instanceof Error ? err.message : err)
    );
  });
}
