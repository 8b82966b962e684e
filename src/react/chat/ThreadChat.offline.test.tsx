import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientStorage, MemoryStorage, createMemoryStore, type OfflineStore } from '../../client';
import { FakeWebSocket } from '../../client/subscriptions/fake-websocket';
import type { Communication } from '../../fhir';
import { LiveFakeWebSocket, lastSocket, withSubscriptions } from '../live-test-utils';
import { NotificationsProvider } from '../notifications';
import { deferred } from '../test-utils';
import { createTestClient, fhirJson, FhirProvider, type SentRequest } from './test-imports';
import { ThreadChat } from './ThreadChat';

const DOCTOR = { reference: 'Practitioner/2', display: 'Dr. Julius Hibbert' };
const PATIENT = { reference: 'Patient/1', display: 'Homer Simpson' };
const SAVED = 'Saved on this device; will send when you are back online';

const before: Communication = {
  resourceType: 'Communication',
  id: 'a',
  status: 'completed',
  sent: '2026-03-01T10:00:00Z',
  sender: DOCTOR,
  recipient: [PATIENT],
  received: '2026-03-01T10:00:00Z',
  payload: [{ contentString: 'Before' }],
};

/** Signed in as Homer, as after a reload: the login is in the client's storage. */
function signedInStorage(): ClientStorage {
  const storage = new ClientStorage(new MemoryStorage());
  const login = { accessToken: 'access-7f3a9c', refreshToken: 'refresh-7f3a9c', profile: { reference: 'Patient/1' } };
  storage.setObject('activeLogin', login);
  storage.setObject('logins', [login]);
  return storage;
}

const identifierOf = (resource: Communication) => JSON.stringify((resource as { identifier?: unknown }).identifier);

/**
 * A server that stores Communications and, like the reference server's conditional create,
 * answers the stored one for a create carrying an identifier it already has. `offline` makes
 * every request fail as fetch does without a network; `hold` keeps the next create's answer
 * until the test resolves it; `loseAnswer` stores the next create and drops its answer.
 */
function fakeServer() {
  const server = {
    messages: [before] as Communication[],
    offline: false,
    hold: undefined as Promise<void> | undefined,
    loseAnswer: false,
  };
  let next = 100;
  const respond = withSubscriptions(async (request: SentRequest) => {
    if (server.offline) throw new TypeError('Failed to fetch');
    const url = new URL(request.url);
    if (url.pathname === '/auth/me') return fhirJson({ profile: { resourceType: 'Patient', id: '1', name: [] } });
    if (url.pathname.endsWith('/Communication') && request.method === 'GET') {
      const sorted = [...server.messages].sort((a, b) => (b.sent ?? '').localeCompare(a.sent ?? ''));
      return fhirJson({ resourceType: 'Bundle', type: 'searchset', entry: sorted.map((resource) => ({ resource })) });
    }
    if (url.pathname.endsWith('/Communication') && request.method === 'POST') {
      const hold = server.hold;
      server.hold = undefined;
      await hold;
      const body = request.body as Communication;
      const known = server.messages.find((m) => m.id && identifierOf(m) === identifierOf(body));
      if (known) return fhirJson(known, 200);
      const created = { ...body, id: `new${++next}`, meta: { versionId: '1', lastUpdated: new Date().toISOString() } };
      server.messages.push(created);
      if (server.loseAnswer) {
        server.loseAnswer = false;
        throw new TypeError('Failed to fetch');
      }
      return fhirJson(created, 201);
    }
    return fhirJson({}, 404);
  });
  return { server, respond };
}

function renderChat(
  respond: ReturnType<typeof fakeServer>['respond'],
  store: OfflineStore,
  storage: ClientStorage = signedInStorage()
) {
  const { client, requests } = createTestClient(respond, { storage, maxRetries: 0, offline: { store } });
  const view = render(
    <FhirProvider client={client}>
      <NotificationsProvider container={null} autoClose={false}>
        <ThreadChat title="Dr. Julius Hibbert" participants={[PATIENT, DOCTOR]} locale="en-US" />
      </NotificationsProvider>
    </FhirProvider>
  );
  const posts = () => requests.filter((r) => r.method === 'POST' && r.url.endsWith('/Communication'));
  return { client, view, posts, storage };
}

const list = () => screen.getByRole('log', { name: 'Messages' });
const bubbles = () => [...list().querySelectorAll('.fpk-chat-bubble')].map((b) => b.textContent);
const rowOf = (text: string) => screen.getByText(text).closest('.fpk-chat-message') as HTMLElement;
const input = () => screen.getByRole('textbox', { name: 'Message' });

