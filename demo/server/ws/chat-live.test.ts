// Live chat through the package's FhirClient over a real server: the patient and the doctor
// each subscribe to their conversation (subscribeToCriteria) and see each other's messages.
import { WebSocket } from 'ws';
import { configureClientSubscriptions, participantsQuery, createChatMessage, fetchChatPage } from '../../../src/client';
import type { Bundle, Communication } from '../../../src/fhir/types';
import { DemoCredentials, DemoIds } from '../seed/ids';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../test/login-helpers';

let server: TestServer;
let homer: SignedIn;
let doctor: SignedIn;
const PATIENT = { reference: `Patient/${DemoIds.patient}` };
const DOCTOR = { reference: `Practitioner/${DemoIds.doctor}` };
const query = participantsQuery(PATIENT, DOCTOR);

beforeAll(async () => {
  server = await startTestServer();
  homer = await signIn(server.url, DemoCredentials.patient.email, DemoCredentials.patient.password);
  doctor = await signIn(server.url, DemoCredentials.doctor.email, DemoCredentials.doctor.password);
}, 180_000);

afterAll(async () => {
  for (const side of [homer, doctor]) if (side) (await side.client.getSubscriptionManager()).closeWebSocket();
  await server?.stop();
});

/** Subscribes a side to the conversation; resolves when the server's handshake arrives. */
async function live(side: SignedIn): Promise<Communication[]> {
  configureClientSubscriptions(side.client, { WebSocket: WebSocket as never });
  const received: Communication[] = [];
  const emitter = side.client.subscribeToCriteria(`Communication?${query}`);
  emitter.on('message', ({ payload }: { payload: Bundle }) =>
    received.push(payload.entry?.[1]?.resource as Communication)
  );
  await new Promise<void>((resolve, reject) => {
    emitter.on('connect', () => resolve());
    emitter.on('error', ({ payload }) => reject(payload));
  });
  return received;
}

describe('live chat on the reference server', () => {
  it('searches the conversation newest first, and delivers each side the other one’s message', async () => {
    const page = await fetchChatPage(homer.client, query);
    expect(page.messages.length).toBeGreaterThan(0);
    const sent = page.messages.map((m) => m.sent as string);
    expect(sent).toEqual([...sent].sort().reverse());

    const homerInbox = await live(homer);
    const doctorInbox = await live(doctor);
    const fromHomer = await createChatMessage(homer.client, {
      text: 'Live from Homer',
      sender: PATIENT,
      recipient: [DOCTOR],
      subject: PATIENT,
    });
    expect(fromHomer.status).toBe('in-progress');
    await vi.waitFor(() => expect(doctorInbox.map((m) => m.id)).toContain(fromHomer.id), { timeout: 10_000 });
    await vi.waitFor(() => expect(homerInbox.map((m) => m.id)).toContain(fromHomer.id), { timeout: 10_000 });
    const fromDoctor = await createChatMessage(doctor.client, {
      text: 'Live from the doctor',
      sender: DOCTOR,
      recipient: [PATIENT],
      subject: PATIENT,
    });
    await vi.waitFor(() => expect(homerInbox.map((m) => m.id)).toContain(fromDoctor.id), { timeout: 10_000 });
  });
});
