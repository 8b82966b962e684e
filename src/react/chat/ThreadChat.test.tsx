import { FakeWebSocket } from '../../client/subscriptions/fake-websocket';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Communication, Patient } from '../../fhir';
import { LiveFakeWebSocket, lastSocket, withSubscriptions } from '../live-test-utils';
import { NotificationsProvider } from '../notifications';
import { createTestClient, fhirJson, FhirProvider, type SentRequest } from './test-imports';
import { ThreadChat } from './ThreadChat';

const homer: Patient = { resourceType: 'Patient', id: '1', name: [{ given: ['Homer'], family: 'Simpson' }] };
const DOCTOR = { reference: 'Practitioner/2', display: 'Dr. Julius Hibbert' };
const PATIENT = { reference: 'Patient/1', display: 'Homer Simpson' };

function message(id: string, sent: string, text: string, extra: Partial<Communication> = {}): Communication {
  return {
    resourceType: 'Communication',
    id,
    status: 'completed',
    sent,
    sender: DOCTOR,
    recipient: [PATIENT],
    received: sent,
    meta: { lastUpdated: sent },
    payload: [{ contentString: text }],
    ...extra,
  };
}

interface ServerState {
  messages: Communication[];
  failPosts?: boolean;
}

function setup(initial: Communication[] = [], { pageSize }: { pageSize?: number } = {}) {
  const server: ServerState = { messages: [...initial] };
  let next = 100;
  const { client, requests } = createTestClient(
    withSubscriptions((request: SentRequest) => {
      const url = new URL(request.url);
      if (url.pathname === '/auth/me') return fhirJson({ profile: homer });
      if (url.pathname.endsWith('/Communication') && request.method === 'GET') {
        const before = url.searchParams.get('sent')?.replace(/^lt/, '');
        const sorted = [...server.messages]
          .filter((m) => !before || (m.sent ?? '') < before)
          .sort((a, b) => (b.sent ?? '').localeCompare(a.sent ?? ''))
          .slice(0, Number(url.searchParams.get('_count') ?? 1000));
        return fhirJson({ resourceType: 'Bundle', type: 'searchset', entry: sorted.map((resource) => ({ resource })) });
      }
      if (url.pathname.endsWith('/Communication') && request.method === 'POST') {
        if (server.failPosts) {
          return fhirJson(
            {
              resourceType: 'OperationOutcome',
              issue: [{ severity: 'error', code: 'exception', details: { text: 'Message rejected' } }],
            },
            400
          );
        }
        const created = {
          ...(request.body as Communication),
          id: `new${++next}`,
          meta: { lastUpdated: new Date().toISOString() },
        };
        server.messages.push(created);
        return fhirJson(created, 201);
      }
      if (request.method === 'PUT') {
        const updated = { ...(request.body as Communication), meta: { lastUpdated: new Date().toISOString() } };
        server.messages = server.messages.map((m) => (m.id === updated.id ? updated : m));
        return fhirJson(updated);
      }
      return fhirJson({}, 404);
    }),
    { accessToken: 'token' }
  );
  // `key` remounts the chat, as leaving the page and coming back does.
  const tree = (key = 'first') => (
    <FhirProvider client={client}>
      <NotificationsProvider container={null} autoClose={false}>
        <ThreadChat
          key={key}
          title="Dr. Julius Hibbert"
          participants={[PATIENT, DOCTOR]}
          locale="en-US"
          pageSize={pageSize}
        />
      </NotificationsProvider>
    </FhirProvider>
  );
  const view = render(tree());
  return { client, requests, server, view, tree };
}

const bubbles = () =>
  [...screen.getByRole('log', { name: 'Messages' }).querySelectorAll('.fpk-chat-bubble')].map((b) => b.textContent);

