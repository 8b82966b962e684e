// A WebSocket stand-in for tests: records what is sent and lets the test open, drop and feed it.
import type { WebSocketLike } from './reconnecting-websocket';

/** A fake WebSocket class whose instances the test drives by hand. */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  readonly url: string;
  readonly sent: unknown[] = [];
  closedWith: { code?: number; reason?: string } | undefined;
  onopen: ((event: any) => void) | null = null;
  onclose: ((event: any) => void) | null = null;
  onerror: ((event: any) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  /** The newest instance. */
  static get last(): FakeWebSocket {
    return FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data));
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
    this.onclose?.({ code, reason, wasClean: true });
  }

  /** The server accepts the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** The connection drops. */
  drop(): void {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason: '', wasClean: false });
  }

  /** The server sends a JSON message. */
  receive(message: unknown): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
}
