// Live updates over websocket subscriptions.
//
// For each criteria: POST an active Subscription with a websocket channel, GET its binding token
// from Subscription/{id}/$get-ws-binding-token, then send `bind-with-token` on the shared socket.
// Choices the spec leaves open:
// - The socket opens on the first addCriteria, not in the constructor, so a manager nobody uses
//   holds no connection.
// - After a reconnect every criteria is bound again with a fresh token (tokens are short lived).
// - The Subscription resource of a criteria removed before it was bound is left to the server.

import type { Bundle, Parameters, Subscription } from '../../fhir';
import {
  errorOutcome,
  normalizeErrorString,
  OperationOutcomeError,
  throwError,
  isOperationOutcomeError,
} from '../../fhir';
import { SubscriptionEmitter } from './subscription-emitter';
import { ReconnectingWebSocket, type ReconnectOptions, type WebSocketConstructor } from './reconnecting-websocket';

/** The client methods the subscription manager needs; FhirClient has them. */
export interface SubscriptionClient {
  getBaseUrl(): string;
  getAccessToken(): string | undefined;
  createResource(resource: any): Promise<any>;
  get(url: string, options?: { cache?: RequestCache }): Promise<any>;
  /** When present, sign-out closes the socket and a profile change reconnects it. */
  addEventListener?(type: 'change', listener: () => void): void;
  getProfile?(): { resourceType: string; id?: string } | undefined;
}

export { SubscriptionEmitter, type SubscriptionEventMap } from './subscription-emitter';

/** Options of a SubscriptionManager. */
export interface SubscriptionManagerOptions extends ReconnectOptions {
  /** Ping period; a ping without a pong by the next one reconnects. Default 5000 ms. */
  pingInterval?: number;
  /** FHIR base path under the server base. Default 'fhir/R4'. */
  fhirPath?: string;
  /** Where failures and warnings go. Default console. */
  logger?: Pick<Console, 'warn' | 'error'>;
}

/** The websocket ping period. */
export const PING_INTERVAL_MS = 5000;

/** The websocket path. */
export const SUBSCRIPTIONS_WS_PATH = 'ws/subscriptions-r4';

interface CriteriaEntry {
  readonly criteria: string;
  readonly emitter: SubscriptionEmitter;
  readonly props?: Partial<Subscription>;
  refCount: number;
  subscriptionId?: string;
  token?: string;
}

/** The websocket URL for a server base URL: `https://x.org/` → `wss://x.org/ws/subscriptions-r4`. */
export function getSubscriptionsWebSocketUrl(baseUrl: string): string {
  const url = new URL(SUBSCRIPTIONS_WS_PATH, baseUrl.endsWith('/') ? baseUrl : baseUrl + '/');
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

function isClient(value: unknown): value is SubscriptionClient {
  const c = value as Record<string, unknown> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.getBaseUrl === 'function' &&
    typeof c.getAccessToken === 'function' &&
    typeof c.createResource === 'function' &&
    typeof c.get === 'function'
  );
}

function parseWebSocketUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return throwError('Not a valid URL', 'invalid');
  }
  if (parsed.protocol === 'http:') parsed.protocol = 'ws:';
  else if (parsed.protocol === 'https:') parsed.protocol = 'wss:';
  else if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') throwError('Not a valid URL', 'invalid');
  return parsed.toString();
}

function toError(error: unknown): Error {
  return isOperationOutcomeError(error)
    ? error
    : new OperationOutcomeError(errorOutcome(normalizeErrorString(error)), { cause: error });
}

/** Keeps websocket subscriptions for search criteria and reports their notifications. */
export class SubscriptionManager {
  private readonly client: SubscriptionClient;
  private readonly wsUrl: string;
  private readonly options: SubscriptionManagerOptions;
  private readonly WebSocketClass: WebSocketConstructor;
  private readonly logger: Pick<Console, 'warn' | 'error'>;
  private readonly master = new SubscriptionEmitter();
  private readonly entries = new Map<string, CriteriaEntry>();
  private ws: ReconnectingWebSocket | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private waitingForPong = false;
  private openedBefore = false;

