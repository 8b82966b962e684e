import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiFor,
  backends,
  createAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from '../fhir/test-server';

const refs = (res: { body: any }) =>
  (res.body.entry ?? []).map((e: any) => `${e.resource.resourceType}/${e.resource.id}`).sort();

describe.each(backends())('access control (%s)', (backend) => {
  let server: TestServer;
  let A: TestAccount;
  let B: TestAccount;
  let D: TestAccount;
  let asA: ReturnType<typeof apiFor>;
  let asD: ReturnType<typeof apiFor>;
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
    asA = apiFor(server, A.token);
    asD = apiFor(server, D.token);
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

  describe('when patient A reads', () => {
    it('reads their own Patient and not B', async () => {
      expect((await asA('GET', A.profile)).status).toBe(200);
      const other = await asA('GET', B.profile);
      expect(other.status).toBe(404);
      expect(other.body.resourceType).toBe('OperationOutcome');
    });
    it('cannot vread or read the history of B', async () => {
      expect((await asA('GET', `${B.profile}/_history/1`)).status).toBe(404);
      expect((await asA('GET', `${B.profile}/_history`)).status).toBe(404);
      expect((await asA('GET', 'Observation/obs-b/_history')).status).toBe(404);
      const typeHistory = await asA('GET', 'Observation/_history');
      expect(typeHistory.body.entry.map((e: any) => e.resource.id)).toEqual(['obs-a']);
    });
    it('searches only their compartment', async () => {
      expect(refs(await asA('GET', 'Patient'))).toEqual([A.profile]);
      expect(refs(await asA('GET', 'Observation'))).toEqual(['Observation/obs-a']);
      expect(refs(await asA('GET', `Observation?subject=${B.profile}`))).toEqual([]);
      expect(refs(await asA('GET', 'Coverage'))).toEqual([]);
      expect(refs(await asA('GET', 'Communication'))).toEqual(['Communication/com-a']);
      expect(refs(await asA('GET', 'QuestionnaireResponse'))).toEqual([]);
      const count = await asA('GET', 'Observation?_summary=count');
      expect(count.body.total).toBe(1);
    });
    it('reads the shared catalogue', async () => {
      expect((await asA('GET', D.profile)).status).toBe(200);
      expect(refs(await asA('GET', 'Practitioner'))).toEqual([D.profile]);
      expect((await asA('GET', 'Slot/slot-1')).status).toBe(200);
      expect((await asA('GET', 'Schedule/sch')).status).toBe(200);
      expect((await asA('GET', 'Questionnaire/q')).status).toBe(200);
    });
    it('does not see B through _include or _revinclude', async () => {
      const inc = await asA('GET', 'Appointment?_include=Appointment:patient');
      expect(refs(inc)).toEqual(['Appointment/ap-ab', A.profile].sort());
      const rev = await asA('GET', `Patient?_revinclude=Observation:subject`);
      expect(refs(rev)).toEqual([A.profile, 'Observation/obs-a'].sort());
      const revComm = await asA('GET', `Practitioner?_revinclude=Communication:sender`);
      expect(refs(revComm)).toEqual(['Communication/com-a', D.profile].sort());
    });
    it('gets $everything for themselves only', async () => {
      expect((await asA('GET', `${B.profile}/$everything`)).status).toBe(404);
      const mine = await asA('GET', `${A.profile}/$everything`);
      expect(refs(mine)).toEqual(
        ['Appointment/ap-ab', 'Binary/bin-a', 'Communication/com-a', 'Observation/obs-a', A.profile].sort()
      );
    });
    it('reads only their Binary', async () => {
      expect((await asA('GET', 'Binary/bin-b', undefined, { Accept: '*/*' })).status).toBe(404);
      const mine = await asA('GET', 'Binary/bin-a', undefined, { Accept: '*/*' });
      expect(mine.raw.toString()).toBe('A file');
      const uploaded = await asA('POST', 'Binary', Buffer.from('upload'), { 'Content-Type': 'text/plain' });
      expect(uploaded.status).toBe(201);
      expect((await asA('GET', `Binary/${uploaded.body.id}`, undefined, { Accept: '*/*' })).raw.toString()).toBe(
        'upload'
      );
      expect((await apiFor(server, B.token)('GET', `Binary/${uploaded.body.id}`)).status).toBe(404);
      const forB = await asA('POST', 'Binary', Buffer.from('x'), {
        'Content-Type': 'text/plain',
        'X-Security-Context': B.profile,
      });
      expect(forB.status).toBe(403);
    });
    it('cannot reach B in a batch', async () => {
      const res = await asA('POST', '', {
        resourceType: 'Bundle',
        type: 'batch',
        entry: [
          { request: { method: 'GET', url: B.profile } },
          { request: { method: 'GET', url: 'Observation' } },
          { request: { method: 'GET', url: 'Coverage/cov-b' } },
        ],
      });
      expect(res.body.entry[0].response.status).toMatch(/^404/);
      expect(refs({ body: res.body.entry[1].resource })).toEqual(['Observation/obs-a']);
      expect(res.body.entry[2].response.status).toMatch(/^404/);
    });
  });

  describe('when patient A writes', () => {
    it('creates their own Observation, QuestionnaireResponse, Communication and Appointment', async () => {
      expect(
        (
          await asA('POST', 'Observation', {
            resourceType: 'Observation',
            status: 'preliminary',
            code: { text: 'wt' },
            subject: { reference: A.profile },
          })
        ).status
      ).toBe(201);
      expect(
        (
          await asA('POST', 'QuestionnaireResponse', {
            resourceType: 'QuestionnaireResponse',
            status: 'completed',
            source: { reference: A.profile },
            subject: { reference: A.profile },
          })
        ).status
      ).toBe(201);
      expect(
        (
          await asA('POST', 'Communication', {
            resourceType: 'Communication',
            status: 'in-progress',
            sender: { reference: A.profile },
            recipient: [{ reference: D.profile }],
          })
        ).status
      ).toBe(201);
      expect(
        (
          await asA('POST', 'Appointment', {
            resourceType: 'Appointment',
            status: 'proposed',
            participant: [{ actor: { reference: A.profile }, status: 'needs-action' }],
          })
        ).status
      ).toBe(201);
    });
    it('cannot create for B or create other types', async () => {
      const forB = await asA('POST', 'Observation', {
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'x' },
        subject: { reference: B.profile },
      });
      expect(forB.status).toBe(403);
      expect(forB.body.resourceType).toBe('OperationOutcome');
      expect((await asA('POST', 'Practitioner', { resourceType: 'Practitioner' })).status).toBe(403);
      expect(
        (
          await asA('POST', 'Coverage', {
            resourceType: 'Coverage',
            status: 'active',
            beneficiary: { reference: A.profile },
            payor: [{ display: 'x' }],
          })
        ).status
      ).toBe(403);
      expect(refs(await asD('GET', `Observation?subject=${B.profile}`))).toEqual(['Observation/obs-b']);
    });
    it('updates their Patient name, birthDate, gender, address and telecom, but not email or other fields', async () => {
      const me = (await asA('GET', A.profile)).body;
      const ok = await asA('PUT', A.profile, {
        ...me,
        name: [{ given: ['Alicia'], family: 'A' }],
        birthDate: '1990-02-03',
        gender: 'female',
        address: [{ city: 'Springfield' }],
        telecom: [...me.telecom, { system: 'phone', value: '555-1234' }],
      });
      expect(ok.status).toBe(200);
      const now = ok.body;
      const email = await asA('PUT', A.profile, { ...now, telecom: [{ system: 'email', value: 'evil@example.com' }] });
      expect(email.status).toBe(403);
      const active = await asA('PUT', A.profile, { ...now, active: false });
      expect(active.status).toBe(403);
      const patched = await asA(
        'PATCH',
        A.profile,
        [{ op: 'add', path: '/generalPractitioner', value: [{ reference: D.profile }] }],
        { 'Content-Type': 'application/json-patch+json' }
      );
      expect(patched.status).toBe(403);
    });
    it('cannot update or delete B', async () => {
      const b = (await asD('GET', B.profile)).body;
      expect((await asA('PUT', B.profile, { ...b, name: [{ family: 'Hacked' }] })).status).toBe(404);
      expect((await asA('DELETE', B.profile)).status).toBe(404);
      expect((await asA('DELETE', 'Observation/obs-a')).status).toBe(403);
      expect((await asD('GET', B.profile)).body.name[0].family).toBe('B');
    });
    it('updates status and received of a Communication they are part of, nothing else', async () => {
      const com = (await asA('GET', 'Communication/com-a')).body;
      const ok = await asA('PUT', 'Communication/com-a', {
        ...com,
        status: 'completed',
        received: '2030-01-01T00:00:00Z',
      });
      expect(ok.status).toBe(200);
      const bad = await asA('PUT', 'Communication/com-a', { ...ok.body, payload: [{ contentString: 'changed' }] });
      expect(bad.status).toBe(403);
      expect(
        (await asA('PUT', 'Communication/com-b', { resourceType: 'Communication', id: 'com-b', status: 'completed' }))
          .status
      ).toBe(404);
    });
    it('cannot update a Slot outside a booking transaction', async () => {
      const res = await asA('PUT', 'Slot/slot-1', { ...slot, status: 'busy' });
      expect(res.status).toBe(403);
      const withoutAppt = await asA('POST', '', {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [{ request: { method: 'PUT', url: 'Slot/slot-1' }, resource: { ...slot, status: 'busy' } }],
      });
      expect(withoutAppt.status).toBe(403);
    });
    it('books a Slot in a transaction that creates their Appointment; a stale version fails it all', async () => {
      const current = (await asA('GET', 'Slot/slot-1')).body;
      const booking = (version: string, who: TestAccount) => ({
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
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
        ],
      });
      const forB = await asA('POST', '', booking(current.meta.versionId, B));
      expect(forB.status).toBe(403);
      const ok = await asA('POST', '', booking(current.meta.versionId, A));
      expect(ok.status).toBe(200);
      expect((await asA('GET', 'Slot/slot-1')).body.status).toBe('busy');
      const stale = await apiFor(server, B.token)('POST', '', booking(current.meta.versionId, B));
      expect([409, 412]).toContain(stale.status);
      expect(refs(await asD('GET', 'Appointment?slot=Slot/slot-1'))).toHaveLength(1);
    });
    it('writes nothing from a transaction with one forbidden entry', async () => {
      const res = await asA('POST', '', {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
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
        ],
      });
      expect(res.status).toBe(403);
      expect(refs(await asD('GET', 'Observation?code:text=tx-ok'))).toEqual([]);
    });
  });

  describe('internal account records', () => {
    it('are hidden from patients and practitioners on every path', async () => {
      for (const api of [asA, asD]) {
        expect((await api('GET', 'User')).status).toBe(403);
        expect((await api('GET', `User/${A.userId}`)).status).toBe(403);
        expect((await api('GET', 'ProjectMembership?user=User/x')).status).toBe(403);
        expect((await api('GET', 'Login/_history')).status).toBe(403);
        expect((await api('POST', 'User', { resourceType: 'User', email: 'x@example.com' })).status).toBe(403);
        const batch = await api('POST', '', {
          resourceType: 'Bundle',
          type: 'batch',
          entry: [{ request: { method: 'GET', url: `User/${A.userId}` } }],
        });
        expect(batch.body.entry[0].response.status).toMatch(/^403/);
      }
      const inc = await asD('GET', 'Patient?_revinclude=ProjectMembership:profile');
      expect(inc.body.entry.every((e: any) => e.resource.resourceType === 'Patient')).toBe(true);
    });
    it('are readable by a super admin', async () => {
      const admin = await createAccount(server, 'Practitioner', { superAdmin: true });
      const res = await apiFor(server, admin.token)('GET', `User/${A.userId}`);
      expect(res.status).toBe(200);
    });
  });

  describe('a practitioner', () => {
    it('reaches the whole project', async () => {
      expect((await asD('GET', B.profile)).status).toBe(200);
      expect(refs(await asD('GET', 'Coverage'))).toEqual(['Coverage/cov-b']);
      expect((await asD('GET', 'Binary/bin-b', undefined, { Accept: '*/*' })).raw.toString()).toBe('B secret');
      expect(
        (
          await asD('POST', 'Coverage', {
            resourceType: 'Coverage',
            status: 'active',
            beneficiary: { reference: B.profile },
            payor: [{ display: 'Y' }],
          })
        ).status
      ).toBe(201);
    });
  });
});
