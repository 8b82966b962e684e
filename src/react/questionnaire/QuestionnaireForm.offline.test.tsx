import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientStorage, MemoryStorage, createMemoryStore, type FhirClientOptions } from '../../client';
import type { Questionnaire, QuestionnaireResponse } from '../../fhir';
import { createTestClient, deferred, fhirJson, withClient, type SentRequest } from '../test-utils';
import { QuestionnaireForm } from './QuestionnaireForm';

const SAVED = 'Saved on this device; will send when you are back online';

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'Check-in',
  item: [{ linkId: 'name', text: 'Your name', type: 'string', required: true }],
};

/** Signed in as a patient, as after a reload: the login is in the client's storage. */
function signedInStorage(): ClientStorage {
  const storage = new ClientStorage(new MemoryStorage());
  const login = { accessToken: 'access-51c0de', refreshToken: 'refresh-51c0de', profile: { reference: 'Patient/1' } };
  storage.setObject('activeLogin', login);
  storage.setObject('logins', [login]);
  return storage;
}

/** A server that stores QuestionnaireResponses; `offline` fails every request as fetch does without a network. */
function setup(options: FhirClientOptions) {
  const server = {
    offline: false,
    stored: [] as QuestionnaireResponse[],
    hold: undefined as Promise<void> | undefined,
  };
  const { client, requests } = createTestClient(
    async (request: SentRequest) => {
      if (server.offline) throw new TypeError('Failed to fetch');
      if (request.url.endsWith('/auth/me')) return fhirJson({ profile: { resourceType: 'Patient', id: '1' } });
      if (request.method === 'POST' && request.url.endsWith('/QuestionnaireResponse')) {
        const hold = server.hold;
        server.hold = undefined;
        await hold;
        const created = { ...(request.body as QuestionnaireResponse), id: `qr${server.stored.length + 1}` };
        server.stored.push(created);
        return fhirJson(created, 201);
      }
      return fhirJson({}, 404);
    },
    { maxRetries: 0, ...options }
  );
  const posts = () => requests.filter((r) => r.method === 'POST' && r.url.endsWith('/QuestionnaireResponse'));
  return { client, server, posts };
}

async function answerAndSubmit() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Your name/), 'Homer');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

async function backOnline(server: { offline: boolean }) {
  server.offline = false;
  await act(async () => {
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('QuestionnaireForm offline (client offline option)', () => {
  it('says a response submitted offline is saved on the device, then sending, then nothing once it is sent', async () => {
    const { client, server, posts } = setup({ storage: signedInStorage(), offline: { store: createMemoryStore() } });
    await client.whenOfflineReady();
    server.offline = true;
    render(<QuestionnaireForm questionnaire={questionnaire} onSubmit={(r) => client.createResource(r)} />, {
      wrapper: withClient(client),
    });
    await answerAndSubmit();

    const status = await screen.findByText(SAVED);
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveAttribute('data-state', 'pending');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Your name/)).toHaveValue('Homer');

    const answer = deferred<void>();
    server.hold = answer.promise;
    await backOnline(server);
    expect(await screen.findByText('Sending…')).toHaveAttribute('data-state', 'sending');
    await act(async () => answer.resolve());
    await vi.waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByText('Sending…')).not.toBeInTheDocument();
    expect(posts()).toHaveLength(2);
    expect(server.stored).toHaveLength(1);
    expect(server.stored[0]).toMatchObject({
      status: 'completed',
      item: [{ linkId: 'name', answer: [{ valueString: 'Homer' }] }],
    });
  });

  it('shows the saved state too when onSubmit writes through the client without returning the write', async () => {
    const { client, server } = setup({ storage: signedInStorage(), offline: { store: createMemoryStore() } });
    await client.whenOfflineReady();
    server.offline = true;
    const onSubmit = async (response: QuestionnaireResponse) => {
      await client.createResource(response);
    };
    render(<QuestionnaireForm questionnaire={questionnaire} onSubmit={onSubmit} />, { wrapper: withClient(client) });
    await answerAndSubmit();

    expect(await screen.findByText(SAVED)).toHaveAttribute('data-state', 'pending');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no saved state for a submit the server took at once', async () => {
    const { client, server } = setup({ storage: signedInStorage(), offline: { store: createMemoryStore() } });
    await client.whenOfflineReady();
    render(<QuestionnaireForm questionnaire={questionnaire} onSubmit={(r) => client.createResource(r)} />, {
      wrapper: withClient(client),
    });
    await answerAndSubmit();

    await vi.waitFor(() => expect(server.stored).toHaveLength(1));
    expect(screen.queryByText(SAVED)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('without the offline option, keeps the answers and says the server cannot be reached', async () => {
    const { client, server } = setup({});
    server.offline = true;
    render(<QuestionnaireForm questionnaire={questionnaire} onSubmit={(r) => client.createResource(r)} />, {
      wrapper: withClient(client),
    });
    await answerAndSubmit();

    const alert = await screen.findByRole('alert');
    // The error as the form shows any failed submit (useErrorText).
    expect(alert).toHaveTextContent('Failed to fetch');
    expect(screen.queryByText(SAVED)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Your name/)).toHaveValue('Homer');
    expect(server.stored).toHaveLength(0);
  });
});
