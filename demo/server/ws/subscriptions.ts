/**
 * Websocket subscriptions at /ws/subscriptions-r4 (client-layer.md section 7, Live).
 * A socket binds to Subscriptions with tokens from $get-ws-binding-token (each token works
 * once); every committed write is offered to notify(), which sends a history Bundle to each
 * socket whose bound, active Subscription matches the resource and whose owner may read it.
 * A socket that has not bound yet is anonymous: each address may hold a few, and each must
 * bind within a deadline or it is closed. A bound socket is its user's: each user may hold a
 * few, so one member cannot hold the server's sockets (nor the work each write costs per socket).
 *
 * Matching runs the criteria through the library's matcher (src/fhir/match.ts, as the client
 * and access policies do), then the owner's repository reads the resource: the access decision
 * (access/decide.ts) with their project, compartment, scopes and AccessPolicy, and what is sent
 * is that read, masked with their policy. Criteria that search by a field their policy hides
 * notify nothing, as such a search is refused. Deletes are not sent: a deleted resource can no
 * longer be access-checked.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import type { Bundle, Resource, Subscription } from '../../../src/fhir/types';
import type { RequestAuth } from '../core/request-auth';
import type { ServerContext } from '../context';
import { isJsonObject } from '../core/stored-resource';
import { errorOutcome, isOperationOutcomeError } from '../../../src/fhir/outcomes';
import { decideAccess } from '../access/decide';
import { withAccessPolicy } from '../access/member-policy';
import { hiddenSearchCode } from '../access/search-fields';
import { authForMembership } from '../access/membership-caller';
import {
  refId,
  type LoginRecord,
  type MembershipRecord,
  type SubscriptionBindingRecord,
} from '../core/account-records';
import { spendOnce } from '../db/spent-tokens';
import { whoOf, writeAccessLog, type AccessLogEntry, type AccessLogSink } from '../http/access-log';
import { matchesCriteria, parseCriteria, type ParsedCriteria } from './criteria';

/** The websocket path. */
export const SUBSCRIPTIONS_WS_PATH = '/ws/subscriptions-r4';

interface Binding {
  token: string;
  subscriptionId: string;
  criteria: ParsedCriteria;
  auth: RequestAuth;
  eventCount: number;
}

interface Client {
  socket: WebSocket;
  bindings: Map<string, Binding>; // by subscription id
  address: string;
  /** Set once a token bound: the socket then belongs to a signed-in user. */
  bound: boolean;
  /** The user of the first token bound: whose maxBoundPerUser the socket counts against. */
  user?: string;
  deadline?: ReturnType<typeof setTimeout>;
}

/** Limits on sockets that have not bound a subscription yet. */
export interface SocketLimits {
  /** Unbound sockets one client address may hold at once (default 10); more are refused with 429. */
  maxUnboundPerAddress: number;
  /** Unbound sockets the server holds at once, all addresses together (default 1,000). */
  maxUnbound: number;
  /** A socket must bind within this time (default 30 s) or it is closed (1008). */
  bindDeadlineMs: number;
  /**
   * Bound sockets one user may hold at once (default 32: a tab each, with room to spare); a bind
   * past it is refused and the socket closed (1008), so one member cannot hold the server's sockets.
   */
  maxBoundPerUser: number;
}

/** The defaults of SocketLimits. */
export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  maxUnboundPerAddress: 10,
  maxUnbound: 1000,
  bindDeadlineMs: 30_000,
  maxBoundPerUser: 32,
};

/** Options of the websocket endpoint. */
export interface SubscriptionSocketOptions {
  limits?: Partial<SocketLimits>;
  /** Where binds and refusals are logged (the HTTP access log's sink). */
  accessLog?: AccessLogSink;
}

