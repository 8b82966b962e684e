// Issue 19, the Medium field-mask findings: an AccessPolicy's hidden fields must not be told by
// any answer. Each attempt plays a member whose policy hides Patient.address.city and
// Patient.generalPractitioner (and Coverage.beneficiary), and tries to learn them anyway: a
// search by a parameter that covers the hidden field only partly, an _include or _revinclude
// through a hidden reference, a conditional create (If-None-Exist) or update (PUT Type?search)
// whose 200 or 201 says whether the hidden value matched, a JSON Patch that tests, copies or
// moves a parent of the hidden field, and a websocket notification that pushes the resource as
// stored. Each fails on the code before the one access decision (access/decide.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { AccessPolicy } from '../../../src/fhir/access-policy';
import { backends, createAccount, startTestServer, type TestServer } from '../test/test-server';
import { fhirAs } from '../test/attacker';

const PATCH = { 'Content-Type': 'application/json-patch+json' };

describe.each(backends())('hidden fields stay hidden (%s)', (backend) => {
  let server: TestServer;
  let springfield: string;
  let shelbyville: string;
  let doctor: string;
  let api: ReturnType<typeof fhirAs>;

  const policy: Omit<AccessPolicy, 'resourceType'> = {
    resource: [
      { resourceType: 'Patient', hiddenFields: ['address.city', 'generalPractitioner'] },
      { resourceType: 'Practitioner', readonly: true },
      { resourceType: 'Coverage', hiddenFields: ['beneficiary'] },
      { resourceType: 'Subscription' },
    ],
  };

  /** A practitioner whose membership links `rules`; their FHIR caller and token. */
  async function memberWith(rules: Omit<AccessPolicy, 'resourceType'>) {
    const repo = server.ctx.systemRepo;
    const account = await createAccount(server, 'Practitioner');
    const stored = await repo.createResource<AccessPolicy>({ resourceType: 'AccessPolicy', ...rules });
    const membership = await repo.searchOne<any>('ProjectMembership', { profile: account.profile });
    await repo.updateResource({ ...membership, accessPolicy: { reference: `AccessPolicy/${stored.id}` } });
    return { api: fhirAs(server, account.token), token: account.token };
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    const repo = server.ctx.systemRepo;
    doctor = (
      await repo.createResource<any>({
        resourceType: 'Practitioner',
        name: [{ family: 'Riviera', given: ['Nick'] }],
      })
    ).id;
    const patient = async (family: string, city: string) =>
      (
        await repo.createResource<any>({
          resourceType: 'Patient',
          name: [{ family, given: ['Ada'] }],
          gender: 'female',
          address: [{ line: ['742 Evergreen Terrace'], city, postalCode: '49007' }],
          generalPractitioner: [{ reference: `Practitioner/${doctor}` }],
        })
      ).id;
    springfield = await patient('Simpson', 'Springfield');
    shelbyville = await patient('Manjula', 'Shelbyville');
    await repo.createResource<any>({
      resourceType: 'Coverage',
      status: 'active',
      beneficiary: { reference: `Patient/${springfield}` },
      payor: [{ display: 'Acme Insurance' }],
    });
    ({ api } = await memberWith(policy));
  }, 120_000);
  afterAll(() => server?.destroy());

  describe('a search by a parameter whose path is a parent of a hidden field', () => {
    it('is refused, whether the hidden value matches or not', async () => {
      for (const path of ['Patient?address=Springfield', 'Patient?address=Shelbyville', 'Patient?_sort=address']) {
        const res = await api('GET', path);
        expect(res.status, path).toBe(403);
        expect(res.body.issue[0].details.text).toMatch(/^Forbidden: Patient cannot be searched by address$/);
      }
      const posted = await api('POST', 'Patient/_search', 'address=Springfield', {
        'Content-Type': 'application/x-www-form-urlencoded',
      });
      expect(posted.status).toBe(403);
    });

    it('is refused inside a batch too', async () => {
      const res = await api('POST', '', {
        resourceType: 'Bundle',
        type: 'batch',
        entry: [{ request: { method: 'GET', url: 'Patient?address=Springfield' } }],
      });
      expect(res.status).toBe(200);
      expect(res.body.entry[0].response.status).toBe('403 Forbidden');
      expect(res.text).not.toContain('Simpson');
    });

    it('still answers a search by a field that is shown', async () => {
      const res = await api('GET', 'Patient?family=Simpson');
      expect(res.status).toBe(200);
      expect(res.body.entry.map((e: any) => e.resource.id)).toEqual([springfield]);
      expect(res.text).not.toContain('Springfield');
      expect(res.text).toContain('742 Evergreen Terrace');
    });
  });

  describe('an _include or _revinclude through a hidden reference', () => {
    it('is refused: the included resource would name the hidden value', async () => {
      const include = await api('GET', `Patient?_id=${springfield}&_include=Patient:general-practitioner`);
      expect(include.status).toBe(403);
      expect(include.text).not.toContain('Riviera');
      const revinclude = await api('GET', `Patient?_id=${springfield}&_revinclude=Coverage:beneficiary`);
      expect(revinclude.status).toBe(403);
      expect(revinclude.text).not.toContain('Acme Insurance');
    });
  });

  describe('a conditional create (If-None-Exist) by a hidden field', () => {
    it('is refused, so 200 against 201 tells nothing, over REST and in a transaction', async () => {
      const before = (await server.ctx.systemRepo.searchResources('Patient', { _count: '100' })).length;
      for (const city of ['Springfield', 'Capital City']) {
        const res = await api(
          'POST',
          'Patient',
          { resourceType: 'Patient', name: [{ family: 'Probe' }] },
          {
            'If-None-Exist': `address-city=${city}`,
          }
        );
        expect(res.status, city).toBe(403);
        const parent = await api(
          'POST',
          'Patient',
          { resourceType: 'Patient', name: [{ family: 'Probe' }] },
          {
            'If-None-Exist': `address=${city}`,
          }
        );
        expect(parent.status, city).toBe(403);
      }
      const transaction = await api('POST', '', {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          {
            request: { method: 'POST', url: 'Patient', ifNoneExist: 'address-city=Springfield' },
            resource: { resourceType: 'Patient', name: [{ family: 'Probe' }] },
          },
        ],
      });
      expect(transaction.status).toBe(403);
      expect((await server.ctx.systemRepo.searchResources('Patient', { _count: '100' })).length).toBe(before);
    });
  });

  describe('a conditional update (PUT Type?search) by a hidden field', () => {
    it('is refused and writes nothing', async () => {
      for (const query of ['address-city=Springfield', 'address=Springfield', 'address-city=Nowhere']) {
        const res = await api('PUT', `Patient?${query}`, {
          resourceType: 'Patient',
          name: [{ family: 'Overwritten' }],
        });
        expect(res.status, query).toBe(403);
      }
      const stored = await server.ctx.systemRepo.readResource<any>('Patient', springfield);
      expect(stored.name[0].family).toBe('Simpson');
      expect(await server.ctx.systemRepo.searchResources('Patient', { family: 'Overwritten' })).toEqual([]);
    });
  });

  describe('a JSON Patch that reads a hidden field through its parent', () => {
    it('refuses test, copy and move of a parent or the root, and leaves the stored value', async () => {
      const shown = await api('GET', `Patient/${springfield}`);
      expect(shown.status).toBe(200);
      expect(shown.text).not.toContain('Springfield');
      const guess = { ...shown.body.address[0], city: 'Springfield' };
      const attempts: unknown[][] = [
        [{ op: 'test', path: '/address/0', value: guess }],
        [{ op: 'test', path: '/address', value: [guess] }],
        [{ op: 'test', path: '', value: { ...shown.body, address: [guess] } }],
        [
          { op: 'add', path: '/contact', value: [{}] },
          { op: 'copy', from: '/address/0', path: '/contact/0/address' },
        ],
        [
          { op: 'add', path: '/contact', value: [{}] },
          { op: 'move', from: '/address/0', path: '/contact/0/address' },
        ],
        [{ op: 'copy', from: '/address/00/city', path: '/name/0/text' }],
      ];
      for (const ops of attempts) {
        const res = await api('PATCH', `Patient/${springfield}`, ops, PATCH);
        expect(res.status, JSON.stringify(ops)).toBe(403);
        expect(res.text).not.toContain('Springfield');
      }
      const stored = await server.ctx.systemRepo.readResource<any>('Patient', springfield);
      expect(stored.address[0].city).toBe('Springfield');
      expect(stored.contact).toBeUndefined();
    });

    it('still applies a patch of shown fields and keeps the hidden ones', async () => {
      const ops = [{ op: 'replace', path: '/address/0/postalCode', value: '49008' }];
      const res = await api('PATCH', `Patient/${shelbyville}`, ops, PATCH);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('Shelbyville');
      const stored = await server.ctx.systemRepo.readResource<any>('Patient', shelbyville);
      expect(stored.address[0]).toMatchObject({ city: 'Shelbyville', postalCode: '49008' });
    });
  });

  describe('a websocket notification', () => {
    /** Binds a socket to a new Subscription of the member; answers the messages it receives. */
    async function listen(member: { api: ReturnType<typeof fhirAs> }, criteria: string) {
      const created = await member.api('POST', 'Subscription', {
        resourceType: 'Subscription',
        status: 'active',
        reason: 'probe',
        criteria,
        channel: { type: 'websocket' },
      });
      expect(created.status).toBe(201);
      const token = await member.api('GET', `Subscription/${created.body.id}/$get-ws-binding-token`);
      expect(token.status).toBe(200);
      const ws = new WebSocket(`${server.url.replace('http:', 'ws:')}ws/subscriptions-r4`);
      const messages: any[] = [];
      ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      const value = token.body.parameter.find((p: any) => p.name === 'token').valueString;
      ws.send(JSON.stringify({ type: 'bind-with-token', payload: { token: value } }));
      await until(() => messages.some((m) => m.entry?.[0]?.resource?.type === 'handshake'));
      const notifications = () => messages.filter((m) => m.entry?.[0]?.resource?.type === 'event-notification');
      return { ws, notifications };
    }

    async function until(done: () => boolean, ms = 10_000): Promise<void> {
      const end = Date.now() + ms;
      while (!done()) {
        if (Date.now() > end) throw new Error('timed out');
        await new Promise((r) => setTimeout(r, 25));
      }
    }

    /** A change the system commits, which every matching subscriber hears of. */
    async function touch(id: string, gender: string) {
      const repo = server.ctx.systemRepo;
      await repo.updateResource({ ...(await repo.readResource<any>('Patient', id)), gender });
    }

    it('pushes the resource masked with the subscriber policy', async () => {
      const member = await memberWith(policy);
      const { ws, notifications } = await listen(member, `Patient?_id=${springfield}`);
      try {
        await touch(springfield, 'other');
        await until(() => notifications().length > 0);
        const pushed = notifications()[0].entry[1].resource;
        expect(pushed.id).toBe(springfield);
        expect(pushed.address[0].line).toEqual(['742 Evergreen Terrace']);
        expect(JSON.stringify(notifications())).not.toContain('Springfield');
        expect(JSON.stringify(notifications())).not.toContain(doctor);
      } finally {
        ws.close();
      }
    });

    it('pushes nothing the policy does not let the subscriber read, nor matches by a hidden field', async () => {
      const narrow = await memberWith({
        resource: [
          { resourceType: 'Patient', criteria: 'Patient?gender=male', hiddenFields: ['address.city'] },
          { resourceType: 'Subscription' },
        ],
      });
      const byGender = await listen(narrow, 'Patient?family=Manjula');
      const byCity = await listen(narrow, 'Patient?address-city=Shelbyville');
      try {
        // Female, outside the rule's criteria: no notification; then male: the subscriber reads it.
        await touch(shelbyville, 'female');
        await touch(shelbyville, 'male');
        await until(() => byGender.notifications().length > 0);
        expect(byGender.notifications()).toHaveLength(1);
        expect(byGender.notifications()[0].entry[1].resource.gender).toBe('male');
        expect(JSON.stringify(byGender.notifications())).not.toContain('Shelbyville');
        // Both went out in the same round; a late one would have had time to arrive.
        await new Promise((r) => setTimeout(r, 500));
        expect(byCity.notifications()).toEqual([]);
      } finally {
        byGender.ws.close();
        byCity.ws.close();
      }
    });
  });
});
