import { WebSocket } from 'ws';
import { DemoCredentials, DemoIds } from '../seed/ids';
import { clientApi, clientFor } from '../test/test-server';
import { registerPatient, signIn, startTestServer, type TestServer } from '../test/login-helpers';

let server: TestServer;
let base: string;
let homer: { access_token: string };
let doctor: { access_token: string };
let other: { access_token: string; patientId: string };

beforeAll(async () => {
  server = await startTestServer();
  base = server.url;
  homer = await signIn(base, DemoCredentials.patient.email, DemoCredentials.patient.password);
  doctor = await signIn(base, DemoCredentials.doctor.email, DemoCredentials.doctor.password);
  const apu = await registerPatient(base, {
    firstName: 'Apu',
    lastName: 'Nahasapeemapetilon',
    email: `apu-${Date.now()}@example.com`,
    password: 'kwik-e-mart',
  });
  other = { access_token: apu.access_token, patientId: apu.profile.reference.split('/')[1] };
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

/** A FHIR call through the package's FhirClient, as the token's user: status and body. */
async function fhir(method: 'GET' | 'POST' | 'PUT', path: string, token: string, body?: unknown) {
  return clientApi(clientFor(server, token))(method, path, body);
}

/** Creates an active websocket Subscription as the token's user, over REST. */
async function subscribe(token: string, criteria: string): Promise<string> {
  const res = await fhir('POST', 'Subscription', token, {
    resourceType: 'Subscription',
    status: 'active',
    reason: 'Live chat',
    criteria,
    channel: { type: 'websocket' },
  });
  expect(res.status).toBe(200);
  expect(res.body.meta.versionId).toBe('1'); // created (the client answers the body, not the 201)
  return res.body.id;
}

async function bindingToken(token: string, subscriptionId: string) {
  return fhir('GET', `Subscription/${subscriptionId}/$get-ws-binding-token`, token);
}

/** A socket that records every message it receives. */
async function openSocket(
  url: string
): Promise<{ ws: WebSocket; messages: any[]; next(pred?: (m: any) => boolean, ms?: number): Promise<any> }> {
  const ws = new WebSocket(url);
  const messages: any[] = [];
  const waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString());
    messages.push(msg);
    for (const w of [...waiters]) {
      if (w.pred(msg)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(msg);
      }
    }
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    ws,
    messages,
    next: (pred = () => true, ms = 10_000) =>
      new Promise((resolve, reject) => {
        const found = messages.find(pred);
        if (found) {
          messages.splice(messages.indexOf(found), 1);
          return resolve(found);
        }
        const timer = setTimeout(() => reject(new Error('no message')), ms);
        waiters.push({
          pred,
          resolve: (m) => (clearTimeout(timer), messages.splice(messages.indexOf(m), 1), resolve(m)),
        });
      }),
  };
}

const isNotification = (m: any) => m.resourceType === 'Bundle' && m.entry?.[0]?.resource?.type === 'event-notification';
const isHandshake = (m: any) => m.resourceType === 'Bundle' && m.entry?.[0]?.resource?.type === 'handshake';

function message(from: string, to: string, text: string, subject: string) {
  return {
    resourceType: 'Communication',
    status: 'in-progress',
    subject: { reference: subject },
    sender: { reference: from },
    recipient: [{ reference: to }],
    sent: new Date().toISOString(),
    payload: [{ contentString: text }],
  };
}

describe('Subscription/{id}/$get-ws-binding-token', () => {
  it('answers Parameters with token, expiration, subscription and websocket-url', async () => {
    const id = await subscribe(homer.access_token, `Communication?recipient=Patient/${DemoIds.patient}`);
    const res = await bindingToken(homer.access_token, id);
    expect(res.status).toBe(200);
    expect(res.body.resourceType).toBe('Parameters');
    const byName = Object.fromEntries(res.body.parameter.map((p: any) => [p.name, p]));
    expect(byName.token.valueString).toEqual(expect.any(String));
    expect(Date.parse(byName.expiration.valueDateTime)).toBeGreaterThan(Date.now());
    expect(byName.subscription.valueString).toBe(id);
    expect(byName['websocket-url'].valueUrl).toBe(`${base.replace('http:', 'ws:')}ws/subscriptions-r4`);
  });

  it("is refused for another patient's subscription and without a token", async () => {
    const id = await subscribe(homer.access_token, `Communication?recipient=Patient/${DemoIds.patient}`);
    expect([403, 404]).toContain((await bindingToken(other.access_token, id)).status);
    expect((await bindingToken('', id)).status).toBe(401);
  });
});