  /** Needs a client and the websocket URL (ws, wss, or http(s) which is turned into ws(s)). */
  constructor(client: SubscriptionClient, wsUrl: string | URL, options: SubscriptionManagerOptions = {}) {
    if (!isClient(client)) {
      throwError(
        'SubscriptionManager needs a client (getBaseUrl, getAccessToken, createResource, get) as its first argument',
        'invalid'
      );
    }
    this.client = client;
    this.wsUrl = parseWebSocketUrl(wsUrl);
    this.options = options;
    const WebSocketClass = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!WebSocketClass) throwError('WebSocket not available in this environment', 'not-supported');
    this.WebSocketClass = WebSocketClass;
    this.logger = options.logger ?? console;
    this.followSession(client);
  }

  /**
   * Signing the profile out closes the socket; a different profile
   * reconnects it, so bindings are made again with the new profile's tokens.
   */
  private followSession(client: SubscriptionClient): void {
    if (typeof client.addEventListener !== 'function') return;
    const profileKey = () => {
      const profile = client.getProfile?.();
      return profile ? `${profile.resourceType}/${profile.id}` : undefined;
    };
    let last = profileKey();
    client.addEventListener('change', () => {
      const current = profileKey();
      if (!client.getAccessToken()) {
        if (this.ws) this.closeWebSocket();
      } else if (current !== last && this.ws) {
        this.reconnectWebSocket();
      }
      last = current;
    });
  }

  /** Subscribes to a search criteria (`Communication?recipient=Patient/1`); returns its emitter. Repeat calls share one subscription. */
  addCriteria(
    criteria: string,
    subscriptionProps?: Partial<Subscription>,
    emitter?: SubscriptionEmitter
  ): SubscriptionEmitter {
    const existing = this.entries.get(criteria);
    if (existing) {
      existing.refCount++;
      return existing.emitter;
    }
    const entry: CriteriaEntry = {
      criteria,
      // A caller may bring the emitter it already handed out (the client's lazy loader does).
      emitter: emitter ?? new SubscriptionEmitter(criteria),
      props: subscriptionProps,
      refCount: 1,
    };
    this.entries.set(criteria, entry);
    this.ensureWebSocket();
    void this.subscribe(entry);
    return entry.emitter;
  }

  /** Drops one use of a criteria; the last one unbinds it and emits 'close' on its emitter. */
  removeCriteria(criteria: string): void {
    const entry = this.entries.get(criteria);
    if (!entry) return;
    entry.refCount--;
    if (entry.refCount > 0) return;
    this.entries.delete(criteria);
    if (entry.token) this.send({ type: 'unbind-from-token', payload: { token: entry.token } });
    entry.emitter.emit('close', { type: 'close' });
  }

  /** How many criteria are subscribed (or being subscribed). */
  getCriteriaCount(): number {
    return this.entries.size;
  }

  /** The emitter of a subscribed criteria, or undefined. */
  getEmitter(criteria: string): SubscriptionEmitter | undefined {
    return this.entries.get(criteria)?.emitter;
  }

  /** The emitter of socket-wide events (open, close, error, heartbeat) and every message. */
  getMasterEmitter(): SubscriptionEmitter {
    return this.master;
  }

  /** Closes the socket for good and forgets every criteria; for sign-out. */
  closeWebSocket(): void {
    this.stopPing();
    for (const entry of this.entries.values()) entry.emitter.emit('close', { type: 'close' });
    this.entries.clear();
    const ws = this.ws;
    this.ws = undefined;
    this.openedBefore = false;
    ws?.close();
  }

  /** Reconnects the socket and binds every criteria again; for a profile change. */
  reconnectWebSocket(): void {
    this.stopPing();
    if (this.ws) this.ws.reconnect();
    else this.ensureWebSocket();
  }

  private ensureWebSocket(): void {
    if (this.ws) return;
    const ws = new ReconnectingWebSocket(this.wsUrl, this.WebSocketClass, this.options);
    this.ws = ws;
    ws.on('open', () => this.handleOpen());
    ws.on('close', () => this.handleClose());
    ws.on('error', ({ error }) => {
      const payload =
        error instanceof Error
          ? toError(error)
          : new OperationOutcomeError(errorOutcome('Websocket error'), { cause: error });
      this.logger.error('Websocket error', payload);
      this.master.emit('error', { type: 'error', payload });
    });
    ws.on('message', ({ data }) => this.handleMessage(data));
  }

  private send(message: unknown): void {
    this.ws?.send(JSON.stringify(message));
  }

  private async subscribe(entry: CriteriaEntry): Promise<void> {
    try {
      const subscription: Subscription = await this.client.createResource({
        resourceType: 'Subscription',
        status: 'active',
        reason: `Live updates for ${entry.criteria}`,
        criteria: entry.criteria,
        channel: { type: 'websocket' },
        ...entry.props,
      } satisfies Subscription);
      if (!subscription?.id) throwError('Missing id');
      entry.subscriptionId = subscription.id;
      await this.bind(entry);
    } catch (error) {
      this.fail(entry, error);
    }
  }

  private async bind(entry: CriteriaEntry): Promise<void> {
    const token = await this.getBindingToken(entry.subscriptionId as string);
    // Removed while the token was on its way: nothing to bind.
    if (this.entries.get(entry.criteria) !== entry) return;
    entry.token = token;
    this.send({ type: 'bind-with-token', payload: { token } });
  }

  private async getBindingToken(subscriptionId: string): Promise<string> {
    const base = this.client.getBaseUrl();
    const fhirPath = (this.options.fhirPath ?? 'fhir/R4').replace(/^\/|\/$/g, '');
    const url = `${base.endsWith('/') ? base : base + '/'}${fhirPath}/Subscription/${subscriptionId}/$get-ws-binding-token`;
    // Past the request cache: a binding token is single use, so the one cached from the last
    // connection is spent, and a reconnect bound with it would be refused.
    const parameters = (await this.client.get(url, { cache: 'no-cache' })) as Parameters | undefined;
    const find = (name: string) => parameters?.parameter?.find((p) => p.name === name);
    const token = find('token')?.valueString;
    const websocketUrl = find('websocket-url')?.valueUrl;
    if (!token) throwError('Failed to get token');
    if (!websocketUrl) throwError('Failed to get URL from $get-ws-binding-token');
    return token;
  }

  private fail(entry: CriteriaEntry, error: unknown): void {
    const payload = toError(error);
    this.logger.error(`Subscription for '${entry.criteria}' failed: ${payload.message}`);
    entry.emitter.emit('error', { type: 'error', payload });
    this.master.emit('error', { type: 'error', payload });
    if (this.entries.get(entry.criteria) === entry) this.entries.delete(entry.criteria);
  }

  private handleOpen(): void {
    this.master.emit('open', { type: 'open' });
    this.startPing();
    if (this.openedBefore) {
      for (const entry of this.entries.values()) {
        if (!entry.subscriptionId) continue;
        entry.token = undefined;
        this.bind(entry).catch((error) => this.fail(entry, error));
      }
    }
    this.openedBefore = true;
  }

  private handleClose(): void {
    this.stopPing();
    this.master.emit('close', { type: 'close' });
    for (const entry of this.entries.values()) {
      entry.emitter.emit('disconnect', { type: 'disconnect', payload: { subscriptionId: entry.subscriptionId } });
    }
    this.master.emit('disconnect', { type: 'disconnect', payload: {} });
  }

  private startPing(): void {
    this.stopPing();
    const interval = this.options.pingInterval ?? PING_INTERVAL_MS;
    this.pingTimer = setInterval(() => {
      if (this.waitingForPong) {
        this.logger.warn('Websocket missed a pong; reconnecting');
        this.stopPing();
        this.ws?.reconnect();
        return;
      }
      this.waitingForPong = true;
      this.send({ type: 'ping' });
    }, interval);
  }

  private stopPing(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    this.waitingForPong = false;
  }

  private findBySubscriptionId(id: string | undefined): CriteriaEntry | undefined {
    for (const entry of this.entries.values()) if (id !== undefined && entry.subscriptionId === id) return entry;
    return undefined;
  }

  private handleMessage(data: unknown): void {
    let message: any;
    try {
      message = JSON.parse(String(data));
    } catch (error) {
      this.logger.error('Websocket message is not JSON', error);
      this.master.emit('error', { type: 'error', payload: toError(error) });
      return;
    }
    if (message?.type === 'pong') {
      this.waitingForPong = false;
      return;
    }
    if (message?.resourceType !== 'Bundle') {
      this.logger.warn('Unexpected websocket message', message?.type ?? message?.resourceType);
      return;
    }
    const bundle = message as Bundle;
    const status = bundle.entry?.[0]?.resource as
      { resourceType?: string; type?: string; subscription?: { reference?: string } } | undefined;
    if (status?.resourceType !== 'SubscriptionStatus') {
      this.logger.warn('Websocket bundle without a SubscriptionStatus');
      return;
    }
    if (status.type === 'heartbeat') {
      this.master.emit('heartbeat', { type: 'heartbeat', payload: bundle });
      return;
    }
    const subscriptionId = status.subscription?.reference?.split('/').pop();
    const entry = this.findBySubscriptionId(subscriptionId);
    if (!entry) {
      this.logger.warn(
        `Received ${status.type} for unknown subscription ${status.subscription?.reference ?? ''}`.trim()
      );
      return;
    }
    if (status.type === 'handshake') {
      entry.emitter.emit('connect', { type: 'connect', payload: { subscriptionId: subscriptionId as string } });
      this.master.emit('connect', { type: 'connect', payload: { subscriptionId: subscriptionId as string } });
    } else if (status.type === 'event-notification') {
      entry.emitter.emit('message', { type: 'message', payload: bundle });
      this.master.emit('message', { type: 'message', payload: bundle });
    } else {
      this.logger.warn(`Unexpected subscription status type ${status.type}`);
    }
  }
}
