// A small in-memory chat server for the chat stories: a FhirClient whose fetch answers from a
// list of Communications, and a fake socket the play functions drop and restore.
import { ClientStorage, FhirClient, configureClientSubscriptions, MemoryStorage } from '../src/client';
import type { Communication, Patient } from '../src/fhir';
import { LiveFakeWebSocket, withSubscriptions, type LiveRequest } from '../src/react/live-test-utils';
import { FakeWebSocket } from '../src/client/subscriptions/fake-websocket';

export const PATIENT = { reference: 'Patient/homer', display: 'Homer Simpson' };
export const DOCTOR = { reference: 'Practitioner/hibbert', display: 'Dr. Julius Hibbert' };
const homer: Patient = { resourceType: 'Patient', id: 'homer', name: [{ given: ['Homer'], family: 'Simpson' }] };

/** A socket that the server accepts shortly after it is opened, unless the story made the server go away. */
export class StoryWebSocket extends LiveFakeWebSocket {
  static serverUp = true;
  constructor(url: string) {
    super(url);
    setTimeout(() => {
      if (StoryWebSocket.serverUp) this.open();
      else this.drop();
    }, 20);
  }
}

/** The newest story socket. */
export const storySocket = () => FakeWebSocket.last as StoryWebSocket;

/** A message of the demo conversation. */
export function chatMessage(
  id: string,
  sent: Date,
  text: string,
  fromPatient: boolean,
  received = true
): Communication {
  return {
    resourceType: 'Communication',
    id,
    status: received ? 'completed' : 'in-progress',
    sent: sent.toISOString(),
    ...(received ? { received: new Date(sent.getTime() + 5 * 60_000).toISOString() } : {}),
    meta: { lastUpdated: sent.toISOString() },
    sender: fromPatient ? PATIENT : DOCTOR,
    recipient: [fromPatient ? DOCTOR : PATIENT],
    subject: PATIENT,
    payload: [{ contentString: text }],
  };
}

/** The state of the story server. */
export interface StoryServer {
  messages: Communication[];
  failPosts: boolean;
}

/** A signed-in client (as Homer) over an in-memory server, with the story socket. */
let previous: FhirClient | undefined;

export function createStoryClient(
  messages: Communication[],
  failPosts = false
): { client: FhirClient; server: StoryServer } {
  // The previous story's client stops reconnecting, so the newest socket is always this story's.
  void previous?.getSubscriptionManager().then((manager) => manager.closeWebSocket());
  const server: StoryServer = { messages: [...messages], failPosts };
  FakeWebSocket.instances = [];
  StoryWebSocket.serverUp = true;
  let next = 0;
  const respond = withSubscriptions((request: LiveRequest) => {
    const url = new URL(request.url);
    if (url.pathname === '/auth/me') return json({ profile: homer });
    if (url.pathname.endsWith('/Communication') && request.method === 'GET') {
      const sorted = [...server.messages].sort((a, b) => (b.sent ?? '').localeCompare(a.sent ?? ''));
      const count = Number(url.searchParams.get('_count') ?? 100);
      return json({
        resourceType: 'Bundle',
        type: 'searchset',
        entry: sorted.slice(0, count).map((resource) => ({ resource })),
      });
    }
    if (url.pathname.endsWith('/Communication') && request.method === 'POST') {
      if (server.failPosts) {
        return json(
          {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'invalid', details: { text: 'Message could not be saved' } }],
          },
          400
        );
      }
      const created = {
        ...(request.body as Communication),
        id: `story${++next}`,
        meta: { lastUpdated: new Date().toISOString() },
      };
      server.messages.push(created);
      return json(created, 201);
    }
    if (request.method === 'PUT') return json(request.body);
    return json({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] }, 404);
  });
  const client = new FhirClient({
    baseUrl: 'http://localhost:8103/',
    accessToken: 'story',
    storage: new ClientStorage(new MemoryStorage()),
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      return respond({ method: init.method ?? 'GET', url: input.toString(), body });
    }) as typeof fetch,
  });
  // A short first retry, so the reconnect stories do not wait the full 1-5 s.
  configureClientSubscriptions(client, { WebSocket: StoryWebSocket, minReconnectionDelay: 200, random: () => 0 });
  previous = client;
  return { client, server };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/fhir+json' } });
}

/** A conversation over several days ending today. */
export function conversation(now = new Date()): Communication[] {
  const at = (daysAgo: number, hour: number) => {
    const d = new Date(now);
    d.setDate(d.getDate() - daysAgo);
    d.setHours(hour, 5, 0, 0);
    return d;
  };
  return [
    chatMessage('m1', at(3, 8), 'Hi Dr. Hibbert, my blood pressure readings have been higher this week.', true),
    chatMessage(
      'm2',
      at(3, 10),
      'Thanks for letting me know, Homer. Are you taking the lisinopril every morning?',
      false
    ),
    chatMessage('m3', at(2, 9), 'Most days. I forgot it twice last week.', true),
    chatMessage('m4', at(1, 9), 'Try setting a phone reminder, and add your readings in the portal.', false),
    chatMessage('m5', at(0, 7), 'Will do. Should I also book a follow-up?', true, false),
  ];
}