describe('the websocket', () => {
  it('answers ping with pong, and an unknown message or bad token with an error', async () => {
    const socket = await openSocket(`${base.replace('http:', 'ws:')}ws/subscriptions-r4`);
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await socket.next()).toEqual({ type: 'pong' });
    socket.ws.send(JSON.stringify({ type: 'bind-with-token', payload: { token: 'nope' } }));
    expect((await socket.next()).type).toBe('error');
    socket.ws.send('not json');
    expect((await socket.next()).type).toBe('error');
    socket.ws.close();
  });

  it('binds with a token, sends a handshake, then notifies matching resources the owner may read', async () => {
    // Homer subscribes to every Communication: access control alone must keep Apu's out.
    const id = await subscribe(homer.access_token, 'Communication');
    const params = (await bindingToken(homer.access_token, id)).body.parameter;
    const token = params.find((p: any) => p.name === 'token').valueString;
    const socket = await openSocket(params.find((p: any) => p.name === 'websocket-url').valueUrl);
    socket.ws.send(JSON.stringify({ type: 'bind-with-token', payload: { token } }));
    const handshake = await socket.next(isHandshake);
    expect(handshake).toMatchObject({
      type: 'history',
      entry: [{ resource: { resourceType: 'SubscriptionStatus', subscription: { reference: `Subscription/${id}` } } }],
    });

    // A message to another patient: Homer may not read it, so no notification.
    const apuMsg = await fhir(
      'POST',
      'Communication',
      doctor.access_token,
      message(`Practitioner/${DemoIds.doctor}`, `Patient/${other.patientId}`, 'Hello Apu', `Patient/${other.patientId}`)
    );
    expect(apuMsg.body.meta.versionId).toBe('1');
    // A message to Homer: notified.
    const homerMsg = await fhir(
      'POST',
      'Communication',
      doctor.access_token,
      message(
        `Practitioner/${DemoIds.doctor}`,
        `Patient/${DemoIds.patient}`,
        'Hello Homer',
        `Patient/${DemoIds.patient}`
      )
    );
    expect(homerMsg.body.meta.versionId).toBe('1');

    const notification = await socket.next(isNotification);
    expect(notification.type).toBe('history');
    expect(notification.entry[0].resource).toMatchObject({
      resourceType: 'SubscriptionStatus',
      type: 'event-notification',
      subscription: { reference: `Subscription/${id}` },
      notificationEvent: [{ focus: { reference: `Communication/${homerMsg.body.id}` } }],
    });
    expect(notification.entry[1].resource).toMatchObject({ resourceType: 'Communication', id: homerMsg.body.id });
    // Notifications go out one at a time in commit order, so one for Apu's earlier message would
    // have arrived before Homer's: none is among those received.
    expect(socket.messages.filter(isNotification).map((m: any) => m.entry[1].resource.id)).not.toContain(
      apuMsg.body.id
    );

    // Updates notify too; after unbinding, nothing more arrives.
    await fhir('PUT', `Communication/${homerMsg.body.id}`, homer.access_token, {
      ...homerMsg.body,
      status: 'completed',
      received: new Date().toISOString(),
    });
    const update = await socket.next(isNotification);
    expect(update.entry[1].resource.status).toBe('completed');
    socket.ws.send(JSON.stringify({ type: 'unbind-from-token', payload: { token } }));
    // The signal that a later write was processed: a second subscription, on Homer's messages to
    // the doctor only, bound to the same socket.
    const toDoctorId = await subscribe(homer.access_token, `Communication?recipient=Practitioner/${DemoIds.doctor}`);
    const toDoctorToken = (await bindingToken(homer.access_token, toDoctorId)).body.parameter.find(
      (p: any) => p.name === 'token'
    ).valueString;
    socket.ws.send(JSON.stringify({ type: 'bind-with-token', payload: { token: toDoctorToken } }));
    await socket.next(isHandshake);
    const afterUnbind = await fhir(
      'POST',
      'Communication',
      doctor.access_token,
      message(
        `Practitioner/${DemoIds.doctor}`,
        `Patient/${DemoIds.patient}`,
        'After unbind',
        `Patient/${DemoIds.patient}`
      )
    );
    const marker = await fhir(
      'POST',
      'Communication',
      homer.access_token,
      message(`Patient/${DemoIds.patient}`, `Practitioner/${DemoIds.doctor}`, 'Marker', `Patient/${DemoIds.patient}`)
    );
    // In commit order: had the unbound subscription notified, that would have come first.
    const markerNotification = await socket.next(isNotification);
    expect(markerNotification.entry[1].resource.id).toBe(marker.body.id);
    expect(afterUnbind.body.id).toEqual(expect.any(String));
    expect(socket.messages.filter(isNotification)).toEqual([]);
    socket.ws.close();
  });

  it('notifies only resources that match the criteria', async () => {
    const id = await subscribe(doctor.access_token, `Communication?recipient=Practitioner/${DemoIds.doctor}`);
    const params = (await bindingToken(doctor.access_token, id)).body.parameter;
    const socket = await openSocket(params.find((p: any) => p.name === 'websocket-url').valueUrl);
    socket.ws.send(
      JSON.stringify({
        type: 'bind-with-token',
        payload: { token: params.find((p: any) => p.name === 'token').valueString },
      })
    );
    await socket.next(isHandshake);
    const toPatient = await fhir(
      'POST',
      'Communication',
      doctor.access_token,
      message(
        `Practitioner/${DemoIds.doctor}`,
        `Patient/${DemoIds.patient}`,
        'not for me',
        `Patient/${DemoIds.patient}`
      )
    );
    const toDoctor = await fhir(
      'POST',
      'Communication',
      homer.access_token,
      message(
        `Patient/${DemoIds.patient}`,
        `Practitioner/${DemoIds.doctor}`,
        'for the doctor',
        `Patient/${DemoIds.patient}`
      )
    );
    expect(toDoctor.body.meta.versionId).toBe('1');
    const notification = await socket.next(isNotification);
    expect(notification.entry[1].resource.id).toBe(toDoctor.body.id);
    // The message to the patient was written first and notifications keep commit order: had it
    // matched, its notification would have arrived before this one.
    expect(socket.messages.filter(isNotification).map((m: any) => m.entry[1].resource.id)).not.toContain(
      toPatient.body.id
    );
    socket.ws.close();
  });
});
