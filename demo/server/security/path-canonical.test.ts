// Issue 19, the critical finding: a path spelled another way skipped authentication and the
// access policy. The auth hook tested the raw path, the router decoded it, and a request with
// no caller read and wrote as the system: with no token `GET /fhir//R4/User` answered every
// user's password hash, `/%66hir/R4/Patient/{id}/$everything` a whole record, and
// `POST /fhir//R4/Observation` wrote; the front desk read clinical data through
// `/fhir/R4//Observation` and through Bundle entries spelled the same way; `POST /%61uth/login`
// took 8 MB past the 64 KB limit of auth/*. Now the path is parsed once, before anything
// decides, and every other spelling is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessPolicy } from '../../../src/fhir/access-policy';
import { backends, createAccount, startTestServer, type TestServer } from '../test/test-server';
import { frontDeskPolicy } from '../seed/front-desk';
import { sendTarget, answerBeforeBody } from '../test/raw-target';

const HASH_MARKER = 'scrypt$leak-marker-hash';
const OBSERVATION_MARKER = 'leak-marker-observation';

describe.each(backends())('one parse of the request path (%s)', (backend) => {
  let server: TestServer;
  let userId: string;
  let patientId: string;
  let doctorToken: string;
  let frontDeskToken: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    const repo = server.ctx.systemRepo;
    userId = (
      await repo.createResource<any>({
        resourceType: 'User',
        email: 'victim@example.com',
        firstName: 'Vic',
        lastName: 'Tim',
        passwordHash: HASH_MARKER,
      })
    ).id;
    patientId = (await repo.createResource<any>({ resourceType: 'Patient', name: [{ family: 'Leakproof' }] })).id;
    await repo.createResource<any>({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'glucose' },
      subject: { reference: `Patient/${patientId}` },
      valueString: OBSERVATION_MARKER,
    });
    doctorToken = (await createAccount(server, 'Practitioner')).token;
    const frontDesk = await createAccount(server, 'Practitioner');
    const { id: _fixedId, ...policy } = frontDeskPolicy;
    const stored = await repo.createResource<AccessPolicy>(policy);
    const membership = await repo.searchOne<any>('ProjectMembership', { profile: frontDesk.profile });
    await repo.updateResource({ ...membership, accessPolicy: { reference: `AccessPolicy/${stored.id}` } });
    frontDeskToken = frontDesk.token;
  }, 120_000);
  afterAll(() => server?.destroy());

  const expectRefused = (res: { status: number; body: any; text: string }, status = 400) => {
    expect(res.status).toBe(status);
    expect(res.body?.resourceType).toBe('OperationOutcome');
    expect(res.text).not.toContain(HASH_MARKER);
    expect(res.text).not.toContain(OBSERVATION_MARKER);
  };

  describe('when an attacker with no token spells the FHIR path another way', () => {
    it.each([
      '/fhir//R4/User',
      '/%66hir/R4/User',
      '/fhir/%52%34/User',
      '/%2566hir/R4/User',
      '//fhir/R4/User',
      '/fhir/R4//User',
      '/fhir/R4/./User',
      '/fhir/R4/Patient/../User',
      '/fhir/x/../R4/User',
      '/fhir\\R4\\User',
      '/fhir/R4%2FUser',
      '/fhir/R4%2fUser',
      '/fhir/R4%5CUser',
      '/fhir/R4/%55ser',
      '/fhir/R4/User//',
      '/fhir/R4/User/.',
      '/fhir/R4/User?x=1#frag',
      'http://127.0.0.1/fhir/R4/User',
    ])('refuses GET %s with 400, no user record in it', async (target) => {
      const res = await sendTarget(server, 'GET', target);
      // '%2566hir' is the segment '%66hir' spelled with an escaped percent sign: a path no
      // route has, so 404; every other spelling is refused outright.
      expectRefused(res, target.startsWith('/%2566') ? 404 : 400);
    });

    it('asks for a token on the canonical spelling, a trailing slash included', async () => {
      for (const target of ['/fhir/R4/User', '/fhir/R4/User/', `/fhir/R4/User/${userId}`]) {
        const res = await sendTarget(server, 'GET', target);
        expectRefused(res, 401);
      }
    });

    it("refuses a patient's $everything spelled another way, and asks for a token on %24everything", async () => {
      expectRefused(await sendTarget(server, 'GET', `/%66hir/R4/Patient/${patientId}/$everything`));
      expectRefused(await sendTarget(server, 'GET', `/fhir//R4/Patient/${patientId}/$everything`));
      // '%24' is the one escape decoded: the same route, so the same check.
      expectRefused(await sendTarget(server, 'GET', `/fhir/R4/Patient/${patientId}/%24everything`), 401);
    });

    it('writes nothing through a doubled slash or an escaped letter', async () => {
      const observation = JSON.stringify({
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'planted' },
        subject: { reference: `Patient/${patientId}` },
      });
      for (const target of ['/fhir//R4/Observation', '/%66hir/R4/Observation', '/fhir/R4/%4Fbservation']) {
        const res = await sendTarget(server, 'POST', target, {
          headers: { 'Content-Type': 'application/fhir+json' },
          body: observation,
        });
        expectRefused(res);
      }
      const user = JSON.stringify({ resourceType: 'User', id: userId, email: 'victim@example.com', passwordHash: 'x' });
      expectRefused(
        await sendTarget(server, 'PUT', `/fhir//R4/User/${userId}`, {
          headers: { 'Content-Type': 'application/fhir+json' },
          body: user,
        })
      );
      const observations = await server.ctx.systemRepo.searchResources<any>('Observation', {}, 100);
      expect(observations.map((o) => o.code.text)).toEqual(['glucose']);
      const stored = await server.ctx.systemRepo.readResource<any>('User', userId);
      expect(stored.passwordHash).toBe(HASH_MARKER);
    });
  });

  describe('when a signed-in caller spells the path another way', () => {
    it("still reaches $everything written as %24everything (the escape a client may send for '$')", async () => {
      const res = await sendTarget(server, 'GET', `/fhir/R4/Patient/${patientId}/%24everything`, {
        headers: { Authorization: `Bearer ${doctorToken}` },
      });
      expect(res.status).toBe(200);
      expect(res.body.resourceType).toBe('Bundle');
      expect(res.text).toContain(OBSERVATION_MARKER);
    });

    it("does not let the front desk read clinical data its policy denies through '//' or an escape", async () => {
      const auth = { headers: { Authorization: `Bearer ${frontDeskToken}` } };
      for (const target of ['/fhir/R4//Observation', '/fhir//R4/Observation', '/fhir/R4/%4Fbservation']) {
        expectRefused(await sendTarget(server, 'GET', target, auth));
      }
      // The canonical spelling meets the policy.
      expectRefused(await sendTarget(server, 'GET', '/fhir/R4/Observation', auth), 403);
    });

    it('refuses (403) a FHIR request its policy cannot classify instead of handing it on', async () => {
      // A type with an escaped space routes as a search, but names no type a rule can cover.
      const res = await sendTarget(server, 'GET', '/fhir/R4/Observation%20', {
        headers: { Authorization: `Bearer ${frontDeskToken}` },
      });
      expectRefused(res, 403);
    });

    it("refuses Bundle entries spelled another way, each on its own, with none of the policy's denied data", async () => {
      const urls = [
        '%4Fbservation',
        'Observation//',
        '//Observation',
        './Observation',
        `Patient/${patientId}/../../Observation`,
        'Observation%2F',
        'Observation\\',
        `${server.url}fhir//R4/Observation`,
        `${server.url}fhir/R4/../R4/Observation`,
      ];
      const res = await sendTarget(server, 'POST', '/fhir/R4', {
        headers: { Authorization: `Bearer ${frontDeskToken}`, 'Content-Type': 'application/fhir+json' },
        body: JSON.stringify({
          resourceType: 'Bundle',
          type: 'batch',
          entry: urls.map((url) => ({ request: { method: 'GET', url } })),
        }),
      });
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(OBSERVATION_MARKER);
      const statuses = res.body.entry.map((e: any) => e.response.status);
      expect(statuses).toEqual(urls.map(() => '400 Bad Request'));
      expect(res.body.entry.every((e: any) => e.resource === undefined)).toBe(true);
    });
  });

  describe('when an attacker sends a body far over the limit of auth/*', () => {
    it('refuses an 8 MB body to /%61uth/login with 400 before reading it', async () => {
      // 64 KB of the declared 8 MB are sent; an answer means the server did not wait for the rest.
      const res = await answerBeforeBody(server, 'POST', '/%61uth/login', 8 * 1024 * 1024, 64 * 1024, 5_000);
      expect(res?.status).toBe(400);
      expect(res?.headers.connection).toBe('close');
      expect(res?.body.resourceType).toBe('OperationOutcome');
    });

    it('refuses an 8 MB body to /auth/login with 413 before reading it', async () => {
      const res = await answerBeforeBody(server, 'POST', '/auth/login', 8 * 1024 * 1024, 64 * 1024, 5_000);
      expect(res?.status).toBe(413);
      expect(res?.headers.connection).toBe('close');
      expect(res?.body.resourceType).toBe('OperationOutcome');
    });

    it('refuses a path longer than 2,048 characters with 414', async () => {
      const res = await sendTarget(server, 'GET', `/fhir/R4/Patient/${'a'.repeat(2100)}`);
      expect(res.status).toBe(414);
      expect(res.body.resourceType).toBe('OperationOutcome');
    });
  });
});
