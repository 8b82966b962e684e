import { isOperationOutcomeError } from '../../fhir';
import { FhircastClient } from './hub-client';

const HUB = 'https://example.com/fhircast/STU3';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(response: () => Response = () => jsonResponse({})) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => response());
  const client = new FhircastClient({
    hubUrl: HUB + '/',
    fetch: fetch as unknown as typeof globalThis.fetch,
    getAccessToken: () => 'tok',
    now: () => new Date('2024-05-01T10:00:00Z'),
    generateId: () => 'event-1',
  });
  return { client, fetch };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    expect(isOperationOutcomeError(error)).toBe(true);
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('FhircastClient', () => {
  describe('when subscribing', () => {
    it('POSTs the form-encoded request and returns the endpoint', async () => {
      const { client, fetch } = setup(() => jsonResponse({ 'hub.channel.endpoint': 'wss://example.com/ws/abc' }));
      const subscription = await client.subscribe('topic-1', ['Patient-open', 'Patient-close']);
      expect(fetch).toHaveBeenCalledWith(HUB, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: 'Bearer tok',
        },
        body: 'hub.channel.type=websocket&hub.mode=subscribe&hub.topic=topic-1&hub.events=Patient-open%2CPatient-close',
      });
      expect(subscription).toEqual({
        channelType: 'websocket',
        mode: 'subscribe',
        topic: 'topic-1',
        events: ['Patient-open', 'Patient-close'],
        endpoint: 'wss://example.com/ws/abc',
      });
    });

    it("throws 'Invalid response!' when the hub returns no endpoint", async () => {
      const { client } = setup(() => jsonResponse({}));
      expect((await rejection(client.subscribe('t', ['Patient-open']))).message).toBe('Invalid response!');
    });

    it('checks topic and events before sending', async () => {
      const { client, fetch } = setup();
      expect((await rejection(client.subscribe('', ['Patient-open']))).message).toBe(
        'Invalid topic provided. Topic must be a non-empty string.'
      );
      expect((await rejection(client.subscribe('t', []))).message).toMatch(
        /^Events must be a non-empty array of: Patient-open/
      );
      expect(fetch).not.toHaveBeenCalled();
    });

    it('raises the outcome of a failed request', async () => {
      const outcome = {
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'error', code: 'forbidden', details: { text: 'Forbidden' } }],
      };
      const { client } = setup(() => jsonResponse(outcome, 403));
      expect((await rejection(client.subscribe('t', ['Patient-open']))).message).toBe('Forbidden');
      const plain = setup(() => new Response('nope', { status: 500 }));
      expect((await rejection(plain.client.subscribe('t', ['Patient-open']))).message).toBe('Request error');
    });
  });

  describe('when unsubscribing', () => {
    it('POSTs the unsubscribe request with the endpoint', async () => {
      const { client, fetch } = setup(() => jsonResponse(undefined, 202));
      await client.unsubscribe({
        channelType: 'websocket',
        mode: 'subscribe',
        topic: 't',
        events: ['Patient-open'],
        endpoint: 'wss://h/1',
      });
      expect(fetch).toHaveBeenCalledWith(HUB, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: 'Bearer tok',
        },
        body: 'hub.channel.type=websocket&hub.mode=unsubscribe&hub.topic=t&hub.events=Patient-open&hub.channel.endpoint=wss%3A%2F%2Fh%2F1',
      });
    });

    it.each([undefined, '', 'https://h/1'])(
      "throws 'Subscription request should contain an endpoint.' for %j",
      async (endpoint) => {
        const { client, fetch } = setup();
        const error = await rejection(
          client.unsubscribe({
            channelType: 'websocket',
            mode: 'subscribe',
            topic: 't',
            events: ['Patient-open'],
            endpoint,
          })
        );
        expect(error.message).toBe('Subscription request should contain an endpoint.');
        expect(fetch).not.toHaveBeenCalled();
      }
    );
  });

  describe('when publishing', () => {
    it('POSTs the event as JSON to the topic', async () => {
      const { client, fetch } = setup();
      await client.publish('topic-1', 'Patient-open', [
        { key: 'patient', resource: { resourceType: 'Patient', id: 'p1' } },
      ]);
      expect(fetch).toHaveBeenCalledWith(`${HUB}/topic-1`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer tok' },
        body: JSON.stringify({
          timestamp: '2024-05-01T10:00:00.000Z',
          id: 'event-1',
          event: {
            'hub.topic': 'topic-1',
            'hub.event': 'Patient-open',
            context: [{ key: 'patient', resource: { resourceType: 'Patient', id: 'p1' } }],
          },
        }),
      });
    });

    it('sends the version id of an update and rejects an update without one', async () => {
      const { client, fetch } = setup();
      const context = [
        { key: 'report', resource: { resourceType: 'DiagnosticReport', id: 'r1' } },
        { key: 'updates', resource: { resourceType: 'Bundle', id: 'b1' } },
      ];
      expect((await rejection(client.publish('t', 'DiagnosticReport-update', context))).message).toBe(
        'DiagnosticReport-update needs a context version id.'
      );
      await client.publish('t', 'DiagnosticReport-update', context, 'v2');
      expect(JSON.parse(fetch.mock.calls[0][1]?.body as string).event['context.versionId']).toBe('v2');
    });
  });

  describe('when reading the context', () => {
    it('GETs {hub}/{topic}', async () => {
      const context = { 'context.type': 'Patient-open', context: [] };
      const { client, fetch } = setup(() => jsonResponse(context));
      expect(await client.getContext('topic 1')).toEqual(context);
      expect(fetch).toHaveBeenCalledWith(`${HUB}/topic%201`, {
        method: 'GET',
        headers: { Accept: 'application/json', Authorization: 'Bearer tok' },
      });
    });
  });

  describe('when fetch fails', () => {
    it("throws 'Request error'", async () => {
      const client = new FhircastClient({
        hubUrl: HUB,
        fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
      });
      expect((await rejection(client.getContext('t'))).message).toBe('Request error');
    });
  });
});
