// The FHIRcast hub over real HTTP and websockets, through the package's FhircastClient.
import { WebSocket } from 'ws';
import { FhircastClient, type FhircastConnection, type FhircastMessagePayload } from '../../../src/client/fhircast';
import { DemoCredentials, DemoIds } from '../seed/ids';
import { getJson, postForm, signIn, startTestServer, type TestServer } from '../test/login-helpers';
import { FHIRCAST_HUB_PATH, MAX_TOPIC_LENGTH } from './hub';

let server: TestServer;
let doctorToken: string;
let hubUrl: string;
const patient = { resourceType: 'Patient', id: DemoIds.patient };
/** A topic of the doctor's (topic-access.ts: `staff-{practitionerId}`, with a label per test). */
const topic = (label: string) => `staff-${DemoIds.doctor}_${label}`;
const connections: FhircastConnection[] = [];

beforeAll(async () => {
  server = await startTestServer();
  hubUrl = new URL(FHIRCAST_HUB_PATH.slice(1), server.url).toString();
  doctorToken = (await signIn(server.url, DemoCredentials.doctor.email, DemoCredentials.doctor.password)).access_token;
}, 180_000);

afterAll(async () => {
  for (const connection of connections) connection.disconnect();
  await server?.stop();
});

function hub(token: string | null = doctorToken): FhircastClient {
  return new FhircastClient({ hubUrl, getAccessToken: () => token ?? undefined });
}

/** Subscribes and connects; resolves with the events received so far once the hub confirmed. */
async function listen(topic: string, token: string | null = doctorToken): Promise<FhircastMessagePayload[]> {
  const client = hub(token);
  const subscription = await client.subscribe(topic, ['Patient-open', 'Patient-close']);
  const connection = client.connect(subscription, { WebSocket: WebSocket as never });
  connections.push(connection);
  const events: FhircastMessagePayload[] = [];
  connection.on('message', ({ payload }) => events.push(payload));
  await new Promise<void>((resolve) => connection.on('subscribed', () => resolve()));
  return events;
}

const issue = (body: any) => body?.issue?.[0]?.details?.text;

/** The HTTP status a websocket upgrade to `url` gets: 101 when the hub takes the socket. */
function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', (error) => reject(error));
  });
}

