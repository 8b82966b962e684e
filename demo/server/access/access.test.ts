import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FhirClient } from '../../../src/client';
import type { Bundle } from '../../../src/fhir/types';
import {
  apiFor,
  backends,
  clientFor,
  createAccount,
  failure,
  startTestServer,
  type TestAccount,
  type TestServer,
} from '../test/test-server';

const refs = (bundle: Bundle | undefined) =>
  (bundle?.entry ?? []).map((e: any) => `${e.resource.resourceType}/${e.resource.id}`).sort();
/** 'Patient/1' as the client's (type, id) arguments. */
const split = (ref: string) => ref.split('/') as [any, string];

describe.each(backends())('access control (%s)', (backend) => {
  let server: TestServer;
  let A: TestAccount;
  let B: TestAccount;
  let D: TestAccount;
  let asA: FhirClient;
  let asB: FhirClient;
  let asD: FhirClient;
  /** Raw fetch as A: for raw Binary bytes and statuses the client does not report. */
  let rawA: ReturnType<typeof apiFor>;
  const slot = {
    resourceType: 'Slot',
    id: 'slot-1',
    schedule: { reference: 'Schedule/sch' },
    status: 'free',
    start: '2030-01-01T09:00:00Z',
    end: '2030-01-01T09:30:00Z',
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    A = await createAccount(server, 'Patient', { given: 'Alice', family: 'A' });
    B = await createAccount(server, 'Patient', { given: 'Bob', family: 'B' });
    D = await createAccount(server, 'Practitioner', { given: 'Doc', family: 'D' });
    asA = clientFor(server, A.token);
    asB = clientFor(server, B.token);
    asD = clientFor(server, D.token);
    rawA = apiFor(server, A.token);
    const put = (r: any) => server.ctx.systemRepo.updateResource(r);
    const obs = (id: string, who: TestAccount) =>
      put({
        resourceType: 'Observation',
        id,
        status: 'final',
        code: { text: 'hr' },
        subject: { reference: who.profile },
      });
    await obs('obs-a', A);
    await obs('obs-b', B);
    await put({
      resourceType: 'Coverage',
      id: 'cov-b',
      status: 'active',
      beneficiary: { reference: B.profile },
      payor: [{ display: 'X' }],
    });
    await put({
      resourceType: 'Communication',
      id: 'com-a',
      status: 'in-progress',
      sender: { reference: D.profile },
      recipient: [{ reference: A.profile }],
      payload: [{ contentString: 'hi A' }],
    });
    await put({
      resourceType: 'Communication',
      id: 'com-b',
      status: 'in-progress',
      sender: { reference: D.profile },
      recipient: [{ reference: B.profile }],
      payload: [{ contentString: 'hi B' }],
    });
    await put({
      resourceType: 'QuestionnaireResponse',
      id: 'qr-b',
      status: 'completed',
      source: { reference: B.profile },
    });
    await put({
      resourceType: 'Appointment',
      id: 'ap-ab',
      status: 'booked',
      participant: [
        { actor: { reference: A.profile }, status: 'accepted' },
        { actor: { reference: B.profile }, status: 'accepted' },
      ],
    });
    await put({ resourceType: 'Schedule', id: 'sch', actor: [{ reference: D.profile }] });
    await put(slot);
    await put({ resourceType: 'Questionnaire', id: 'q', status: 'active', name: 'q' });
    await put({
      resourceType: 'Binary',
      id: 'bin-b',
      contentType: 'text/plain',
      securityContext: { reference: B.profile },
      data: Buffer.from('B secret').toString('base64'),
    });
    await put({
      resourceType: 'Binary',
      id: 'bin-a',
      contentType: 'text/plain',
      securityContext: { reference: A.profile },
      data: Buffer.from('A file').toString('base64'),
    });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  /** A search given as 'Type?query'. */
  const search = (client: FhirClient, url: string) => {
    const [type, query] = url.split('?');
    return client.search(type as any, query);
  };
  /** A batch or transaction Bundle. */
  const bundle = (client: FhirClient, type: 'batch' | 'transaction', entry: any[]) =>
    client.executeBatch({ resourceType: 'Bundle', type, entry });

  describe('when patient A reads', () => {
    it('reads their own Patient and not B', async () => {
      expect((await asA.readResource(...split(A.profile))).id).toBe(A.id);
      const other = await failure(asA.readResource(...split(B.profile)));
      expect(other.status).toBe(404);
      expect(other.code).toBe('not-found');
      expect((await rawA('GET', B.profile)).status).toBe(404);
    });
    it('cannot vread or read the history of B', async () => {
      expect((await failure(asA.readVersion('Patient', B.id, '1'))).status).toBe(404);
      expect((await failure(asA.readHistory('Patient', B.id))).status).toBe(404);
      expect((await failure(asA.readHistory('Observation', 'obs-b'))).status).toBe(404);
      const typeHistory = await asA.get(asA.fhirUrl('Observation', '_history'));
      expect(typeHistory.entry.map((e: any) => e.resource.id)).toEqual(['obs-a']);
    });
    it('searches only their compartment', async () => {
      expect(refs(await search(asA, 'Patient'))).toEqual([A.profile]);
      expect(refs(await search(asA, 'Observation'))).toEqual(['Observation/obs-a']);
      expect(refs(await search(asA, `Observation?subject=${B.profile}`))).toEqual([]);
      expect(refs(await search(asA, 'Coverage'))).toEqual([]);
      expect(refs(await search(asA, 'Communication'))).toEqual(['Communication/com-a']);
      expect(refs(await search(asA, 'QuestionnaireResponse'))).toEqual([]);
      expect((await search(asA, 'Observation?_summary=count')).total).toBe(1);
    });
    it('reads the shared catalogue', async () => {
      expect((await asA.readResource(...split(D.profile))).id).toBe(D.id);
      expect(refs(await search(asA, 'Practitioner'))).toEqual([D.profile]);
      expect((await asA.readResource('Slot', 'slot-1')).id).toBe('slot-1');
      expect((await asA.readResource('Schedule', 'sch')).id).toBe('sch');
      expect((await asA.readResource('Questionnaire', 'q')).id).toBe('q');
    });
    it('does not see B through _include or _revinclude', async () => {
      const inc = await search(asA, 'Appointment?_include=Appointment:patient');
      expect(refs(inc)).toEqual(['Appointment/ap-ab', A.profile].sort());
      const rev = await search(asA, `Patient?_revinclude=Observation:subject`);
      expect(refs(rev)).toEqual([A.profile, 'Observation/obs-a'].sort());
      const revComm = await search(asA, `Practitioner?_revinclude=Communication:sender`);
      expect(refs(revComm)).toEqual(['Communication/com-a', D.profile].sort());
    });
    it('gets $everything for themselves only', async () => {
      expect((await failure(asA.readPatientEverything(B.id))).status).toBe(404);
      const mine = await asA.readPatientEverything(A.id);
      expect(refs(mine)).toEqual(
        ['Appointment/ap-ab', 'Binary/bin-a', 'Communication/com-a', 'Observation/obs-a', A.profile].sort()
      );
    });
    it('reads only their Binary', async () => {
      // Raw bytes come back over raw fetch (the client asks for FHIR JSON).
      expect((await rawA('GET', 'Binary/bin-b', undefined, { Accept: '*/*' })).status).toBe(404);
      expect((await failure(asA.readResource('Binary', 'bin-b'))).status).toBe(404);
      const mine = await rawA('GET', 'Binary/bin-a', undefined, { Accept: '*/*' });
      expect(mine.raw.toString()).toBe('A file');
      const uploaded = await asA.createBinary({ data: 'upload', contentType: 'text/plain' });
      expect((await rawA('GET', `Binary/${uploaded!.id}`, undefined, { Accept: '*/*' })).raw.toString()).toBe('upload');
      expect((await failure(asB.readResource('Binary', uploaded!.id!))).status).toBe(404);
      const forB = await failure(
        asA.createBinary({ data: 'x', contentType: 'text/plain', securityContext: { reference: B.profile } })
      );
      expect(forB.status).toBe(403);
      expect(forB.text).toBe('Forbidden: securityContext belongs to another patient');
    });
    it('cannot reach B in a batch', async () => {
      const res = await bundle(asA, 'batch', [
        { request: { method: 'GET', url: B.profile } },
        { request: { method: 'GET', url: 'Observation' } },
        { request: { method: 'GET', url: 'Coverage/cov-b' } },
      ]);
      expect(res.entry![0].response!.status).toMatch(/^404/);
      expect(refs(res.entry![1].resource as Bundle)).toEqual(['Observation/obs-a']);
      expect(res.entry![2].response!.status).toMatch(/^404/);
    });
  });

  describe('when patient A writes', () => {
    it('creates their own Observation, QuestionnaireResponse, Communication and Appointment', async () => {
      const created = [
        await asA.createResource<any>({
          resourceType: 'Observation',
          status: 'preliminary',
          code: { text: 'wt' },
          subject: { reference: A.profile },
        }),
        await asA.createResource<any>({
          resourceType: 'QuestionnaireResponse',
          status: 'completed',
          source: { reference: A.profile },
          subject: { reference: A.profile },
        }),
        await asA.createResource<any>({
          resourceType: 'Communication',
          status: 'in-progress',
          sender: { reference: A.profile },
          recipient: [{ reference: D.profile }],
        }),
        await asA.createResource<any>({
          resourceType: 'Appointment',
          status: 'proposed',
          participant: [{ actor: { reference: A.profile }, status: 'needs-action' }],
        } as any),
      ];
      for (const r of created) {
        expect(r.meta?.versionId).toBe('1');
        expect((r.meta as any).author).toEqual({ reference: A.profile });
      }
    });
    it('cannot create for B or create other types', async () => {
      const forB = await failure(
        asA.createResource<any>({
          resourceType: 'Observation',
          status: 'final',
          code: { text: 'x' },
          subject: { reference: B.profile },
        })
      );
      expect(forB.status).toBe(403);
      expect(forB.code).toBe('forbidden');
      expect(forB.text).toBe('Forbidden: Observation must belong to the signed-in patient');
      const practitioner = await failure(asA.createResource<any>({ resourceType: 'Practitioner' }));
      expect(practitioner.status).toBe(403);
      expect(practitioner.text).toBe('Forbidden: a patient may not create Practitioner');
      const coverage = await failure(
        asA.createResource<any>({
          resourceType: 'Coverage',
          status: 'active',
          beneficiary: { reference: A.profile },
          payor: [{ display: 'x' }],
        } as any)
      );
      expect(coverage.status).toBe(403);
      expect(refs(await search(asD, `Observation?subject=${B.profile}`))).toEqual(['Observation/obs-b']);
    });
    it('updates their Patient name, birthDate, gender, address and telecom, but not email or other fields', async () => {
      const me: any = await asA.readResource(...split(A.profile));
      const now: any = await asA.updateResource({
        ...me,
        name: [{ given: ['Alicia'], family: 'A' }],
        birthDate: '1990-02-03',
        gender: 'female',
        address: [{ city: 'Springfield' }],
        telecom: [...me.telecom, { system: 'phone', value: '555-1234' }],
      });
      expect(now.meta.versionId).toBe('2');
      const email = await failure(
        asA.updateResource({ ...now, telecom: [{ system: 'email', value: 'evil@example.com' }] })
      );
      expect(email.status).toBe(403);
      expect(email.text).toBe('Forbidden: the email address cannot be changed');
      const active = await failure(asA.updateResource({ ...now, active: false }));
      expect(active.status).toBe(403);
      const patched = await failure(
        asA.patchResource('Patient', A.id, [
          { op: 'add', path: '/generalPractitioner', value: [{ reference: B.profile }] },
        ])
      );
      expect(patched.status).toBe(403);
      expect(patched.text).toBe('Forbidden: a primary care provider must be a reference to a Practitioner');
      const url = await failure(
        asA.updateResource({ ...now, generalPractitioner: [{ reference: 'https://evil.example/Practitioner/1' }] })
      );
      expect(url.status).toBe(403);
      const managing = await failure(
        asA.updateResource({ ...now, managingOrganization: { reference: 'Organization/x' } })
      );
      expect(managing.text).toBe(
        'Forbidden: a patient may change only name, birthDate, gender, address, telecom, contact, communication and generalPractitioner'
      );
    });
    it('sets their emergency contact and chooses a practitioner as primary care provider', async () => {
      const me: any = await asA.readResource(...split(A.profile));
      const gp = { reference: 'Practitioner/some-doctor', display: 'Dr. Some' };
      const contact = [{ name: { given: ['Marge'] }, telecom: [{ system: 'phone', value: '555-0100' }] }];
      const now: any = await asA.updateResource({ ...me, contact, generalPractitioner: [gp] });
      expect(now.generalPractitioner).toEqual([gp]);
      expect(now.contact).toEqual(contact);
    });
    it('cannot update or delete B', async () => {
      const b: any = await asD.readResource(...split(B.profile));
      expect((await failure(asA.updateResource({ ...b, name: [{ family: 'Hacked' }] }))).status).toBe(404);
      expect((await failure(asA.deleteResource('Patient', B.id))).status).toBe(404);
      const ownObservation = await failure(asA.deleteResource('Observation', 'obs-a'));
      expect(ownObservation.status).toBe(403);
      expect(ownObservation.text).toBe('Forbidden: a patient may not delete Observation');
      expect(((await asD.readResource(...split(B.profile))) as any).name[0].family).toBe('B');
    });
    it('updates status and received of a Communication they are part of, nothing else', async () => {
      const com: any = await asA.readResource('Communication', 'com-a');
      const ok: any = await asA.updateResource({ ...com, status: 'completed', received: '2030-01-01T00:00:00Z' });
      expect(ok.status).toBe('completed');
      const bad = await failure(asA.updateResource({ ...ok, payload: [{ contentString: 'changed' }] }));
      expect(bad.status).toBe(403);
      const other = await failure(
        asA.updateResource({ resourceType: 'Communication', id: 'com-b', status: 'completed' } as any)
      );
      expect(other.status).toBe(404);
    });
    it('cannot update a Slot outside a booking transaction', async () => {
      const res = await failure(asA.updateResource({ ...slot, status: 'busy' } as any));
      expect(res.status).toBe(403);
      const withoutAppt = await failure(
        bundle(asA, 'transaction', [
          { request: { method: 'PUT', url: 'Slot/slot-1' }, resource: { ...slot, status: 'busy' } },
        ])
      );
      expect(withoutAppt.status).toBe(403);
      expect(withoutAppt.text).toBe(
        'Forbidden: a slot can only be booked in a transaction that creates the appointment'
      );
    });
    it('books a Slot in a transaction that creates their Appointment; a stale version fails it all', async () => {
      const current = await asA.readResource('Slot', 'slot-1');
      const booking = (version: string, who: TestAccount) => [
        {
          fullUrl: 'urn:uuid:a1',
          request: { method: 'POST', url: 'Appointment' },
          resource: {
            resourceType: 'Appointment',
            status: 'booked',
            slot: [{ reference: 'Slot/slot-1' }],
            participant: [
              { actor: { reference: who.profile }, status: 'accepted' },
              { actor: { reference: D.profile }, status: 'accepted' },
            ],
          },
        },
        {
          request: { method: 'PUT', url: 'Slot/slot-1', ifMatch: `W/"${version}"` },
          resource: { ...slot, status: 'busy' },
        },
      ];
      const forB = await failure(bundle(asA, 'transaction', booking(current.meta!.versionId!, B)));
      expect(forB.status).toBe(403);
      const ok = await bundle(asA, 'transaction', booking(current.meta!.versionId!, A));
      expect(ok.type).toBe('transaction-response');
      expect((await asA.readResource('Slot', 'slot-1')).status).toBe('busy');
      const stale = await failure(bundle(asB, 'transaction', booking(current.meta!.versionId!, B)));
      expect([409, 412]).toContain(stale.status);
      expect(refs(await search(asD, 'Appointment?slot=Slot/slot-1'))).toHaveLength(1);
    });
    it('writes nothing from a transaction with one forbidden entry', async () => {
      const res = await failure(
        bundle(asA, 'transaction', [
          {
            request: { method: 'POST', url: 'Observation' },
            resource: {
              resourceType: 'Observation',
              status: 'final',
              code: { text: 'tx-ok' },
              subject: { reference: A.profile },
            },
          },
          {
            request: { method: 'POST', url: 'Observation' },
            resource: {
              resourceType: 'Observation',
              status: 'final',
              code: { text: 'tx-bad' },
              subject: { reference: B.profile },
            },
          },
        ])
      );
      expect(res.status).toBe(403);
      expect(refs(await search(asD, 'Observation?code:text=tx-ok'))).toEqual([]);
    });
  });

  describe('live updates: a patient and their Subscriptions', () => {
    const websocketSubscription = (criteria: string, type = 'websocket') => ({
      resourceType: 'Subscription' as const,
      status: 'active' as const,
      reason: 'Live chat',
      criteria,
      channel: { type: type as any },
    });
    it('creates a websocket Subscription, reads, searches and deletes it; others cannot see it', async () => {
      const created = await asA.createResource<any>(websocketSubscription(`Communication?recipient=${A.profile}`));
      expect((created.meta as any).author).toEqual({ reference: A.profile });
      expect((await asA.readResource('Subscription', created.id!)).criteria).toBe(
        `Communication?recipient=${A.profile}`
      );
      expect(refs(await search(asA, 'Subscription'))).toEqual([`Subscription/${created.id}`]);
      // B never sees it; the practitioner does (the whole project).
      expect((await failure(asB.readResource('Subscription', created.id!))).status).toBe(404);
      expect(refs(await search(asB, 'Subscription'))).toEqual([]);
      expect((await failure(asB.deleteResource('Subscription', created.id!))).status).toBe(404);
      expect((await asD.readResource('Subscription', created.id!)).id).toBe(created.id);
      // Switching it off is an update of their own; then they delete it.
      const off = await asA.updateResource({ ...created, status: 'off' });
      expect(off.status).toBe('off');
      await asA.deleteResource('Subscription', created.id!);
      expect((await failure(asA.readResource('Subscription', created.id!))).status).toBe(410);
    });
    it('refuses other channels, criteria over types they may not read, and unknown criteria', async () => {
      const hook = await failure(asA.createResource<any>(websocketSubscription('Communication', 'rest-hook')));
      expect(hook.status).toBe(403);
      expect(hook.text).toBe('Forbidden: a patient may only create a websocket Subscription');
      const users = await failure(asA.createResource<any>(websocketSubscription('User')));
      expect(users.status).toBe(403);
      expect(users.text).toBe('Forbidden: User is not accessible');
      const unknown = await failure(asA.createResource<any>(websocketSubscription('Communication?shoe-size=9')));
      expect(unknown.status).toBe(400);
      expect(unknown.text).toMatch(/shoe-size/);
      const junk = await failure(asA.createResource<any>(websocketSubscription('not a criteria')));
      expect(junk.status).toBe(400);
    });
    it("cannot change or delete a practitioner's Subscription", async () => {
      const doctors = await asD.createResource<any>(websocketSubscription(`Communication?recipient=${D.profile}`));
      expect((await failure(asA.readResource('Subscription', doctors.id!))).status).toBe(404);
      expect((await failure(asA.deleteResource('Subscription', doctors.id!))).status).toBe(404);
    });
  });

  describe('internal account records', () => {
    it('are hidden from patients and practitioners on every path', async () => {
      for (const client of [asA, asD]) {
        for (const call of [
          search(client, 'User'),
          client.readResource('User' as any, A.userId),
          search(client, 'ProjectMembership?user=User/x'),
          client.get(client.fhirUrl('Login', '_history')),
          client.createResource<any>({ resourceType: 'User', email: 'x@example.com' } as any),
        ]) {
          const res = await failure(call);
          expect(res.status).toBe(403);
          expect(res.code).toBe('forbidden');
        }
        const batch = await bundle(client, 'batch', [{ request: { method: 'GET', url: `User/${A.userId}` } }]);
        expect(batch.entry![0].response!.status).toMatch(/^403/);
      }
      const inc = await search(asD, 'Patient?_revinclude=ProjectMembership:profile');
      expect(inc.entry!.every((e) => e.resource!.resourceType === 'Patient')).toBe(true);
    });
    it('are readable by a super admin', async () => {
      const admin = await createAccount(server, 'Practitioner', { superAdmin: true });
      const user: any = await clientFor(server, admin.token).readResource('User' as any, A.userId);
      expect(user.id).toBe(A.userId);
    });
  });

  describe('a practitioner', () => {
    it('reaches the whole project', async () => {
      expect((await asD.readResource(...split(B.profile))).id).toBe(B.id);
      expect(refs(await search(asD, 'Coverage'))).toEqual(['Coverage/cov-b']);
      expect((await apiFor(server, D.token)('GET', 'Binary/bin-b', undefined, { Accept: '*/*' })).raw.toString()).toBe(
        'B secret'
      );
      const coverage = await asD.createResource<any>({
        resourceType: 'Coverage',
        status: 'active',
        beneficiary: { reference: B.profile },
        payor: [{ display: 'Y' }],
      } as any);
      expect(coverage.meta?.versionId).toBe('1');
    });
  });
});
