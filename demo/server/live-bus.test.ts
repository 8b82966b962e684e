// Two server processes on one PostgreSQL: a message written through the first reaches a chat
// subscribed through the second, by LISTEN/NOTIFY. Needs DATABASE_URL; says so otherwise.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import {
  ClientStorage,
  FhirClient,
  configureClientSubscriptions,
  MemoryStorage,
  participantsQuery,
  createChatMessage,
} from '../../src/client';
import type { Bundle, Communication } from '../../src/fhir/types';
import { createServer, type RunningServer } from './app';
import { DemoCredentials, DemoIds } from './seed/ids';
import { signIn } from './test/login-helpers';
import { dropSchema } from './test/test-server';
import { BUS_GAP_CHANNEL, busChannelName, createLocalBus, createPostgresBus } from './live-bus';
import { FhircastClient, type FhircastMessagePayload } from '../../src/client/fhircast';
import { FHIRCAST_HUB_PATH } from './fhircast/hub';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.log('DATABASE_URL not set: the two-process LISTEN/NOTIFY test is skipped');

describe('live bus', () => {
  it('in process (PGlite) calls handlers at once, and each schema has its own channel', async () => {
    const bus = createLocalBus();
    const seen: unknown[] = [];
    const off = bus.subscribe('resource', (m) => seen.push(m));
    bus.publish('resource', { id: 1 });
    bus.publish('other', { id: 2 });
    off();
    bus.publish('resource', { id: 3 });
    expect(seen).toEqual([{ id: 1 }]);
    expect(bus.distributed).toBe(false);
    expect(busChannelName('fpk_a')).not.toBe(busChannelName('fpk_b'));
  });
});

describe.runIf(databaseUrl)('two server processes on one PostgreSQL', () => {
  const schema = `fpk_bus_${randomUUID().slice(0, 8)}`;
  let first: RunningServer;
  let second: ChildProcess;
  let secondUrl: string;

  beforeAll(async () => {
    first = await createServer({ port: 0, databaseUrl, databaseSchema: schema, seed: true });
    secondUrl = await new Promise<string>((resolve, reject) => {
      second = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
        // Processes behind one load balancer share one public URL (tokens name it as issuer).
        env: { ...process.env, FHIR_PORT: '0', DATABASE_SCHEMA: schema, BASE_URL: first.url },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      second.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on port (\d+)/.exec(output);
        if (match) resolve(`http://127.0.0.1:${match[1]}/`);
      });
      second.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      second.once('exit', (code) => reject(new Error(`second server exited with ${code}: ${output}`)));
    });
  }, 180_000);

  afterAll(async () => {
    second?.removeAllListeners('exit');
    second?.kill('SIGTERM');
    await first?.close();
    await dropSchema(schema, databaseUrl);
  });

  it('delivers a message written through the first to a chat subscribed through the second', async () => {
    const PATIENT = { reference: `Patient/${DemoIds.patient}` };
    const DOCTOR = { reference: `Practitioner/${DemoIds.doctor}` };
    const query = participantsQuery(PATIENT, DOCTOR);
    // The same login works on both: they share the database and its signing key.
    const homer = await signIn(first.url, DemoCredentials.patient.email, DemoCredentials.patient.password);
    const doctor = await signIn(first.url, DemoCredentials.doctor.email, DemoCredentials.doctor.password);
    const onSecond = new FhirClient({ baseUrl: secondUrl, fetch, storage: new ClientStorage(new MemoryStorage()) });
    onSecond.setAccessToken(homer.access_token);
    configureClientSubscriptions(onSecond, { WebSocket: WebSocket as never });
    const received: Communication[] = [];
    const emitter = onSecond.subscribeToCriteria(`Communication?${query}`);
    emitter.on('message', ({ payload }: { payload: Bundle }) =>
      received.push(payload.entry?.[1]?.resource as Communication)
    );
    await new Promise<void>((resolve, reject) => {
      emitter.on('connect', () => resolve());
      emitter.on('error', ({ payload }) => reject(payload));
    });
    const sent = await createChatMessage(doctor.client, {
      text: 'Written through the first process',
      sender: DOCTOR,
      recipient: [PATIENT],
      subject: PATIENT,
    });
    await vi.waitFor(() => expect(received.map((m) => m.id)).toEqual([sent.id]), { timeout: 10_000 });
    expect(received[0].payload?.[0]?.contentString).toBe('Written through the first process');
    (await onSecond.getSubscriptionManager()).closeWebSocket();
  }, 60_000);

  it('delivers a FHIRcast event published through the first to a subscriber of the second, and both know the context', async () => {
    const doctor = await signIn(first.url, DemoCredentials.doctor.email, DemoCredentials.doctor.password);
    const hub = (base: string) =>
      new FhircastClient({
        hubUrl: new URL(FHIRCAST_HUB_PATH.slice(1), base).toString(),
        getAccessToken: () => doctor.access_token,
      });
    // The doctor's own topic (fhircast/topic-access.ts), labelled for this test.
    const topic = `staff-${DemoIds.doctor}_two-processes-${randomUUID()}`;
    const onSecond = hub(secondUrl);
    const subscription = await onSecond.subscribe(topic, ['Patient-open']);
    const connection = onSecond.connect(subscription, { WebSocket: WebSocket as never });
    const events: FhircastMessagePayload[] = [];
    connection.on('message', ({ payload }) => events.push(payload));
    await new Promise<void>((resolve) => connection.on('subscribed', () => resolve()));
    try {
      const patient = { resourceType: 'Patient', id: DemoIds.patient };
      const sent = await hub(first.url).publish(topic, 'Patient-open', { key: 'patient', resource: patient });
      await vi.waitFor(() => expect(events.map((e) => e.id)).toEqual([sent.id]), { timeout: 10_000 });
      const context = { 'context.type': 'Patient', context: [{ key: 'patient', resource: patient }] };
      expect(await onSecond.getContext(topic)).toEqual(context);
      expect(await hub(first.url).getContext(topic)).toEqual(context);
      // Unsubscribing through either process closes the socket wherever it landed.
      const closed = new Promise<void>((resolve) => connection.on('close', () => resolve()));
      await hub(first.url).unsubscribe(subscription);
      await closed;
    } finally {
      connection.disconnect();
    }
  }, 60_000);
});