describe('FHIRcast hub', () => {
  describe('when subscribing', () => {
    it('answers a websocket endpoint for a form-encoded request with the hub.* fields', async () => {
      const res = await postForm(
        server.url,
        FHIRCAST_HUB_PATH,
        {
          'hub.channel.type': 'websocket',
          'hub.mode': 'subscribe',
          'hub.topic': topic('a'),
          'hub.events': 'Patient-open',
        },
        { Authorization: `Bearer ${doctorToken}` }
      );
      expect(res.status).toBe(202);
      // The last segment carries the subscription and its signature (endpoint.ts).
      expect(res.body['hub.channel.endpoint']).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/ws\/fhircast\/[\w-]+\.[\w-]{43}$/);
    });

    it('refuses a caller without a token, an unknown event, another channel type and a long topic', async () => {
      const form = {
        'hub.channel.type': 'websocket',
        'hub.mode': 'subscribe',
        'hub.topic': topic('t'),
        'hub.events': 'Patient-open',
      };
      const auth = { Authorization: `Bearer ${doctorToken}` };
      expect((await postForm(server.url, FHIRCAST_HUB_PATH, form)).status).toBe(401);
      const unknown = await postForm(server.url, FHIRCAST_HUB_PATH, { ...form, 'hub.events': 'Patient-dance' }, auth);
      expect(unknown.status).toBe(400);
      expect(issue(unknown.body)).toMatch(/^hub.events must be a comma-separated list of: Patient-open/);
      const channel = await postForm(server.url, FHIRCAST_HUB_PATH, { ...form, 'hub.channel.type': 'webhook' }, auth);
      expect(issue(channel.body)).toBe("hub.channel.type must be 'websocket'.");
      const long = await postForm(
        server.url,
        FHIRCAST_HUB_PATH,
        { ...form, 'hub.topic': 'x'.repeat(MAX_TOPIC_LENGTH + 1) },
        auth
      );
      expect(issue(long.body)).toBe(`Topic must be at most ${MAX_TOPIC_LENGTH} characters.`);
    });

    it('refuses a socket to an endpoint it did not sign, or signed for something else', async () => {
      const subscription = await hub().subscribe(topic('forged'), ['Patient-open']);
      const endpoint = subscription.endpoint as string;
      expect(await upgradeStatus(endpoint)).toBe(101);
      const [payload, signature] = (endpoint.split('/').pop() as string).split('.');
      const base = endpoint.slice(0, endpoint.lastIndexOf('/') + 1);
      // Another topic in the payload, under the old signature.
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const otherTopic = Buffer.from(JSON.stringify({ ...claims, t: 'someone-elses-topic' })).toString('base64url');
      expect(await upgradeStatus(`${base}${otherTopic}.${signature}`)).toBe(404);
      // A random id, a missing signature and one far too long.
      expect(await upgradeStatus(`${base}${'A'.repeat(43)}`)).toBe(404);
      expect(await upgradeStatus(`${base}${payload}.`)).toBe(404);
      expect(await upgradeStatus(`${base}${'A'.repeat(5000)}.${signature}`)).toBe(404);
    });

    it('stops delivering after unsubscribe', async () => {
      const client = hub();
      const subscription = await client.subscribe(topic('unsub'), ['Patient-open']);
      const connection = client.connect(subscription, { WebSocket: WebSocket as never });
      connections.push(connection);
      const closed = new Promise<void>((resolve) => connection.on('close', () => resolve()));
      await new Promise<void>((resolve) => connection.on('subscribed', () => resolve()));
      await client.unsubscribe(subscription);
      await closed;
      connection.disconnect();
      // The endpoint is gone: a socket to it is refused.
      expect(await upgradeStatus(subscription.endpoint as string)).toBe(404);
      const res = await postForm(
        server.url,
        FHIRCAST_HUB_PATH,
        {
          'hub.channel.type': 'websocket',
          'hub.mode': 'unsubscribe',
          'hub.topic': topic('unsub'),
          'hub.events': 'Patient-open',
        },
        { Authorization: `Bearer ${doctorToken}` }
      );
      expect(issue(res.body)).toBe('Subscription request should contain an endpoint.');
    });
  });

  describe('when publishing', () => {
    it('delivers the event to every subscriber of the topic and keeps the context', async () => {
      const first = await listen(topic('publish'));
      const second = await listen(topic('publish'));
      const elsewhere = await listen(topic('other'));
      const sent = await hub().publish(topic('publish'), 'Patient-open', { key: 'patient', resource: patient });
      await vi.waitFor(() => expect(first.map((e) => e.id)).toEqual([sent.id]));
      await vi.waitFor(() => expect(second.map((e) => e.id)).toEqual([sent.id]));
      expect(first[0].event).toMatchObject({
        'hub.topic': topic('publish'),
        'hub.event': 'Patient-open',
        context: [{ key: 'patient', resource: patient }],
      });
      expect(elsewhere).toEqual([]);

      expect(await hub().getContext(topic('publish'))).toEqual({
        'context.type': 'Patient',
        context: [{ key: 'patient', resource: patient }],
      });
      await hub().publish(topic('publish'), 'Patient-close', { key: 'patient', resource: patient });
      await vi.waitFor(() => expect(first).toHaveLength(2));
      expect(await hub().getContext(topic('publish'))).toEqual({ 'context.type': '', context: [] });
    });

    it('answers 401 to publish and context requests without a token', async () => {
      expect((await getJson(server.url, `${FHIRCAST_HUB_PATH}/${topic('publish')}`)).status).toBe(401);
      await expect(
        hub(null).publish(topic('publish'), 'Patient-open', { key: 'patient', resource: patient })
      ).rejects.toThrow();
    });

    it('refuses events whose context fails validation, with the reason', async () => {
      const publish = (event: unknown) =>
        fetch(new URL(`${FHIRCAST_HUB_PATH}/${topic('bad')}`, server.url), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${doctorToken}` },
          body: JSON.stringify({ id: '1', timestamp: new Date().toISOString(), event }),
        }).then(async (res) => ({ status: res.status, body: await res.json() }));
      const base = { 'hub.topic': topic('bad'), 'hub.event': 'Patient-open' };
      const missing = await publish({ ...base, context: [] });
      expect(missing.status).toBe(400);
      expect(issue(missing.body)).toBe("Missing required key 'patient' in the context of Patient-open.");
      const wrongType = await publish({
        ...base,
        context: [{ key: 'patient', resource: { resourceType: 'Encounter', id: '1' } }],
      });
      expect(issue(wrongType.body)).toBe(
        "Context key 'patient' of Patient-open needs a resource with a string id and resourceType Patient."
      );
      const twice = await publish({
        ...base,
        context: [
          { key: 'patient', resource: patient },
          { key: 'patient', resource: patient },
        ],
      });
      expect(issue(twice.body)).toBe("Key 'patient' may appear only once in the context of Patient-open.");
      const noVersion = await publish({
        'hub.topic': topic('bad'),
        'hub.event': 'DiagnosticReport-update',
        context: [
          { key: 'report', resource: { resourceType: 'DiagnosticReport', id: 'r' } },
          { key: 'updates', resource: { resourceType: 'Bundle', id: 'b' } },
        ],
      });
      expect(issue(noVersion.body)).toBe('DiagnosticReport-update needs a context version id.');
      const otherTopic = await publish({
        ...base,
        'hub.topic': 'elsewhere',
        context: [{ key: 'patient', resource: patient }],
      });
      expect(issue(otherTopic.body)).toBe('event.hub.topic must equal the topic of the URL.');
      const unknownEvent = await publish({ ...base, 'hub.event': 'Patient-dance', context: [] });
      expect(issue(unknownEvent.body)).toMatch(/^Invalid event 'Patient-dance'/);
    });
  });
});
