// Issue 19: with two server processes on one PostgreSQL, a revoked token or a changed
// AccessPolicy kept working on the other process for about 30 s: each process cached logins and
// policies and heard only its own writes. Every process now hears the others' writes through
// LISTEN/NOTIFY (live-bus.ts) and drops what it kept, so the other process refuses within 1 s.
// Two servers in one test process stand for two processes: they share nothing but the database.
import { randomUUID } from 'node:crypto';
import { dropSchema } from '../test/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessPolicy } from '../../../src/fhir/access-policy';
import { createServer, type RunningServer } from '../app';
import { registerPatient, signIn, TEST_BOT_CHECK } from '../test/login-helpers';
import { DemoCredentials, DemoIds } from '../seed/ids';
import { fhirAs, raw } from '../test/attacker';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.log('DATABASE_URL not set: PostgreSQL path skipped');

/** The longest the other process may keep honouring what was revoked. */
const WITHIN_MS = 1000;

/** Asks every 50 ms until the answer is `status` or WITHIN_MS has passed; answers the last status. */
async function statusWithin(status: number, ask: () => Promise<{ status: number }>): Promise<number> {
  const deadline = Date.now() + WITHIN_MS;
  for (;;) {
    const answer = (await ask()).status;
    if (answer === status || Date.now() >= deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(databaseUrl)('revocation across two processes on one PostgreSQL', () => {
  const schema = `fpk_revoke_${randomUUID().slice(0, 8)}`;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    a = await createServer({ port: 0, databaseUrl, databaseSchema: schema, seed: true, botCheck: TEST_BOT_CHECK });
    // Behind one load balancer both name the same public URL (the tokens' issuer); requests to B
    // go to its own port.
    const second = await createServer({
      port: 0,
      databaseUrl,
      databaseSchema: schema,
      seed: false,
      baseUrl: a.url,
      botCheck: TEST_BOT_CHECK,
    });
    b = { ...second, url: `http://127.0.0.1:${second.port}/` };
  }, 180_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await dropSchema(schema, databaseUrl);
  });

  it('refuses on B a token signed out on A', async () => {
    const { access_token, profile } = await signIn(
      a.url,
      DemoCredentials.patient.email,
      DemoCredentials.patient.password
    );
    const onB = () => fhirAs(b, access_token)('GET', profile.reference);
    expect((await onB()).status).toBe(200);
    const logout = await raw(a, 'POST', 'oauth2/logout', undefined, { Authorization: `Bearer ${access_token}` });
    expect(logout.status).toBe(200);
    expect(await statusWithin(401, onB)).toBe(401);
  });

  it('refuses on B the other sessions of a user who changed the password on A', async () => {
    const email = `revoke-${randomUUID()}@example.com`;
    const password = 'first-password-1';
    const here = await registerPatient(a.url, { firstName: 'Ned', lastName: 'Flanders', email, password });
    const elsewhere = await signIn(a.url, email, password);
    const onB = () => fhirAs(b, elsewhere.access_token)('GET', elsewhere.profile.reference);
    expect((await onB()).status).toBe(200);
    const changed = await raw(
      a,
      'POST',
      'auth/changepassword',
      { oldPassword: password, newPassword: 'second-password-2' },
      { Authorization: `Bearer ${here.access_token}` }
    );
    expect(changed.status).toBe(200);
    expect(await statusWithin(401, onB)).toBe(401);
    // The session that changed it goes on, on either process.
    expect((await fhirAs(b, here.access_token)('GET', here.profile.reference)).status).toBe(200);
  });

  it('refuses on B what an AccessPolicy changed on A no longer allows, and allows it again once restored', async () => {
    const frontDesk = await signIn(a.url, DemoCredentials.frontDesk.email, DemoCredentials.frontDesk.password);
    const doctor = await signIn(a.url, DemoCredentials.doctor.email, DemoCredentials.doctor.password);
    const onB = () => fhirAs(b, frontDesk.access_token)('GET', `Patient/${DemoIds.patient}`);
    expect((await onB()).status).toBe(200);
    const admin = fhirAs(a, doctor.access_token);
    const stored = await admin('GET', `AccessPolicy/${DemoIds.frontDeskPolicy}`);
    expect(stored.status).toBe(200);
    const policy = stored.body as AccessPolicy;
    const withoutPatients = { ...policy, resource: policy.resource!.filter((r) => r.resourceType !== 'Patient') };
    expect((await admin('PUT', `AccessPolicy/${DemoIds.frontDeskPolicy}`, withoutPatients)).status).toBe(200);
    expect(await statusWithin(403, onB)).toBe(403);
    expect((await admin('PUT', `AccessPolicy/${DemoIds.frontDeskPolicy}`, policy)).status).toBe(200);
    expect(await statusWithin(200, onB)).toBe(200);
  });

  it('refuses on B what a membership changed on A no longer allows', async () => {
    const frontDesk = await signIn(a.url, DemoCredentials.frontDesk.email, DemoCredentials.frontDesk.password);
    const onB = () => fhirAs(b, frontDesk.access_token)('GET', `Patient/${DemoIds.patient}`);
    expect((await onB()).status).toBe(200);
    const repo = a.ctx.systemRepo;
    const appointmentsOnly = await repo.createResource<AccessPolicy>({
      resourceType: 'AccessPolicy',
      name: 'Appointments only',
      resource: [{ resourceType: 'Appointment' }],
    });
    const membership = await repo.readResource<any>('ProjectMembership', DemoIds.frontDeskMembership);
    await repo.updateResource({ ...membership, accessPolicy: { reference: `AccessPolicy/${appointmentsOnly.id}` } });
    expect(await statusWithin(403, onB)).toBe(403);
  });
});
