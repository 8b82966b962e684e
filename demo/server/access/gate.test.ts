// Every access-policy rule over real HTTP (client-layer.md section 6), as a member whose
// ProjectMembership links the policy: types and the wildcard, interaction lists, readonly,
// compartment, criteria, Binary, hidden fields in every response, read-only fields on every
// write, and a malformed policy refused when it is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessPolicy } from '../../../src/fhir/access-policy';
import { backends, createAccount, startTestServer, type TestServer } from '../test/test-server';
import { fhirAs } from '../test/attacker';

describe.each(backends())('access policies on the server (%s)', (backend) => {
  let server: TestServer;
  let p1: string;
  let p2: string;
  let finalObs: string;
  let preliminaryObs: string;
  let otherObs: string;
  let binary: string;

  /** A practitioner (or super admin) whose membership links `policy`; their FHIR caller. */
  async function memberWith(policy: Omit<AccessPolicy, 'resourceType'>, opts: { superAdmin?: boolean } = {}) {
    const repo = server.ctx.systemRepo;
    const account = await createAccount(server, 'Practitioner', { superAdmin: opts.superAdmin });
    const stored = await repo.createResource<AccessPolicy>({ resourceType: 'AccessPolicy', ...policy });
    const membership = await repo.searchOne<any>('ProjectMembership', { profile: account.profile });
    await repo.updateResource({ ...membership, accessPolicy: { reference: `AccessPolicy/${stored.id}` } });
    return fhirAs(server, account.token);
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    const repo = server.ctx.systemRepo;
    const patient = (family: string) =>
      repo.createResource<any>({
        resourceType: 'Patient',
        name: [{ given: ['Ada'], family }],
        birthDate: '1980-02-03',
        telecom: [{ system: 'phone', value: '555-0100' }],
        generalPractitioner: [{ reference: 'Practitioner/gp-1', display: 'Dr. Secret' }],
      });
    p1 = (await patient('One')).id;
    p2 = (await patient('Two')).id;
    const obs = (subject: string, status: string, text: string) =>
      repo.createResource<any>({
        resourceType: 'Observation',
        status,
        code: { text },
        subject: { reference: `Patient/${subject}` },
        valueString: `${text} value`,
      });
    finalObs = (await obs(p1, 'final', 'glucose')).id;
    preliminaryObs = (await obs(p1, 'preliminary', 'lipids')).id;
    otherObs = (await obs(p2, 'final', 'sodium')).id;
    await repo.createResource<any>({ resourceType: 'Condition', subject: { reference: `Patient/${p1}` } });
    binary = (
      await repo.createResource<any>({
        resourceType: 'Binary',
        contentType: 'text/plain',
        securityContext: { reference: `Patient/${p2}` },
        data: Buffer.from('hello').toString('base64'),
      })
    ).id;
  }, 120_000);
  afterAll(() => server?.destroy());

  describe('when a rule names a resource type', () => {
    it('allows that type and refuses any other with 403', async () => {
      const api = await memberWith({ resource: [{ resourceType: 'Patient' }] });
      expect((await api('GET', `Patient/${p1}`)).status).toBe(200);
      expect((await api('GET', 'Patient?family=One')).body.entry).toHaveLength(1);
      const refused = await api('GET', 'Condition');
      expect(refused.status).toBe(403);
      expect(refused.body.issue[0].details.text).toBe(
        'Forbidden: the access policy does not allow search on Condition'
      );
      expect((await api('GET', `Observation/${finalObs}`)).status).toBe(403);
    });

    it("lets '*' cover every type but UserSecurityRequest, Project, ProjectMembership and User", async () => {
      const api = await memberWith({ resource: [{ resourceType: '*' }] }, { superAdmin: true });
      expect((await api('GET', `Patient/${p1}`)).status).toBe(200);
      expect((await api('GET', `Condition?subject=Patient/${p1}`)).status).toBe(200);
      for (const type of ['Project', 'ProjectMembership', 'User']) {
        expect((await api('GET', type)).status, type).toBe(403);
      }
      // The same super admin without a policy reads them.
      const unlimited = fhirAs(server, (await createAccount(server, 'Practitioner', { superAdmin: true })).token);
      expect((await unlimited('GET', 'Project')).status).toBe(200);
    });
  });

  describe('when a rule lists interactions', () => {
    it('allows only those', async () => {
      const api = await memberWith({ resource: [{ resourceType: 'Observation', interaction: ['read', 'vread'] }] });
      expect((await api('GET', `Observation/${finalObs}`)).status).toBe(200);
      expect((await api('GET', `Observation/${finalObs}/_history/1`)).status).toBe(200);
      expect((await api('GET', 'Observation')).status).toBe(403);
      expect((await api('GET', `Observation/${finalObs}/_history`)).status).toBe(403);
      const created = await api('POST', 'Observation', {
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'new' },
        subject: { reference: `Patient/${p1}` },
      });
      expect(created.status).toBe(403);
      expect(created.body.issue[0].details.text).toBe(
        'Forbidden: the access policy does not allow create on Observation'
      );
    });
  });

  describe('when a rule is readonly', () => {
    it('allows read, vread, history and search, and refuses every write', async () => {
      const api = await memberWith({ resource: [{ resourceType: 'Patient', readonly: true }] });
      const read = await api('GET', `Patient/${p2}`);
      expect(read.status).toBe(200);
      expect((await api('GET', `Patient/${p2}/_history/1`)).status).toBe(200);
      expect((await api('GET', `Patient/${p2}/_history`)).status).toBe(200);
      expect((await api('GET', 'Patient?family=Two')).status).toBe(200);
      expect((await api('PUT', `Patient/${p2}`, { ...read.body, gender: 'other' })).status).toBe(403);
      expect((await api('POST', 'Patient', { resourceType: 'Patient' })).status).toBe(403);
      const patch = [{ op: 'add', path: '/gender', value: 'other' }];
      expect(
        (await api('PATCH', `Patient/${p2}`, patch, { 'Content-Type': 'application/json-patch+json' })).status
      ).toBe(403);
      expect((await api('DELETE', `Patient/${p2}`)).status).toBe(403);
      expect((await server.ctx.systemRepo.readResource<any>('Patient', p2)).gender).toBeUndefined();
    });
  });

  describe('when a rule names a compartment', () => {
    it('reaches only resources in that compartment, in reads, searches and writes', async () => {
      const api = await memberWith({
        resource: [
          { resourceType: 'Observation', compartment: { reference: `Patient/${p1}` } },
          { resourceType: 'Patient', readonly: true },
        ],
      });
      expect((await api('GET', `Observation/${finalObs}`)).status).toBe(200);
      expect((await api('GET', `Observation/${otherObs}`)).status).toBe(404);
      const found = await api('GET', 'Observation?_count=100');
      expect(found.body.entry.map((e: any) => e.resource.id).sort()).toEqual([finalObs, preliminaryObs].sort());
      expect(found.body.total).toBeUndefined();
      const everything = await api('GET', `Patient/${p2}/$everything`);
      expect(everything.body.entry.map((e: any) => e.resource.resourceType)).toEqual(['Patient']);
      const body = (subject: string) => ({
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'weight' },
        subject: { reference: `Patient/${subject}` },
      });
      expect((await api('POST', 'Observation', body(p1))).status).toBe(201);
      expect((await api('POST', 'Observation', body(p2))).status).toBe(403);
      // Moving one of theirs out of the compartment is refused too.
      const mine = await api('GET', `Observation/${finalObs}`);
      expect((await api('PUT', `Observation/${finalObs}`, { ...mine.body, subject: body(p2).subject })).status).toBe(
        403
      );
    });
  });

  describe('when a rule has criteria', () => {
    it('reaches only matching resources, and refuses a write that leaves the criteria', async () => {
      const api = await memberWith({
        resource: [{ resourceType: 'Observation', criteria: 'Observation?status=final' }],
      });
      const read = await api('GET', `Observation/${finalObs}`);
      expect(read.status).toBe(200);
      expect((await api('GET', `Observation/${preliminaryObs}`)).status).toBe(404);
      const found = await api('GET', `Observation?subject=Patient/${p1}`);
      expect(found.body.entry.map((e: any) => e.resource.id)).toContain(finalObs);
      expect(found.body.entry.map((e: any) => e.resource.status)).not.toContain('preliminary');
      const history = await api('GET', `Observation/${preliminaryObs}/_history`);
      expect(history.body.entry ?? []).toEqual([]);
      const left = await api('PUT', `Observation/${finalObs}`, { ...read.body, status: 'preliminary' });
      expect(left.status).toBe(403);
      expect((await server.ctx.systemRepo.readResource<any>('Observation', finalObs)).status).toBe('final');
    });
  });

  describe('when a rule covers Binary', () => {
    it('skips its compartment and criteria', async () => {
      const api = await memberWith({
        resource: [{ resourceType: 'Binary', compartment: { reference: `Patient/${p1}` }, criteria: 'Binary?_id=x' }],
      });
      const res = await api('GET', `Binary/${binary}`, undefined, { Accept: 'text/plain' });
      expect(res.status).toBe(200);
      expect(res.text).toBe('hello');
    });
  });

  describe('when a rule hides fields', () => {
    const hiding = {
      resource: [
        { resourceType: 'Patient', hiddenFields: ['generalPractitioner', 'name.family'] },
        { resourceType: 'Observation', hiddenFields: ['valueString'] },
      ],
    };

    it('removes them from a read, a search, an include, a history and $everything', async () => {
      const api = await memberWith(hiding);
      const answers = [
        await api('GET', `Patient/${p1}`),
        await api('GET', `Patient/${p1}/_history/1`),
        await api('GET', 'Patient?birthdate=1980-02-03'),
        await api('GET', `Observation?subject=Patient/${p1}&_include=Observation:subject`),
        await api('GET', `Patient/${p1}/_history`),
        await api('GET', `Patient/${p1}/$everything`),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.text).not.toContain('Dr. Secret');
        expect(answer.text).not.toContain('"family"');
        expect(answer.text).not.toContain('glucose value');
        expect(answer.text).toContain('Ada');
      }
    });

    it('removes them from every entry of a batch', async () => {
      const api = await memberWith(hiding);
      const res = await api('POST', '', {
        resourceType: 'Bundle',
        type: 'batch',
        entry: [
          { request: { method: 'GET', url: `Patient/${p1}` } },
          { request: { method: 'GET', url: `Observation?subject=Patient/${p1}` } },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.entry.map((e: any) => e.response.status)).toEqual(['200 OK', '200 OK']);
      expect(res.text).toContain('Ada');
      expect(res.text).not.toContain('Dr. Secret');
      expect(res.text).not.toContain('glucose value');
    });

    it('refuses a search or a JSON Patch that would tell a hidden value', async () => {
      const api = await memberWith(hiding);
      const search = await api('GET', 'Patient?family=One');
      expect(search.status).toBe(403);
      expect(search.body.issue[0].details.text).toBe('Forbidden: Patient cannot be searched by family');
      const probe = [{ op: 'test', path: '/name/0/family', value: 'One' }];
      const patch = await api('PATCH', `Patient/${p1}`, probe, { 'Content-Type': 'application/json-patch+json' });
      expect(patch.status).toBe(403);
    });

    it('keeps the stored hidden values when a write leaves them out, and answers without them', async () => {
      const api = await memberWith(hiding);
      const shown = await api('GET', `Patient/${p2}`);
      const saved = await api('PUT', `Patient/${p2}`, { ...shown.body, gender: 'female' });
      expect(saved.status).toBe(200);
      expect(saved.text).not.toContain('Dr. Secret');
      const stored = await server.ctx.systemRepo.readResource<any>('Patient', p2);
      expect(stored.gender).toBe('female');
      expect(stored.generalPractitioner[0].display).toBe('Dr. Secret');
      expect(stored.name[0].family).toBe('Two');
    });
  });

  describe('when a rule makes fields read-only', () => {
    const frontDesk = { resource: [{ resourceType: 'Patient', readonlyFields: ['telecom'] }] };

    it('refuses a PUT, a PATCH or a transaction that changes them, and keeps the rest editable', async () => {
      const api = await memberWith(frontDesk);
      const shown = await api('GET', `Patient/${p1}`);
      expect(shown.body.telecom[0].value).toBe('555-0100');
      const changed = await api('PUT', `Patient/${p1}`, { ...shown.body, telecom: [{ system: 'phone', value: '1' }] });
      expect(changed.status).toBe(403);
      expect(changed.body.issue[0].details.text).toBe('Forbidden: Patient.telecom is read-only');
      const patch = [{ op: 'replace', path: '/telecom/0/value', value: '2' }];
      expect(
        (await api('PATCH', `Patient/${p1}`, patch, { 'Content-Type': 'application/json-patch+json' })).status
      ).toBe(403);
      const transaction = await api('POST', '', {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          {
            request: { method: 'PUT', url: `Patient/${p1}` },
            resource: { ...shown.body, gender: 'male', telecom: [{ system: 'phone', value: '3' }] },
          },
        ],
      });
      expect(transaction.status).toBe(403);
      const stored = await server.ctx.systemRepo.readResource<any>('Patient', p1);
      expect(stored.telecom[0].value).toBe('555-0100');
      expect(stored.gender).toBeUndefined();
      const renamed = await api('PUT', `Patient/${p1}`, { ...shown.body, name: [{ given: ['Adele'], family: 'One' }] });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name[0].given).toEqual(['Adele']);
    });

    it('refuses a create that sets them', async () => {
      const api = await memberWith(frontDesk);
      const res = await api('POST', 'Patient', { resourceType: 'Patient', telecom: [{ system: 'phone', value: '4' }] });
      expect(res.status).toBe(403);
      expect((await api('POST', 'Patient', { resourceType: 'Patient', gender: 'male' })).status).toBe(201);
    });
  });

  describe('when an AccessPolicy is stored', () => {
    async function admin() {
      const account = await createAccount(server, 'Practitioner');
      const repo = server.ctx.systemRepo;
      const membership = await repo.searchOne<any>('ProjectMembership', { profile: account.profile });
      await repo.updateResource({ ...membership, admin: true });
      return fhirAs(server, account.token);
    }

    it('refuses a malformed one with an OperationOutcome saying why, on every write path', async () => {
      const api = await admin();
      const bad = {
        resourceType: 'AccessPolicy',
        resource: [{ resourceType: 'Patient', interaction: ['read', 'steal'] }],
      };
      const created = await api('POST', 'AccessPolicy', bad);
      expect(created.status).toBe(400);
      expect(created.body.issue[0].details.text).toBe('Invalid AccessPolicy: unknown interaction "steal"');
      expect(created.body.issue[0].expression).toEqual(['AccessPolicy.resource[0].interaction[1]']);
      const good = await api('POST', 'AccessPolicy', { resourceType: 'AccessPolicy', resource: [] });
      expect(good.status).toBe(201);
      const put = await api('PUT', `AccessPolicy/${good.body.id}`, {
        ...good.body,
        resource: [{ resourceType: 'Observation', criteria: 'Patient?name=x' }],
      });
      expect(put.status).toBe(400);
      expect(put.body.issue[0].details.text).toBe(
        "Invalid AccessPolicy: criteria must search the rule's resource type"
      );
      const patch = [{ op: 'add', path: '/resource/0', value: { resourceType: 'Nope' } }];
      const patched = await api('PATCH', `AccessPolicy/${good.body.id}`, patch, {
        'Content-Type': 'application/json-patch+json',
      });
      expect(patched.status).toBe(400);
      expect(patched.body.issue[0].expression).toEqual(['AccessPolicy.resource[0].resourceType']);
      const inTransaction = await api('POST', '', {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [{ request: { method: 'POST', url: 'AccessPolicy' }, resource: bad }],
      });
      expect(inTransaction.status).toBe(400);
    });

    it('lets only a project admin write one', async () => {
      const plain = fhirAs(server, (await createAccount(server, 'Practitioner')).token);
      const res = await plain('POST', 'AccessPolicy', { resourceType: 'AccessPolicy', resource: [] });
      expect(res.status).toBe(403);
      expect(res.body.issue[0].details.text).toBe('Forbidden: only a project admin may change AccessPolicy');
    });

    it('applies a changed policy at once', async () => {
      const repo = server.ctx.systemRepo;
      const account = await createAccount(server, 'Practitioner');
      const policy = await repo.createResource<AccessPolicy>({
        resourceType: 'AccessPolicy',
        resource: [{ resourceType: 'Patient' }],
      });
      const membership = await repo.searchOne<any>('ProjectMembership', { profile: account.profile });
      await repo.updateResource({ ...membership, accessPolicy: { reference: `AccessPolicy/${policy.id}` } });
      const api = fhirAs(server, account.token);
      expect((await api('GET', `Patient/${p1}`)).status).toBe(200);
      await repo.updateResource<AccessPolicy>({ ...policy, resource: [{ resourceType: 'Practitioner' }] });
      expect((await api('GET', `Patient/${p1}`)).status).toBe(403);
      await repo.deleteResource('AccessPolicy', policy.id!);
      // A membership whose policy is gone is allowed nothing.
      expect((await api('GET', 'Practitioner')).status).toBe(403);
    });
  });
});