async function connect() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  act(() => lastSocket().open());
  await act(async () => {
    await vi.advanceTimersByTimeAsync(10);
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

describe('ThreadChat', () => {
  it('loads the pair with the chat search and shows it by sent time ascending', async () => {
    const { requests } = setup([
      message('b', '2026-03-02T10:00:00Z', 'Second'),
      message('a', '2026-03-01T10:00:00Z', 'First', { sender: PATIENT, recipient: [DOCTOR] }),
    ]);
    await connect();
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(bubbles()).toEqual(['First', 'Second']);
    const search = new URL(requests.find((r) => r.url.includes('/Communication?'))!.url);
    expect(search.searchParams.get('sender')).toBe('Patient/1,Practitioner/2');
    expect(search.searchParams.get('recipient')).toBe('Patient/1,Practitioner/2');
    expect(search.searchParams.get('_sort')).toBe('-sent');
    expect(search.searchParams.get('sent:missing')).toBe('false');
    const subscription = requests.find((r) => r.method === 'POST' && r.url.endsWith('/Subscription'));
    expect((subscription?.body as { criteria: string }).criteria).toBe(
      'Communication?sender=Patient/1,Practitioner/2&recipient=Patient/1,Practitioner/2'
    );
  });

  describe('when the user scrolls to the top of a long conversation', () => {
    it('loads the page before the oldest message shown and puts it above, each message once', async () => {
      const { requests } = setup(
        [
          message('a', '2026-03-01T10:00:00Z', 'Oldest'),
          message('b', '2026-03-01T11:00:00Z', 'Middle'),
          message('c', '2026-03-01T12:00:00Z', 'Newest'),
        ],
        { pageSize: 2 }
      );
      await connect();
      await screen.findByText('Newest');
      expect(bubbles()).toEqual(['Middle', 'Newest']);
      const list = screen.getByRole('log', { name: 'Messages' });
      list.scrollTop = 0;
      fireEvent.scroll(list);
      await screen.findByText('Oldest');
      expect(bubbles()).toEqual(['Oldest', 'Middle', 'Newest']);
      const searches = requests.filter((r) => r.method === 'GET' && r.url.includes('/Communication?'));
      const older = new URL(searches[searches.length - 1].url);
      expect(older.searchParams.get('sent')).toBe('lt2026-03-01T11:00:00Z');
      expect(older.searchParams.get('_sort')).toBe('-sent');
      expect(older.searchParams.get('_count')).toBe('2');
      // That page was not full: nothing older is asked for.
      fireEvent.scroll(list);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10);
      });
      expect(requests.filter((r) => r.method === 'GET' && r.url.includes('/Communication?'))).toHaveLength(2);
    });
  });

  describe('when an incoming message has no received time', () => {
    it('updates it to completed with received now', async () => {
      const { requests } = setup([
        message('a', '2026-03-01T10:00:00Z', 'Unread', { status: 'in-progress', received: undefined }),
      ]);
      await connect();
      await screen.findByText('Unread');
      await vi.waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
      const put = requests.find((r) => r.method === 'PUT')!;
      expect(put.url).toMatch(/Communication\/a$/);
      expect(put.body).toMatchObject({ status: 'completed', received: expect.any(String) });
    });
  });

  describe('when the user sends', () => {
    it('creates an in-progress message to the other participant and shows it once, echo included', async () => {
      const { requests, server } = setup();
      await connect();
      await screen.findByText('No messages yet.');
      await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello doctor{Enter}');
      await screen.findByText('Hello doctor');
      const post = requests.find((r) => r.method === 'POST' && r.url.endsWith('/Communication'))!;
      expect(post.body).toMatchObject({
        status: 'in-progress',
        sender: { reference: 'Patient/1', display: 'Homer Simpson' },
        recipient: [{ reference: 'Practitioner/2', display: 'Dr. Julius Hibbert' }],
        subject: PATIENT,
        payload: [{ contentString: 'Hello doctor' }],
      });
      act(() => lastSocket().notify(server.messages[0]));
      expect(bubbles()).toEqual(['Hello doctor']);
      expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    });

    it("shows the red 'Error' notice and keeps the typed text when the send fails", async () => {
      const { server } = setup();
      server.failPosts = true;
      await connect();
      await screen.findByText('No messages yet.');
      await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Do not lose me{Enter}');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Error');
      expect(alert).toHaveTextContent('Message rejected');
      expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Do not lose me');
    });
  });

  describe('when the connection drops and comes back', () => {
    it('shows the disconnect toast, then the reconnect toast, and the message sent meanwhile once', async () => {
      const { server } = setup([message('a', '2026-03-01T10:00:00Z', 'Before')]);
      await connect();
      await screen.findByText('Before');
      act(() => lastSocket().drop());
      expect(await screen.findByRole('alert')).toHaveTextContent('Live chat disconnected. Attempting to reconnect...');
      // The doctor writes while the patient is offline; no notification can reach the patient.
      server.messages.push(message('b', '2026-03-01T11:00:00Z', 'While you were away'));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000);
      });
      act(() => lastSocket().open());
      const status = await screen.findByText('Live chat reconnected.');
      expect(status.closest('[role="status"]')).toHaveAttribute('data-color', 'green');
      expect(screen.getAllByText('Live chat reconnected.')).toHaveLength(1);
      expect(screen.queryByText('Live chat disconnected. Attempting to reconnect...')).not.toBeInTheDocument();
      await screen.findByText('While you were away');
      // The server also notifies after the rebind; still shown once.
      act(() => lastSocket().notify(server.messages[1]));
      expect(bubbles()).toEqual(['Before', 'While you were away']);
    });
  });

  describe('when the chat is opened again within 3000 ms and then the connection drops', () => {
    it('shares the live subscription and still shows both toasts, once each', async () => {
      const { view, tree, requests } = setup([message('a', '2026-03-01T10:00:00Z', 'Before')]);
      await connect();
      await screen.findByText('Before');
      view.rerender(tree('second'));
      await screen.findByText('Before');
      expect(requests.filter((r) => r.method === 'POST' && r.url.endsWith('/Subscription'))).toHaveLength(1);
      act(() => lastSocket().drop());
      expect(await screen.findByRole('alert')).toHaveTextContent('Live chat disconnected. Attempting to reconnect...');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000);
      });
      act(() => lastSocket().open());
      await screen.findByText('Live chat reconnected.');
      expect(screen.getAllByText('Live chat reconnected.')).toHaveLength(1);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe('when the user has no profile', () => {
    it("shows 'Error: Provider profile not found'", async () => {
      const { client } = createTestClient(() => fhirJson({}, 404));
      render(
        <FhirProvider client={client}>
          <NotificationsProvider container={null}>
            <ThreadChat title="Chat" participants={[PATIENT, DOCTOR]} />
          </NotificationsProvider>
        </FhirProvider>
      );
      expect(await screen.findByRole('alert')).toHaveTextContent('Error: Provider profile not found');
      expect(within(document.body).queryByRole('textbox')).not.toBeInTheDocument();
    });
  });
});