describe.runIf(databaseUrl)('a PostgreSQL bus whose listening connection drops', () => {
  it('says so (caches are emptied on it), listens again, and carries messages as before', async () => {
    const schema = `fpk_gap_${randomUUID().slice(0, 8)}`;
    const bus = await createPostgresBus(databaseUrl!, schema);
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const gaps: unknown[] = [];
      const seen: { message: unknown; fromThisProcess: boolean }[] = [];
      bus.subscribe(BUS_GAP_CHANNEL, (message) => gaps.push(message));
      bus.subscribe('resource', (message, fromThisProcess) => seen.push({ message, fromThisProcess }));
      const listening = `LISTEN ${busChannelName(schema)}`;
      const { rows } = await admin.query<{ ended: boolean }>(
        'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE query = $1',
        [listening]
      );
      expect(rows.map((r) => r.ended)).toEqual([true]);
      // Once when it drops, once when it listens again.
      await vi.waitFor(() => expect(gaps).toHaveLength(2), { timeout: 10_000 });
      // Another process's message (no origin of this bus) arrives as such.
      await admin.query('SELECT pg_notify($1, $2)', [
        busChannelName(schema),
        JSON.stringify({ c: 'resource', m: { id: 'elsewhere' }, o: 'another-process' }),
      ]);
      bus.publish('resource', { id: 'here' });
      await vi.waitFor(() => expect(seen).toHaveLength(2), { timeout: 10_000 });
      expect(seen).toEqual(
        expect.arrayContaining([
          { message: { id: 'elsewhere' }, fromThisProcess: false },
          { message: { id: 'here' }, fromThisProcess: true },
        ])
      );
    } finally {
      await bus.close();
      await admin.end();
    }
  }, 30_000);
});