async function connect() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  act(() => lastSocket().open());
  await act(async () => {
    await vi.advanceTimersByTimeAsync(10);
  });
}

async function backOnline(server: { offline: boolean }) {
  server.offline = false;
  await act(async () => {
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', LiveFakeWebSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ThreadChat offline (client offline option)', () => {
  it('shows a message sent offline at once as queued, clears the input, and shows it once when it is sent', async () => {
    const { server, respond } = fakeServer();
    const { posts } = renderChat(respond, createMemoryStore());
    await connect();
    await screen.findByText('Before');

    server.offline = true;
    await userEvent.type(input(), 'Hello from the train{Enter}');

    expect(await screen.findByText('Hello from the train')).toBeInTheDocument();
    const row = rowOf('Hello from the train');
    expect(row).toHaveAttribute('data-queued', 'pending');
    expect(row).toHaveTextContent(SAVED);
    expect(input()).toHaveValue('');
    expect(server.messages).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Back online, the outbox sends it; while the answer is on its way the row says so.
    const answer = deferred<void>();
    server.hold = answer.promise;
    await backOnline(server);
    await vi.waitFor(() => expect(rowOf('Hello from the train')).toHaveAttribute('data-queued', 'sending'));
    expect(rowOf('Hello from the train')).toHaveTextContent('Sending…');

    await act(async () => {
      answer.resolve();
      await vi.advanceTimersByTimeAsync(0);
    });
    await vi.waitFor(() => expect(rowOf('Hello from the train')).not.toHaveAttribute('data-queued'));
    expect(rowOf('Hello from the train')).not.toHaveTextContent(SAVED);
    expect(bubbles()).toEqual(['Before', 'Hello from the train']);
    expect(server.messages.map((m) => m.payload?.[0]?.contentString)).toEqual(['Before', 'Hello from the train']);

    // The live subscription echoes the server's copy: still one row.
    act(() => lastSocket().notify(server.messages[1]));
    expect(bubbles()).toEqual(['Before', 'Hello from the train']);
    expect(posts().at(-1)?.body).toMatchObject({ payload: [{ contentString: 'Hello from the train' }] });
  });

  it('keeps a queued message across a reload and sends it once when the connection is back', async () => {
    const { server, respond } = fakeServer();
    const store = createMemoryStore();
    const first = renderChat(respond, store);
    await connect();
    await screen.findByText('Before');
    server.offline = true;
    await userEvent.type(input(), 'Written before the reload{Enter}');
    await vi.waitFor(() => expect(rowOf('Written before the reload')).toHaveAttribute('data-queued', 'pending'));
    first.view.unmount();

    // The page reloads, still offline: a new client over the same device store and login.
    renderChat(respond, store, first.storage);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(await screen.findByText('Written before the reload')).toBeInTheDocument();
    expect(rowOf('Written before the reload')).toHaveAttribute('data-queued', 'pending');
    expect(rowOf('Written before the reload')).toHaveTextContent(SAVED);

    await backOnline(server);
    await vi.waitFor(() => expect(rowOf('Written before the reload')).not.toHaveAttribute('data-queued'));
    expect(server.messages.filter((m) => m.payload?.[0]?.contentString === 'Written before the reload')).toHaveLength(
      1
    );
    expect(bubbles().filter((text) => text === 'Written before the reload')).toHaveLength(1);
  });

  it('shows the message once when the server stored it but its answer was lost', async () => {
    const { server, respond } = fakeServer();
    const { posts } = renderChat(respond, createMemoryStore());
    await connect();
    await screen.findByText('Before');

    // The server stores the message, then the connection drops before the answer arrives.
    server.loseAnswer = true;
    await userEvent.type(input(), 'Did it arrive?{Enter}');
    await vi.waitFor(() => expect(rowOf('Did it arrive?')).toHaveAttribute('data-queued', 'pending'));
    expect(server.messages).toHaveLength(2);

    // The live subscription brings the server's copy while the outbox still holds the message.
    act(() => lastSocket().notify(server.messages[1]));
    expect(bubbles()).toEqual(['Before', 'Did it arrive?']);
    expect(rowOf('Did it arrive?')).not.toHaveAttribute('data-queued');

    // The outbox's replay is a conditional create: the server answers the stored message.
    await backOnline(server);
    await vi.waitFor(() => expect(posts()).toHaveLength(2));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(server.messages).toHaveLength(2);
    expect(bubbles()).toEqual(['Before', 'Did it arrive?']);
  });
});
