// Issue 24: an offline outbox replays a create whose answer was lost, and a tab reopened online
// may replay it again at the same moment. Conditional writes must stay atomic under that race:
// N identical requests sent at once over real HTTP create exactly one resource, and every answer
// names it (201 once, 200 for the others). On PostgreSQL, where transactions really run side by
// side, this is what store/conditional.ts's advisory lock is for.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, backends, createAccount, startTestServer, type TestServer } from '../test/test-server';

const RACERS = 10;
const SYSTEM = 'urn:fhir-portal-kit:outbox';

describe.each(backends())('conditional writes racing (%s)', (backend) => {
  let server: TestServer;
  /** The patient's calls (an outbox is a patient's); a conditional update is a practitioner's. */
  let api: ReturnType<typeof apiFor>;
  let doctor: ReturnType<typeof apiFor>;
  let patient: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    const account = await createAccount(server, 'Patient', { given: 'Rae', family: 'Cing' });
    patient = account.profile;
    api = apiFor(server, account.token);
    doctor = apiFor(server, (await createAccount(server, 'Practitioner')).token);
  }, 120_000);
  afterAll(async () => {
    await server?.destroy();
  });

  const observation = (value: string, n: number) => ({
    resourceType: 'Observation',
    status: 'final',
    identifier: [{ system: SYSTEM, value }],
    code: { text: 'Weight' },
    subject: { reference: patient },
    valueQuantity: { value: 70 + n, unit: 'kg' },
  });

  /** The Observations holding the identifier, as the patient finds them. */
  async function stored(value: string): Promise<string[]> {
    const res = await api('GET', `Observation?identifier=${encodeURIComponent(`${SYSTEM}|${value}`)}`);
    expect(res.status).toBe(200);
    return (res.body.entry ?? []).map((e: any) => e.resource.id);
  }

  it(`creates one resource from ${RACERS} concurrent POSTs with the same If-None-Exist`, async () => {
    const value = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, n) =>
        api('POST', 'Observation', observation(value, n), { 'If-None-Exist': `identifier=${SYSTEM}|${value}` })
      )
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(RACERS - 1).fill(200), 201]);
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    expect(await stored(value)).toEqual([...ids]);
  });

  it("replays a patient's renewal request (a Task) created offline once: Task takes identifier too", async () => {
    const value = randomUUID();
    const prescription = await server.ctx.systemRepo.createResource<any>({
      resourceType: 'MedicationRequest',
      status: 'active',
      intent: 'order',
      subject: { reference: patient },
      medicationCodeableConcept: { text: 'Lisinopril 10 mg' },
    });
    const task = {
      resourceType: 'Task',
      status: 'requested',
      intent: 'order',
      identifier: [{ system: SYSTEM, value }],
      for: { reference: patient },
      requester: { reference: patient },
      focus: { reference: `MedicationRequest/${prescription.id}` },
    };
    const header = { 'If-None-Exist': `identifier=${SYSTEM}|${value}` };
    const first = await api('POST', 'Task', task, header);
    const replay = await api('POST', 'Task', task, header);
    expect([first.status, replay.status]).toEqual([201, 200]);
    expect(replay.body.id).toBe(first.body.id);
  });

  it('takes the same lock however the If-None-Exist is spelled', async () => {
    const value = randomUUID();
    const spellings = [
      `identifier=${SYSTEM}|${value}`,
      `identifier=${encodeURIComponent(`${SYSTEM}|${value}`)}`,
      `Observation?identifier=${SYSTEM}|${value}`,
      `?identifier=${SYSTEM}|${value}`,
    ];
    const answers = await Promise.all(
      spellings.flatMap((spelling, n) =>
        [0, 1].map(() => api('POST', 'Observation', observation(value, n), { 'If-None-Exist': spelling }))
      )
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await stored(value)).toHaveLength(1);
  });

  it(`creates one resource from ${RACERS} concurrent transaction Bundles with the same ifNoneExist`, async () => {
    const value = randomUUID();
    const bundle = (n: number) => ({
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          fullUrl: `urn:uuid:${randomUUID()}`,
          request: { method: 'POST', url: 'Observation', ifNoneExist: `identifier=${SYSTEM}|${value}` },
          resource: observation(value, n),
        },
      ],
    });
    const answers = await Promise.all(Array.from({ length: RACERS }, (_, n) => api('POST', '', bundle(n))));
    expect(answers.map((a) => a.status)).toEqual(Array(RACERS).fill(200));
    const entries = answers.map((a) => a.body.entry[0]);
    expect(entries.map((e) => e.response.status).sort()).toEqual([...Array(RACERS - 1).fill('200 OK'), '201 Created']);
    expect(new Set(entries.map((e) => e.resource.id)).size).toBe(1);
    expect(await stored(value)).toHaveLength(1);
  });

  it('creates one resource when plain POSTs and batch entries race each other', async () => {
    const value = randomUUID();
    const header = { 'If-None-Exist': `identifier=${SYSTEM}|${value}` };
    const batch = (n: number) => ({
      resourceType: 'Bundle',
      type: 'batch',
      entry: [
        {
          request: { method: 'POST', url: 'Observation', ifNoneExist: `identifier=${SYSTEM}|${value}` },
          resource: observation(value, n),
        },
      ],
    });
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, n) =>
        n % 2 ? api('POST', 'Observation', observation(value, n), header) : api('POST', '', batch(n))
      )
    );
    const ids = answers.map((a) => (a.body.resourceType === 'Bundle' ? a.body.entry[0].resource.id : a.body.id));
    expect(new Set(ids).size).toBe(1);
    expect(await stored(value)).toEqual([ids[0]]);
  });

  it(`creates one resource from ${RACERS} concurrent conditional updates that match nothing yet`, async () => {
    const value = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, n) =>
        doctor('PUT', `Observation?identifier=${encodeURIComponent(`${SYSTEM}|${value}`)}`, observation(value, n))
      )
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(RACERS - 1).fill(200), 201]);
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    expect(await stored(value)).toEqual([...ids]);
    // Each later one updated the resource the first created: one version per request.
    const history = await doctor('GET', `Observation/${[...ids][0]}/_history`);
    expect(history.body.entry).toHaveLength(RACERS);
  });
});
