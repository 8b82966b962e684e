import { FakeWebSocket } from './fake-websocket';
import { setup, json } from '../test-helpers';

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('FhirClient subscriptions', () => {
  describe('when subscribing to a criteria twice', () => {
    it('creates one Subscription, binds it on the client socket, and unbinds after the last unsubscribe', async () => {
      const { client, fetch } = setup((request) =>
        request.method === 'POST'
          ? json({ ...JSON.parse(request.body), id: 'sub1' }, 201)
          : json({
              resourceType: 'Parameters',
              parameter: [
                { name: 'token', valueString: 'tok' },
                { name: 'websocket-url', valueUrl: 'wss://fhir.test/ws/subscriptions-r4' },
              ],
            })
      );
      const first = client.subscribeToCriteria('Communication?recipient=Patient/1');
      const second = client.subscribeToCriteria('Communication?recipient=Patient/1');
      expect(second).toBe(first);
      // The manager and its websocket load on this first use.
      const manager = await client.getSubscriptionManager();
      await vi.advanceTimersByTimeAsync(0);
      expect(manager.getCriteriaCount()).toBe(1);
      expect(manager.getEmitter('Communication?recipient=Patient/1')).toBe(first);
      const socket = FakeWebSocket.last;
      expect(socket.url).toBe('wss://fhir.test/ws/subscriptions-r4');
      socket.open();
      await vi.advanceTimersByTimeAsync(0);
      expect(fetch.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        'POST https://fhir.test/fhir/R4/Subscription',
        'GET https://fhir.test/fhir/R4/Subscription/sub1/$get-ws-binding-token',
      ]);
      expect(JSON.parse(fetch.requests[0].body)).toMatchObject({
        resourceType: 'Subscription',
        status: 'active',
        criteria: 'Communication?recipient=Patient/1',
        channel: { type: 'websocket' },
      });
      expect(socket.sent).toEqual([{ type: 'bind-with-token', payload: { token: 'tok' } }]);

      client.unsubscribeFromCriteria('Communication?recipient=Patient/1');
      await vi.advanceTimersByTimeAsync(0);
      expect(socket.sent).toHaveLength(1);
      client.unsubscribeFromCriteria('Communication?recipient=Patient/1');
      await vi.advanceTimersByTimeAsync(0);
      expect(socket.sent[1]).toEqual({ type: 'unbind-from-token', payload: { token: 'tok' } });
      expect(manager.getCriteriaCount()).toBe(0);
    });
  });
});
