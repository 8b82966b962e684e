import { isOperationOutcomeError } from '../../fhir';
import { FakeWebSocket } from './fake-websocket';
import { getSubscriptionsWebSocketUrl, SubscriptionManager, type SubscriptionClient } from './subscription-manager';

const WS_URL = 'wss://x.org/ws/subscriptions-r4';
const CRITERIA = 'Communication?recipient=Patient/1';

function bindingToken(token: string, url = WS_URL) {
  return {
    resourceType: 'Parameters',
    parameter: [
      { name: 'token', valueString: token },
      { name: 'expiration', valueDateTime: '2030-01-01T00:00:00Z' },
      { name: 'websocket-url', valueUrl: url },
    ],
  };
}

function makeClient(overrides: Partial<SubscriptionClient> = {}) {
  let n = 0;
  let t = 0;
  return {
    getBaseUrl: () => 'https://x.org/',
    getAccessToken: () => 'secret',
    createResource: vi.fn(async (resource: any) => ({ ...resource, id: `sub${++n}` })),
    get: vi.fn(async () => bindingToken(`token${++t}`)),
    ...overrides,
  };
}

function notification(subscriptionId: string, type = 'event-notification') {
  return {
    resourceType: 'Bundle',
    type: 'history',
    entry: [
      {
        resource: {
          resourceType: 'SubscriptionStatus',
          type,
          subscription: { reference: `Subscription/${subscriptionId}` },
        },
      },
      ...(type === 'event-notification'
        ? [{ resource: { resourceType: 'Communication', id: 'c1', status: 'completed' } }]
        : []),
    ],
  };
}

const logger = { warn: vi.fn(), error: vi.fn() };

