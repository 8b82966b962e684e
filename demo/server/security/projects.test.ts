// Item 1: anyone could sign up, create a project, and with its admin token read and change
// every project's data. Data is partitioned by project (meta.project): reads, searches,
// includes, history, batches and live subscriptions.
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BOT_CHECK } from '../test/login-helpers';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { exchange, fhirAs, newUser, pkce, raw, signUpProjectAdmin } from '../test/attacker';

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe.each(backends())('project partitioning (%s)', (backend) => {
  let server: TestServer;
  let patient: TestAccount;
  let doctor: TestAccount;
  let observationId: string;
  let mallory: { token: string; profile: string; project: string };

  beforeAll(async () => {
    server = await startTestServer(backend, { botCheck: TEST_BOT_CHECK });
    patient = await createAccount(server, 'Patient', { given: 'Homer', family: 'Simpson' });
    doctor = await createAccount(server, 'Practitioner');
    const created = await fhirAs(server, doctor.token)('POST', 'Observation', {
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
      subject: { reference: patient.profile },
      valueQuantity: { value: 72, unit: '/min' },
    });
    expect(created.status).toBe(201);
    observationId = created.body.id;
    mallory = await signUpProjectAdmin(server);
  }, 120_000);
  afterAll(() => server?.destroy());

  describe('when a stranger signs up and creates a project', () => {
    it('starts with an empty project: no patients, observations or practitioners of others', async () => {
      const api = fhirAs(server, mallory.token);
      for (const type of ['Patient', 'Observation', 'Practitioner']) {
        const res = await api('GET', `${type}?_count=100`);
        expect(res.status).toBe(200);
        const refs = (res.body.entry ?? []).map((e: any) => `${e.resource.resourceType}/${e.resource.id}`);
        expect(refs.filter((r: string) => r !== mallory.profile)).toEqual([]);
      }
    });

    it('cannot read, change, delete or list the history of another project’s resource', async () => {
      const api = fhirAs(server, mallory.token);
      expect((await api('GET', `Observation/${observationId}`)).status).toBe(404);
      expect((await api('GET', `Observation/${observationId}/_history`)).status).toBe(404);
      expect((await api('GET', `Observation/${observationId}/_history/1`)).status).toBe(404);
      expect((await api('GET', `${patient.profile}/$everything`)).status).toBe(404);
      const put = await api('PUT', `Observation/${observationId}`, {
        resourceType: 'Observation',
        id: observationId,
        status: 'entered-in-error',
        code: { text: 'tampered' },
        subject: { reference: patient.profile },
      });
      expect(put.status).toBe(404);
      expect((await api('DELETE', `Observation/${observationId}`)).status).toBe(404);
      const typeHistory = await api('GET', 'Observation/_history');
      expect(typeHistory.status).toBe(200);
      expect(JSON.stringify(typeHistory.body)).not.toContain(observationId);
      const stillThere = await fhirAs(server, doctor.token)('GET', `Observation/${observationId}`);
      expect(stillThere.body).toMatchObject({ status: 'final', subject: { reference: patient.profile } });
    });

    it('cannot reach it through a batch, an _include or a search by subject', async () => {
      const api = fhirAs(server, mallory.token);
      const batch = await api('POST', '', {
        resourceType: 'Bundle',
        type: 'batch',
        entry: [
          { request: { method: 'GET', url: `Observation/${observationId}` } },
          { request: { method: 'GET', url: `Observation?subject=${patient.profile}` } },
        ],
      });
      expect(batch.status).toBe(200);
      expect(batch.body.entry[0].response.status).toMatch(/^404/);
      expect(batch.body.entry[1].resource.entry ?? []).toEqual([]);
      // Mallory's own Observation naming the victim must not pull the victim in.
      const own = await api('POST', 'Observation', {
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'bait' },
        subject: { reference: patient.profile },
      });
      expect(own.status).toBe(201);
      expect(own.body.meta.project).toBe(mallory.project.replace('Project/', ''));
      const included = await api('GET', `Observation?_id=${own.body.id}&_include=Observation:subject`);
      expect(included.body.entry.map((e: any) => e.resource.resourceType)).toEqual(['Observation']);
      const revincluded = await api('GET', `Patient?_id=${patient.id}&_revinclude=Observation:subject`);
      expect(revincluded.body.entry ?? []).toEqual([]);
    });

    it('cannot plant a resource in another project’s patient record', async () => {
      // Mallory's Observation names the victim as its subject; it stays in Mallory's project.
      const planted = await fhirAs(server, mallory.token)('POST', 'Observation', {
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'planted' },
        subject: { reference: patient.profile },
      });
      expect(planted.status).toBe(201);
      const mine = await fhirAs(server, patient.token)('GET', 'Observation?_count=100');
      expect(mine.status).toBe(200);
      const codes = (mine.body.entry ?? []).map(
        (e: any) => e.resource.code?.text ?? e.resource.code?.coding?.[0]?.code
      );
      expect(codes).not.toContain('planted');
      expect(codes).toContain('8867-4');
    });

    it('cannot choose the project: meta.project sent by the client is overwritten', async () => {
      const defaultProject = server.ctx.defaultProjectId!;
      const res = await fhirAs(server, mallory.token)('POST', 'Observation', {
        resourceType: 'Observation',
        meta: { project: defaultProject },
        status: 'final',
        code: { text: 'smuggled' },
        subject: { reference: patient.profile },
      });
      expect(res.status).toBe(201);
      expect(res.body.meta.project).not.toBe(defaultProject);
      const seen = await fhirAs(server, doctor.token)('GET', 'Observation?code:text=smuggled');
      expect(seen.body.entry ?? []).toEqual([]);
    });
  });

  describe('when a stranger subscribes to every Observation', () => {
    it('hears only of their own project’s writes', async () => {
      const api = fhirAs(server, mallory.token);
      const sub = await api('POST', 'Subscription', {
        resourceType: 'Subscription',
        status: 'active',
        reason: 'Watch everything',
        criteria: 'Observation',
        channel: { type: 'websocket' },
      });
      expect(sub.status).toBe(201);
      const binding = await api('GET', `Subscription/${sub.body.id}/$get-ws-binding-token`);
      const token = binding.body.parameter.find((p: any) => p.name === 'token').valueString;
      const ws = new WebSocket(new URL('ws/subscriptions-r4', server.url.replace(/^http/, 'ws')));
      const heard: string[] = [];
      ws.on('message', (data) => {
        const message = JSON.parse(data.toString());
        const resource = message.entry?.[1]?.resource;
        heard.push(
          resource ? (resource.code?.text ?? resource.id) : (message.entry?.[0]?.resource?.type ?? message.type)
        );
      });
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      ws.send(JSON.stringify({ type: 'bind-with-token', payload: { token } }));
      await until(() => heard.includes('handshake'));
      // The victim's project first, then Mallory's own: notifications go out in commit order.
      await fhirAs(server, doctor.token)('POST', 'Observation', {
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'victim-project write' },
        subject: { reference: patient.profile },
      });
      await api('POST', 'Observation', {
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'own-project write' },
        subject: { reference: mallory.profile },
      });
      await until(() => heard.includes('own-project write'));
      ws.close();
      expect(heard).not.toContain('victim-project write');
    });
  });

  describe('when a patient turns their pending login into a new project', () => {
    it('refuses, so a patient never becomes a project admin', async () => {
      const registered = await newUser(server);
      const patientLogin = await raw(server, 'POST', 'auth/newpatient', { login: registered.login });
      expect(patientLogin.status).toBe(200);
      // The patient signs in again: one membership, so the login is granted with a code.
      const { challenge, verifier } = pkce();
      const signIn = await raw(server, 'POST', 'auth/login', {
        email: registered.email,
        password: registered.password,
        codeChallenge: challenge,
        codeChallengeMethod: 'S256',
      });
      expect(signIn.status).toBe(200);
      const hijack = await raw(server, 'POST', 'auth/newproject', { login: signIn.body.login, projectName: 'Mine' });
      expect(hijack.status).toBe(400);
      expect(hijack.body.resourceType).toBe('OperationOutcome');
      // The login still yields the patient's own token, not an admin one.
      const tokens = await exchange(server, signIn.body.code, verifier);
      expect(tokens.status).toBe(200);
      expect(tokens.body.profile.reference).toMatch(/^Patient\//);
    });
  });
});
