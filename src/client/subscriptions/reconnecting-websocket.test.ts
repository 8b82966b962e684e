import { FakeWebSocket } from './fake-websocket';
import { ReconnectingWebSocket } from './reconnecting-websocket';

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
});
afterEach(() => {
  vi.useRealTimers();
});

const create = (random = 0) =>
  new ReconnectingWebSocket('wss://x.org/ws/subscriptions-r4', FakeWebSocket, { random: () => random });

describe('ReconnectingWebSocket', () => {
  describe('when created', () => {
    it('connects at once and sends queued messages on open', () => {
      const ws = create();
      ws.send('{"type":"ping"}');
      vi.advanceTimersByTime(0);
      expect(FakeWebSocket.instances).toHaveLength(1);
      expect(FakeWebSocket.last.url).toBe('wss://x.org/ws/subscriptions-r4');
      const opened = vi.fn();
      ws.on('open', opened);
      FakeWebSocket.last.open();
      expect(opened).toHaveBeenCalledTimes(1);
      expect(FakeWebSocket.last.sent).toEqual([{ type: 'ping' }]);
      ws.send('{"a":1}');
      expect(FakeWebSocket.last.sent).toEqual([{ type: 'ping' }, { a: 1 }]);
    });
  });

  describe('when the connection drops', () => {
    it('retries after 1000 ms plus the random part, growing by 1.3 up to 10000 ms', () => {
      create(0);
      vi.advanceTimersByTime(0);
      const delays: number[] = [];
      for (let i = 0; i < 12; i++) {
        FakeWebSocket.last.drop();
        const before = FakeWebSocket.instances.length;
        let waited = 0;
        while (FakeWebSocket.instances.length === before) {
          vi.advanceTimersByTime(1);
          waited++;
        }
        delays.push(waited);
      }
      expect(delays.slice(0, 4)).toEqual([1000, 1300, 1690, 2197]);
      expect(Math.max(...delays)).toBe(10000);
    });

    it('adds up to 4000 ms of random delay, picked once', () => {
      create(0.5);
      vi.advanceTimersByTime(0);
      FakeWebSocket.last.drop();
      vi.advanceTimersByTime(2999);
      expect(FakeWebSocket.instances).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(2);
    });

    it('resets the delay after 5000 ms of uptime', () => {
      create(0);
      vi.advanceTimersByTime(0);
      FakeWebSocket.last.drop();
      vi.advanceTimersByTime(1000);
      FakeWebSocket.last.drop();
      vi.advanceTimersByTime(1300);
      FakeWebSocket.last.open();
      vi.advanceTimersByTime(5000);
      FakeWebSocket.last.drop();
      // Back to the first retry's 1000 ms, not the third retry's 1690 ms.
      vi.advanceTimersByTime(999);
      expect(FakeWebSocket.instances).toHaveLength(3);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(4);
    });
  });

  describe('when the connection does not open within 4000 ms', () => {
    it('drops it, reports an error and retries', () => {
      const ws = create(0);
      const errors = vi.fn();
      ws.on('error', errors);
      vi.advanceTimersByTime(0);
      vi.advanceTimersByTime(4000);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(FakeWebSocket.instances[0].closedWith).toEqual({ code: 4000, reason: 'timeout' });
      vi.advanceTimersByTime(1000);
      expect(FakeWebSocket.instances).toHaveLength(2);
    });
  });

  describe('when closed on purpose', () => {
    it('stops reconnecting until reconnect() is called', () => {
      const ws = create(0);
      vi.advanceTimersByTime(0);
      FakeWebSocket.last.open();
      const closed = vi.fn();
      ws.on('close', closed);
      ws.close();
      expect(closed).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(60000);
      expect(FakeWebSocket.instances).toHaveLength(1);
      ws.reconnect();
      vi.advanceTimersByTime(0);
      expect(FakeWebSocket.instances).toHaveLength(2);
    });
  });

  describe('when messages and errors arrive', () => {
    it('forwards them', () => {
      const ws = create();
      const messages = vi.fn();
      const errors = vi.fn();
      ws.on('message', messages);
      ws.on('error', errors);
      vi.advanceTimersByTime(0);
      FakeWebSocket.last.open();
      FakeWebSocket.last.receive({ type: 'pong' });
      FakeWebSocket.last.onerror?.({ message: 'boom' });
      expect(messages).toHaveBeenCalledWith({ type: 'message', data: '{"type":"pong"}' });
      expect(errors).toHaveBeenCalledWith({ type: 'error', error: { message: 'boom' } });
    });
  });
});