async function setup(client = makeClient()) {
  const manager = new SubscriptionManager(client, WS_URL, { WebSocket: FakeWebSocket, random: () => 0, logger });
  const emitter = manager.addCriteria(CRITERIA);
  await vi.advanceTimersByTimeAsync(0);
  FakeWebSocket.last.open();
  await vi.advanceTimersByTimeAsync(0);
  return { manager, emitter, client, ws: FakeWebSocket.last };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
  logger.warn.mockReset();
  logger.error.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('SubscriptionManager', () => {
  describe('when constructed with bad arguments', () => {
    it("throws 'Not a valid URL' for a bad url", () => {
      expect(() => new SubscriptionManager(makeClient(), 'not a url', { WebSocket: FakeWebSocket })).toThrow(
        'Not a valid URL'
      );
      expect(() => new SubscriptionManager(makeClient(), 'ftp://x.org/', { WebSocket: FakeWebSocket })).toThrow(
        'Not a valid URL'
      );
    });

    it('throws when the first argument is not a client', () => {
      let caught: unknown;
      try {
        new SubscriptionManager({} as SubscriptionClient, WS_URL, { WebSocket: FakeWebSocket });
      } catch (error) {
        caught = error;
      }
      expect(isOperationOutcomeError(caught)).toBe(true);
      expect((caught as Error).message).toMatch(/client .* as its first argument/);
    });

    it('opens no socket until a criteria is added', () => {
      new SubscriptionManager(makeClient(), WS_URL, { WebSocket: FakeWebSocket });
      vi.advanceTimersByTime(1000);
      expect(FakeWebSocket.instances).toHaveLength(0);
    });
  });

  describe('when a criteria is added', () => {
    it('creates an active websocket Subscription, gets a binding token and binds it', async () => {
      const { client, ws } = await setup();
      expect(client.createResource).toHaveBeenCalledWith({
        resourceType: 'Subscription',
        status: 'active',
        reason: `Live updates for ${CRITERIA}`,
        criteria: CRITERIA,
        channel: { type: 'websocket' },
      });
      expect(client.get).toHaveBeenCalledWith('https://x.org/fhir/R4/Subscription/sub1/$get-ws-binding-token', {
        cache: 'no-cache',
      });
      expect(ws.url).toBe(WS_URL);
      expect(ws.sent).toEqual([{ type: 'bind-with-token', payload: { token: 'token1' } }]);
    });

    it('shares one subscription between repeat calls', async () => {
      const { manager, emitter, client } = await setup();
      expect(manager.addCriteria(CRITERIA)).toBe(emitter);
      expect(client.createResource).toHaveBeenCalledTimes(1);
      expect(manager.getCriteriaCount()).toBe(1);
    });
  });

  describe('when notifications arrive', () => {
    it('emits handshake as connect and notifications as message', async () => {
      const { manager, emitter, ws } = await setup();
      const connect = vi.fn();
      const message = vi.fn();
      const masterMessage = vi.fn();
      emitter.on('connect', connect);
      emitter.on('message', message);
      manager.getMasterEmitter().on('message', masterMessage);
      ws.receive(notification('sub1', 'handshake'));
      ws.receive(notification('sub1'));
      expect(connect).toHaveBeenCalledWith({ type: 'connect', payload: { subscriptionId: 'sub1' } });
      expect(message).toHaveBeenCalledWith({ type: 'message', payload: notification('sub1') });
      expect(masterMessage).toHaveBeenCalledTimes(1);
    });

    it('emits heartbeats on the master emitter', async () => {
      const { manager, ws } = await setup();
      const heartbeat = vi.fn();
      manager.getMasterEmitter().on('heartbeat', heartbeat);
      ws.receive(notification('sub1', 'heartbeat'));
      expect(heartbeat).toHaveBeenCalledTimes(1);
    });

    it('only warns for an unknown subscription', async () => {
      const { emitter, ws } = await setup();
      const message = vi.fn();
      emitter.on('message', message);
      ws.receive(notification('other'));
      ws.receive(notification('other', 'handshake'));
      expect(message).not.toHaveBeenCalled();
      expect(logger.warn).toHaveBeenCalledWith(
        'Received event-notification for unknown subscription Subscription/other'
      );
      expect(logger.warn).toHaveBeenCalledTimes(2);
    });

    it('logs and emits an error for a message that is not JSON', async () => {
      const { manager, ws } = await setup();
      const error = vi.fn();
      manager.getMasterEmitter().on('error', error);
      ws.receive('{nope');
      expect(error).toHaveBeenCalledTimes(1);
      expect(logger.error).toHaveBeenCalled();
    });
  });

  describe('when the subscription attempt fails', () => {
    it.each([
      [
        'the create fails',
        { createResource: vi.fn(async () => Promise.reject(new Error('Request error'))) },
        'Request error',
      ],
      [
        'the token has no url',
        { get: vi.fn(async () => ({ resourceType: 'Parameters', parameter: [{ name: 'token', valueString: 't' }] })) },
        'Failed to get URL from $get-ws-binding-token',
      ],
      ['there is no token', { get: vi.fn(async () => ({ resourceType: 'Parameters' })) }, 'Failed to get token'],
    ])('when %s it logs, emits the error and removes the criteria', async (_name, overrides, text) => {
      const manager = new SubscriptionManager(makeClient(overrides as Partial<SubscriptionClient>), WS_URL, {
        WebSocket: FakeWebSocket,
        logger,
      });
      const emitter = manager.addCriteria(CRITERIA);
      const error = vi.fn();
      emitter.on('error', error);
      await vi.advanceTimersByTimeAsync(0);
      expect(error).toHaveBeenCalledTimes(1);
      const payload = error.mock.calls[0][0].payload;
      expect(isOperationOutcomeError(payload)).toBe(true);
      expect(payload.message).toBe(text);
      expect(logger.error).toHaveBeenCalledWith(`Subscription for '${CRITERIA}' failed: ${text}`);
      expect(manager.getCriteriaCount()).toBe(0);
    });
  });

  describe('when a criteria is removed', () => {
    it('unbinds after the last use and emits close', async () => {
      const { manager, emitter, ws } = await setup();
      manager.addCriteria(CRITERIA);
      const close = vi.fn();
      emitter.on('close', close);
      manager.removeCriteria(CRITERIA);
      expect(ws.sent).toHaveLength(1);
      manager.removeCriteria(CRITERIA);
      expect(ws.sent[1]).toEqual({ type: 'unbind-from-token', payload: { token: 'token1' } });
      expect(close).toHaveBeenCalledTimes(1);
      expect(manager.getCriteriaCount()).toBe(0);
      manager.removeCriteria(CRITERIA);
    });
  });

  describe('when pinging', () => {
    it('pings every 5000 ms and reconnects after a missed pong', async () => {
      const { ws } = await setup();
      await vi.advanceTimersByTimeAsync(5000);
      expect(ws.sent.at(-1)).toEqual({ type: 'ping' });
      ws.receive({ type: 'pong' });
      await vi.advanceTimersByTimeAsync(5000);
      expect(ws.sent.filter((m: any) => m.type === 'ping')).toHaveLength(2);
      expect(FakeWebSocket.instances).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(5000);
      // Fake timers run a 0 ms timer set during a tick 1 ms later.
      await vi.advanceTimersByTimeAsync(1);
      expect(logger.warn).toHaveBeenCalledWith('Websocket missed a pong; reconnecting');
      expect(FakeWebSocket.instances).toHaveLength(2);
    });
  });

  describe('when the socket drops and comes back', () => {
    it('emits disconnect, then binds again with a fresh token', async () => {
      const { manager, emitter, ws, client } = await setup();
      const disconnect = vi.fn();
      const open = vi.fn();
      emitter.on('disconnect', disconnect);
      manager.getMasterEmitter().on('open', open);
      ws.drop();
      expect(disconnect).toHaveBeenCalledWith({ type: 'disconnect', payload: { subscriptionId: 'sub1' } });
      await vi.advanceTimersByTimeAsync(1000);
      FakeWebSocket.last.open();
      await vi.advanceTimersByTimeAsync(0);
      expect(open).toHaveBeenCalledTimes(1);
      expect(client.createResource).toHaveBeenCalledTimes(1);
      expect(FakeWebSocket.last.sent).toEqual([{ type: 'bind-with-token', payload: { token: 'token2' } }]);
      // Both tokens asked of the server, never of the client's cache (a token is single use).
      expect(vi.mocked(client.get).mock.calls).toEqual([
        ['https://x.org/fhir/R4/Subscription/sub1/$get-ws-binding-token', { cache: 'no-cache' }],
        ['https://x.org/fhir/R4/Subscription/sub1/$get-ws-binding-token', { cache: 'no-cache' }],
      ]);
    });
  });

  describe('when the profile signs out or changes', () => {
    it('closes the socket for good on closeWebSocket', async () => {
      const { manager, emitter, ws } = await setup();
      const close = vi.fn();
      emitter.on('close', close);
      manager.closeWebSocket();
      expect(close).toHaveBeenCalledTimes(1);
      expect(ws.readyState).toBe(3);
      await vi.advanceTimersByTimeAsync(60000);
      expect(FakeWebSocket.instances).toHaveLength(1);
      expect(manager.getCriteriaCount()).toBe(0);
    });

    it("closes the socket when the client's session is signed out", async () => {
      const session = new EventTarget();
      let token: string | undefined = 'secret';
      const client = makeClient({
        getAccessToken: () => token,
        addEventListener: (type: 'change', listener: () => void) => session.addEventListener(type, listener),
        getProfile: () => ({ resourceType: 'Patient', id: '1' }),
      });
      const manager = new SubscriptionManager(client, WS_URL, { WebSocket: FakeWebSocket as any });
      const close = vi.fn();
      manager.addCriteria(CRITERIA).on('close', close);
      await vi.advanceTimersByTimeAsync(0);
      token = undefined;
      session.dispatchEvent(new Event('change'));
      expect(close).toHaveBeenCalledTimes(1);
      expect(manager.getCriteriaCount()).toBe(0);
      expect(FakeWebSocket.instances.at(-1)!.readyState).toBe(3);
    });

    it("reconnects when the client's profile changes", async () => {
      const session = new EventTarget();
      let profile = { resourceType: 'Patient', id: '1' };
      const client = makeClient({
        addEventListener: (type: 'change', listener: () => void) => session.addEventListener(type, listener),
        getProfile: () => profile,
      });
      const manager = new SubscriptionManager(client, WS_URL, { WebSocket: FakeWebSocket as any });
      manager.addCriteria(CRITERIA);
      await vi.advanceTimersByTimeAsync(0);
      const before = FakeWebSocket.instances.length;
      session.dispatchEvent(new Event('change'));
      await vi.advanceTimersByTimeAsync(0);
      expect(FakeWebSocket.instances).toHaveLength(before);
      profile = { resourceType: 'Patient', id: '2' };
      session.dispatchEvent(new Event('change'));
      await vi.advanceTimersByTimeAsync(0);
      expect(FakeWebSocket.instances).toHaveLength(before + 1);
    });

    it('reconnects on reconnectWebSocket', async () => {
      const { manager } = await setup();
      manager.reconnectWebSocket();
      await vi.advanceTimersByTimeAsync(0);
      expect(FakeWebSocket.instances).toHaveLength(2);
    });
  });
});

describe('getSubscriptionsWebSocketUrl', () => {
  it('turns the server base into the websocket url', () => {
    expect(getSubscriptionsWebSocketUrl('https://x.org/')).toBe('wss://x.org/ws/subscriptions-r4');
    expect(getSubscriptionsWebSocketUrl('http://localhost:8103')).toBe('ws://localhost:8103/ws/subscriptions-r4');
  });
});