function send(socket: WebSocket, message: unknown): void {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function sendError(socket: WebSocket, text: string): void {
  send(socket, { type: 'error', payload: errorOutcome(text, 'processing') });
}

/**
 * The SubscriptionStatus of the R4 backport (R4B's resource, which R4's types do not hold): the
 * first entry of every message a bound socket receives.
 */
interface SubscriptionStatus {
  resourceType: 'SubscriptionStatus';
  status: 'active';
  type: 'handshake' | 'event-notification';
  eventsSinceSubscriptionStart: string;
  subscription: { reference: string };
  notificationEvent?: { eventNumber: string; timestamp: string; focus: { reference: string } }[];
}

/** A notification Bundle: the status first, then the resource that changed. */
type NotificationBundle = Bundle<SubscriptionStatus | Resource>;

/** A SubscriptionStatus-like first entry (R4 backport shape). */
function statusEntry(
  binding: Binding,
  type: 'handshake' | 'event-notification',
  focus?: Resource
): { resource: SubscriptionStatus } {
  return {
    resource: {
      resourceType: 'SubscriptionStatus',
      status: 'active',
      type,
      eventsSinceSubscriptionStart: String(binding.eventCount),
      subscription: { reference: `Subscription/${binding.subscriptionId}` },
      ...(focus
        ? {
            notificationEvent: [
              {
                eventNumber: String(binding.eventCount),
                timestamp: new Date().toISOString(),
                focus: { reference: `${focus.resourceType}/${focus.id}` },
              },
            ],
          }
        : {}),
    },
  };
}

/** Starts the websocket endpoint on the HTTP server; notify() feeds it committed writes. */
export function attachSubscriptionSocket(
  httpServer: Server,
  ctx: ServerContext,
  options: SubscriptionSocketOptions = {}
): { notify(resource: Resource, action: 'create' | 'update' | 'delete'): void; close(): Promise<void> } {
  const limits: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...options.limits };
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const clients = new Set<Client>();
  /** Unbound sockets by client address. */
  const unbound = new Map<string, number>();
  let unboundTotal = 0;
  const log = (entry: Omit<AccessLogEntry, 'time' | 'kind'>) =>
    writeAccessLog(options.accessLog, { time: new Date().toISOString(), kind: 'ws', ...entry });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== SUBSCRIPTIONS_WS_PATH) {
      // Leave other paths to other upgrade listeners; refuse when there are none.
      if (httpServer.listenerCount('upgrade') <= 1) {
        socket.write('HTTP/1.1 404 Not Found\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n');
        socket.destroy();
      }
      return;
    }
    const address = req.socket.remoteAddress ?? 'unknown';
    if ((unbound.get(address) ?? 0) >= limits.maxUnboundPerAddress || unboundTotal >= limits.maxUnbound) {
      const retryAfter = Math.ceil(limits.bindDeadlineMs / 1000);
      socket.write(
        `HTTP/1.1 429 Too Many Requests\r\nRetry-After: ${retryAfter}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n`
      );
      socket.destroy();
      log({ event: 'refused', status: 429, who: 'anonymous', address });
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
  httpServer.on('upgrade', onUpgrade);

  function countUnbound(address: string, delta: 1 | -1): void {
    const n = (unbound.get(address) ?? 0) + delta;
    if (n > 0) unbound.set(address, n);
    else unbound.delete(address);
    unboundTotal += delta;
  }

  /** The first successful bind: the socket is no longer anonymous. */
  function markBound(client: Client): void {
    if (client.bound) return;
    client.bound = true;
    clearTimeout(client.deadline);
    countUnbound(client.address, -1);
  }

  wss.on('connection', (socket: WebSocket, req: IncomingMessage) => {
    const address = req.socket.remoteAddress ?? 'unknown';
    const client: Client = { socket, bindings: new Map(), address, bound: false };
    clients.add(client);
    countUnbound(address, 1);
    client.deadline = setTimeout(() => {
      if (client.bound) return;
      log({ event: 'unbound-timeout', who: 'anonymous', address });
      socket.close(1008, 'No subscription bound in time');
      // A peer that ignores the close handshake is cut off.
      setTimeout(() => socket.terminate(), 5_000).unref();
    }, limits.bindDeadlineMs);
    client.deadline.unref?.();
    socket.on('message', (data: RawData) => {
      handleMessage(client, data).catch((err) => {
        console.error('[ws] message failed:', err instanceof Error ? err.message : err);
        sendError(socket, 'Internal server error');
      });
    });
    socket.on('close', () => {
      clients.delete(client);
      if (!client.bound) {
        clearTimeout(client.deadline);
        countUnbound(address, -1);
      }
    });
    socket.on('error', (err) => console.error('[ws] socket error:', err.message));
  });

  function refuseBind(client: Client, text: string): void {
    log({ event: 'bind-refused', who: 'anonymous', address: client.address });
    sendError(client.socket, text);
  }

  async function bind(client: Client, token: unknown): Promise<void> {
    if (typeof token !== 'string' || !token || token.length > 256) return refuseBind(client, 'Missing token');
    const record = await ctx.systemRepo.searchOne<SubscriptionBindingRecord>('SubscriptionBinding', { token });
    if (!record || record.token !== token || Date.parse(record.expires) < Date.now())
      return refuseBind(client, 'Invalid or expired token');
    // Single use: of two sockets presenting one token, only the first binds.
    if (!(await spendOnce(ctx.db, 'ws-binding', token, new Date(record.expires))))
      return refuseBind(client, 'Invalid or expired token');
    const login = await ctx.systemRepo.readResource<LoginRecord>('Login', refId(record.login)!).catch(() => undefined);
    if (!login || login.revoked) return refuseBind(client, 'Invalid or expired token');
    const membership = await ctx.systemRepo.readResource<MembershipRecord>(
      'ProjectMembership',
      refId(record.membership)!
    );
    const auth = await authForMembership(ctx, login, membership);
    const subscriptionId = refId(record.subscription)!;
    const subscription = await ctx.systemRepo
      .withAuth(await withAccessPolicy(ctx, auth))
      .readResource<Subscription>('Subscription', subscriptionId)
      .catch(() => undefined);
    if (!subscription || subscription.status !== 'active')
      return sendError(client.socket, 'Subscription is not active');
    const criteria = parseCriteria(subscription.criteria);
    if (!criteria) return sendError(client.socket, 'Invalid subscription criteria');
    if (!client.bound) {
      // Counted here, after the last await, so binds that raced cannot pass the cap together.
      let held = 0;
      for (const other of clients) if (other.bound && other.user === auth.user) held++;
      if (held >= limits.maxBoundPerUser) {
        log({ event: 'refused', status: 429, ...whoOf(auth), address: client.address });
        sendError(client.socket, 'Too many live sockets for this user');
        client.socket.close(1008, 'Too many live sockets for this user');
        return;
      }
      client.user = auth.user;
    }
    const binding: Binding = { token, subscriptionId, criteria, auth, eventCount: 0 };
    client.bindings.set(subscriptionId, binding);
    markBound(client);
    log({ event: 'bind', resourceType: 'Subscription', id: subscriptionId, ...whoOf(auth), address: client.address });
    const handshake: NotificationBundle = {
      resourceType: 'Bundle',
      type: 'history',
      timestamp: new Date().toISOString(),
      entry: [statusEntry(binding, 'handshake')],
    };
    send(client.socket, handshake);
  }

  async function handleMessage(client: Client, data: RawData): Promise<void> {
    let message: unknown;
    try {
      message = JSON.parse(data.toString());
    } catch {
      return sendError(client.socket, 'Invalid message');
    }
    // Anything may arrive: read the type and the token only where they are what they claim.
    const { type, payload } = isJsonObject(message) ? message : {};
    const token = isJsonObject(payload) ? payload.token : undefined;
    switch (type) {
      case 'ping':
        return send(client.socket, { type: 'pong' });
      case 'bind-with-token':
        return bind(client, token);
      case 'unbind-from-token': {
        for (const [id, binding] of client.bindings) if (binding.token === token) client.bindings.delete(id);
        return;
      }
      default:
        return sendError(client.socket, 'Unknown message type');
    }
  }

  /** The resource as the binding's owner may see it, when it matches; undefined otherwise. */
  async function shownTo(binding: Binding, resource: Resource): Promise<Resource | undefined> {
    if (!matchesCriteria(binding.criteria, resource)) return undefined;
    // Loaded at each delivery (the loader caches), so a changed policy applies to open sockets.
    const owner = await withAccessPolicy(ctx, binding.auth);
    const decision = decideAccess(owner, 'read', resource.resourceType);
    if (!decision.allow) return undefined;
    const codes = (binding.criteria.filters ?? []).map((f) => f.code);
    if (hiddenSearchCode(decision.mask, resource.resourceType, codes)) return undefined;
    // The owner's read of the committed row: decided and masked for them. When a newer version was
    // committed before this one's delivery, the row is that newer version, decided for it and not
    // for this one: this event is skipped, the newer version's own event follows.
    const shown = await ctx.systemRepo.withAuth(owner).readResource<Resource>(resource.resourceType, resource.id!);
    const written = resource.meta?.versionId;
    return written && shown.meta?.versionId !== written ? undefined : shown;
  }

  async function stillSignedIn(binding: Binding): Promise<boolean> {
    const login = await ctx.systemRepo.readResource<LoginRecord>('Login', binding.auth.login).catch(() => undefined);
    return !!login && !login.revoked;
  }

  async function deliver(resource: Resource, action: 'create' | 'update' | 'delete'): Promise<void> {
    if (resource.resourceType === 'Subscription') {
      // A subscription that is switched off or deleted stops notifying at once.
      for (const client of clients) {
        const binding = client.bindings.get(resource.id!);
        if (!binding) continue;
        const criteria = parseCriteria((resource as Subscription).criteria);
        if (action === 'delete' || (resource as Subscription).status !== 'active' || !criteria)
          client.bindings.delete(resource.id!);
        else binding.criteria = criteria;
      }
      return;
    }
    if (action === 'delete' || !resource.id) return;
    for (const client of [...clients]) {
      for (const binding of [...client.bindings.values()]) {
        if (binding.criteria.resourceType !== resource.resourceType) continue;
        let shown: Resource | undefined;
        try {
          shown = await shownTo(binding, resource);
          if (!shown) continue;
          if (!(await stillSignedIn(binding))) {
            client.bindings.delete(binding.subscriptionId);
            continue;
          }
        } catch (err) {
          // An outcome (criteria the search refuses, a type the owner may not read) means no
          // notification; anything else is a fault worth logging.
          if (!isOperationOutcomeError(err))
            console.error('[ws] matching failed:', err instanceof Error ? err.message : err);
          continue;
        }
        binding.eventCount++;
        const notification: NotificationBundle = {
          resourceType: 'Bundle',
          type: 'history',
          timestamp: new Date().toISOString(),
          entry: [
            statusEntry(binding, 'event-notification', shown),
            {
              fullUrl: new URL(`fhir/R4/${resource.resourceType}/${resource.id}`, ctx.baseUrl).toString(),
              resource: shown,
            },
          ],
        };
        send(client.socket, notification);
      }
    }
  }

  // Notifications go out in commit order, one at a time.
  let queue: Promise<void> = Promise.resolve();

  return {
    notify(resource, action) {
      if (clients.size === 0 || !resource || typeof resource !== 'object') return;
      queue = queue.then(() =>
        deliver(resource, action).catch((err) =>
          console.error('[ws] notify failed:', err instanceof Error ? err.message : err)
        )
      );
    },
    async close() {
      httpServer.off('upgrade', onUpgrade);
      for (const client of clients) {
        clearTimeout(client.deadline);
        client.socket.terminate();
      }
      clients.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
