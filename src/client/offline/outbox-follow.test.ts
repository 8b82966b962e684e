// A save made while the create of the same resource is on its way must reach the server: it goes
// as an update of what that create made, not as a second conditional create the server would
// answer with the first one's content.
import type { QuestionnaireResponse } from '../../fhir/types';
import type { RecordedRequest } from '../test-helpers';
import { fakeServer, settle, signedIn } from './offline-test-helpers';

const draft = (answer: string, identifier?: QuestionnaireResponse['identifier']): QuestionnaireResponse => ({
  resourceType: 'QuestionnaireResponse',
  status: 'in-progress',
  ...(identifier ? { identifier } : {}),
  item: [{ linkId: 'q1', answer: [{ valueString: answer }] }],
});
const answerOf = (resource: QuestionnaireResponse) => resource.item?.[0].answer?.[0].valueString;
const wire = (r: RecordedRequest) => ({ method: r.method, url: r.url, ifMatch: r.headers['If-Match'] });

/** The fake server, with POSTs held until `release` is called; `posted` resolves when one arrives. */
function slowServer() {
  const server = fakeServer();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const posted = new Promise<void>((resolve) => (arrived = resolve));
  const handle = async (request: RecordedRequest) => {
    if (request.method === 'POST' && !server.state.offline) {
      arrived();
      await gate;
    }
    return server.handle(request);
  };
  return { server, handle, release, posted };
}

describe('a save made while the create is being sent', () => {
  it('goes as an update of the created resource, with If-Match, and the server ends with its content', async () => {
    const { server, handle, release, posted } = slowServer();
    const { client, fhirRequests } = await signedIn(handle);
    server.state.offline = true;
    const a = await client.createResource(draft('A'));
    server.state.offline = false;

    const flushing = client.outbox?.flush();
    await posted;
    const b = await client.createResource(draft('B', a.identifier));
    expect(client.outbox?.list().map((entry) => entry.state)).toEqual(['sending', 'pending']);
    release();
    await flushing;
    await settle();

    const sent = fhirRequests().filter((r) => r.method !== 'GET');
    const [created] = server.ofType('QuestionnaireResponse');
    expect(sent.slice(-2).map(wire)).toEqual([
      { method: 'POST', url: expect.stringMatching(/QuestionnaireResponse$/), ifMatch: undefined },
      { method: 'PUT', url: expect.stringMatching(`QuestionnaireResponse/${created.id}$`), ifMatch: 'W/"1"' },
    ]);
    expect(server.ofType('QuestionnaireResponse')).toHaveLength(1);
    expect(answerOf(created)).toBe('B');
    expect(created.identifier).toEqual(a.identifier);
    expect(client.isQueued(b)).toBe(false);
    expect(client.outbox?.list().map((entry) => entry.state)).toEqual(['sent', 'sent']);
  });

  it('sends later saves of a resource this page already sent as one update', async () => {
    const server = fakeServer();
    const { client, fhirRequests } = await signedIn(server.handle);
    server.state.offline = true;
    const a = await client.createResource(draft('A'));
    server.state.offline = false;
    await client.outbox?.flush();

    server.state.offline = true;
    const c = await client.createResource(draft('C', a.identifier));
    expect(client.queuedEntry(c)).toMatchObject({ kind: 'update', state: 'pending' });
    // Saved again before that went: the waiting update takes the new body, keeping its id and version.
    const d = await client.createResource(draft('D', a.identifier));
    expect(client.queuedEntry(d)).toBe(client.queuedEntry(c));
    server.state.offline = false;
    await client.outbox?.flush();

    const [created] = server.ofType('QuestionnaireResponse');
    expect(server.ofType('QuestionnaireResponse')).toHaveLength(1);
    expect(answerOf(created)).toBe('D');
    expect(
      fhirRequests()
        .filter((r) => r.method === 'PUT')
        .map(wire)
    ).toEqual([
      { method: 'PUT', url: expect.stringMatching(`QuestionnaireResponse/${created.id}$`), ifMatch: 'W/"1"' },
    ]);
  });
});
