import { FakeWebSocket } from '../../client/subscriptions/fake-websocket';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Communication, Observation, Practitioner } from '../../fhir';
import { LiveFakeWebSocket, withSubscriptions } from '../live-test-utils';
import { NotificationsProvider } from '../notifications';
import { createTestClient, fhirJson, FhirProvider, type SentRequest } from './test-imports';
import { ResourceChat } from './ResourceChat';

const doctor: Practitioner = {
  resourceType: 'Practitioner',
  id: '2',
  name: [{ given: ['Julius'], family: 'Hibbert' }],
};
const observation: Observation = {
  resourceType: 'Observation',
  id: 'obs1',
  status: 'final',
  code: { text: 'Blood pressure' },
  subject: { reference: 'Patient/1' },
  encounter: { reference: 'Encounter/e1' },
};

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', LiveFakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('ResourceChat', () => {
  it('lists the comments based on the resource and adds one with basedOn, encounter and subject', async () => {
    const { client, requests } = createTestClient(
      withSubscriptions((request: SentRequest) => {
        const url = new URL(request.url);
        if (url.pathname === '/auth/me') return fhirJson({ profile: doctor });
        if (request.method === 'GET') return fhirJson({ resourceType: 'Bundle', type: 'searchset', entry: [] });
        return fhirJson({ ...(request.body as Communication), id: 'c1' }, 201);
      }),
      { accessToken: 'token' }
    );
    render(
      <FhirProvider client={client}>
        <NotificationsProvider container={null}>
          <ResourceChat title="Comments" resource={observation} />
        </NotificationsProvider>
      </FhirProvider>
    );
    await screen.findByText('No messages yet.');
    const search = new URL(requests.find((r) => r.url.includes('/Communication?'))!.url);
    expect(search.searchParams.get('based-on')).toBe('Observation/obs1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Looks fine{Enter}');
    await screen.findByText('Looks fine');
    const post = requests.find((r) => r.method === 'POST' && r.url.endsWith('/Communication'))!;
    expect(post.body).toMatchObject({
      status: 'in-progress',
      basedOn: [{ reference: 'Observation/obs1' }],
      encounter: { reference: 'Encounter/e1' },
      subject: { reference: 'Patient/1' },
      sender: { reference: 'Practitioner/2', display: 'Julius Hibbert' },
    });
  });
});
