// A websocket that reconnects by itself with growing delays.
// Modelled on the reconnecting-websocket package, without its dependency on DOM event classes,
// so it runs in browsers and in Node with an injected WebSocket class.

import { errorOutcome, OperationOutcomeError } from '../../fhir';
import { TypedEmitter } from './emitter';

/** The parts of a WebSocket this library uses. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: any) => void) | null;
  onclose: ((event: any) => void) | null;
  onerror: ((event: any) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

/** A WebSocket class: the global one, `ws` in Node, or a fake in tests. */
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;

/** Reconnect timing; every field has a default (RECONNECT_DEFAULTS). */
export interface ReconnectOptions {
  /** The WebSocket class. Default: globalThis.WebSocket. */
  WebSocket?: WebSocketConstructor;
  /** Smallest delay before a retry, before the random part. Default 1000 ms. */
  minReconnectionDelay?: number;
  /** Upper bound of the random part added once to the smallest delay. Default 4000 ms. */
  reconnectionDelayJitter?: number;
  /** Largest delay before a retry. Default 10000 ms. */
  maxReconnectionDelay?: number;
  /** Each retry waits this factor longer than the last. Default 1.3. */
  reconnectionDelayGrowFactor?: number;
  /** A connection not open by then is dropped and retried. Default 4000 ms. */
  connectionTimeout?: number;
  /** A connection open this long resets the retry count. Default 5000 ms. */
  minUptime?: number;
  /** Retries before giving up. Default unlimited. */
  maxRetries?: number;
  /** Random source in [0, 1), injectable for tests. Default Math.random. */
  random?: () => number;
}

/** The reconnect constants. */
export const RECONNECT_DEFAULTS = {
  minReconnectionDelay: 1000,
  reconnectionDelayJitter: 4000,
  maxReconnectionDelay: 10000,
  reconnectionDelayGrowFactor: 1.3,
  connectionTimeout: 4000,
  minUptime: 5000,
  maxRetries: Infinity,
} as const;

/** Events of a ReconnectingWebSocket. */
export interface ReconnectingWebSocketEvents {
  open: { type: 'open' };
  close: { type: 'close'; code?: number; reason?: string; wasClean?: boolean };
  error: { type: 'error'; error: unknown };
  message: { type: 'message'; data: unknown };
}

const OPEN = 1;
const CLOSED = 3;

/** A websocket that reconnects with growing delays and queues messages sent while it is down. */
export class ReconnectingWebSocket extends TypedEmitter<ReconnectingWebSocketEvents> {
  private readonly url: string;
  private readonly options: Required<Omit<ReconnectOptions, 'WebSocket' | 'random'>>;
  private readonly WebSocketClass: WebSocketConstructor;
  private readonly minDelay: number;
  private ws: WebSocketLike | undefined;
  private retryCount = -1;
  private shouldReconnect = true;
  private connecting = false;
  private delayTimer: ReturnType<typeof setTimeout> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private uptimeTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly queue: string[] = [];

  constructor(url: string, WebSocketClass: WebSocketConstructor, options: ReconnectOptions = {}) {
    super();
    this.url = url;
    this.WebSocketClass = WebSocketClass;
    const { WebSocket: _ignored, random = Math.random, ...rest } = options;
    this.options = { ...RECONNECT_DEFAULTS, ...rest };
    // Picked once per socket, so many clients that lose the server together do not retry in step.
    this.minDelay = this.options.minReconnectionDelay + random() * this.options.reconnectionDelayJitter;
    this.connect();
  }

  /** The state of the current socket (WebSocket.CONNECTING, OPEN, CLOSING, CLOSED). */
  get readyState(): number {
    return this.ws?.readyState ?? (this.shouldReconnect ? 0 : CLOSED);
  }

  /** How many retries since the last stable connection. */
  get retries(): number {
    return Math.max(this.retryCount, 0);
  }

  /** Sends now when open, otherwise when the socket next opens. */
  send(data: string): void {
    if (this.ws?.readyState === OPEN) this.ws.send(data);
    else this.queue.push(data);
  }

  /** Closes the socket for good: no more reconnects until reconnect() is called. */
  close(code = 1000, reason?: string): void {
    this.shouldReconnect = false;
    this.clearTimers();
    this.connecting = false;
    this.queue.length = 0;
    this.dropSocket(code, reason);
  }

  /** Closes the current socket and connects again at once, with the retry count reset. */
  reconnect(code?: number, reason?: string): void {
    this.shouldReconnect = true;
    this.clearTimers();
    this.connecting = false;
    this.retryCount = -1;
    this.dropSocket(code ?? 4000, reason ?? 'reconnect');
    this.connect();
  }

  private dropSocket(code: number, reason: string | undefined): void {
    const ws = this.ws;
    if (!ws) return;
    this.ws = undefined;
    // Detached first, so the socket's own close event does not start a second reconnect.
    ws.onopen = ws.onclose = ws.onerror = ws.onmessage = null;
    if (ws.readyState !== CLOSED) {
      try {
        ws.close(code, reason);
      } catch (error) {
        this.emit('error', { type: 'error', error });
      }
    }
    this.emit('close', { type: 'close', code, reason, wasClean: true });
  }

  private nextDelay(): number {
    if (this.retryCount <= 0) return 0;
    const { maxReconnectionDelay, reconnectionDelayGrowFactor } = this.options;
    return Math.min(maxReconnectionDelay, this.minDelay * reconnectionDelayGrowFactor ** (this.retryCount - 1));
  }

  private connect(): void {
    if (this.connecting || !this.shouldReconnect) return;
    if (this.retryCount + 1 > this.options.maxRetries) return;
    this.connecting = true;
    this.retryCount++;
    this.delayTimer = setTimeout(() => this.open(), this.nextDelay());
  }

  private open(): void {
    this.connecting = false;
    if (!this.shouldReconnect) return;
    let ws: WebSocketLike;
    try {
      ws = new this.WebSocketClass(this.url);
    } catch (error) {
      this.emit('error', { type: 'error', error });
      this.connect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      clearTimeout(this.connectTimer);
      this.uptimeTimer = setTimeout(() => (this.retryCount = 0), this.options.minUptime);
      this.emit('open', { type: 'open' });
      while (this.queue.length && this.ws === ws && ws.readyState === OPEN) ws.send(this.queue.shift() as string);
    };
    ws.onmessage = (event) => this.emit('message', { type: 'message', data: event.data });
    ws.onerror = (event) => this.emit('error', { type: 'error', error: event });
    ws.onclose = (event) => {
      this.clearTimers();
      this.ws = undefined;
      this.emit('close', { type: 'close', code: event?.code, reason: event?.reason, wasClean: event?.wasClean });
      this.connect();
    };
    this.connectTimer = setTimeout(() => {
      this.emit('error', {
        type: 'error',
        error: new OperationOutcomeError(errorOutcome('Websocket connection timeout', 'timeout')),
      });
      this.dropSocket(4000, 'timeout');
      this.connect();
    }, this.options.connectionTimeout);
  }

  private clearTimers(): void {
    clearTimeout(this.delayTimer);
    clearTimeout(this.connectTimer);
    clearTimeout(this.uptimeTimer);
  }
}
