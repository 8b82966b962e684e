// Item 4: granted SMART scopes were not enforced (a token granted patient/Observation.read
// created Observations and read Communications) and auth/scope granted system/*.* to a
// patient. Scopes (v1 .read/.write/.*, v2 .cruds; patient/, user/, system/) now bound every
// interaction, and a grant never holds more than the user may have.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import { createPasswordAccount, type PasswordAccount } from '../test/accounts';
import { exchange, fhirAs, pkce, raw } from '../test/attacker';

describe.each(backends())('SMART scopes (%s)', (backend) => {
  let server: TestServer;
  let patient: PasswordAccount;

  beforeAll(async () => {
    server = await startTestServer(backend);
    patient = await createPasswordAccount(server);
    await server.ctx.systemRepo.createResource<any>({
      resourceType: 'Communication',
      status: 'completed',
      subject: { reference: patient.profile },
      payload: [{ contentString: 'Your results are in' }],
    });
  }, 60_000);
  afterAll(() => server?.destroy());

  /** Signs the patient in asking for `scope` (on auth/login, or afterwards through auth/scope). */
  async function tokenWith(
    scope: string,
    via: 'login' | 'auth/scope' = 'login'
  ): Promise<{ token: string; scope: string }> {
    const { challenge, verifier } = pkce();
    const signIn = await raw(server, 'POST', 'auth/login', {
      email: patient.email,
      password: patient.password,
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
      ...(via === 'login' ? { scope } : {}),
    });
    expect(signIn.status).toBe(200);
    let code = signIn.body.code;
    if (via === 'auth/scope') {
      const scoped = await raw(server, 'POST', 'auth/scope', { login: signIn.body.login, scope });
      expect(scoped.status).toBe(200);
      code = scoped.body.code;
    }
    const tokens = await exchange(server, code, verifier);
    expect(tokens.status).toBe(200);
    return { token: tokens.body.access_token, scope: tokens.body.scope };
  }

  const observation = () => ({
    resourceType: 'Observation',
    status: 'final',
    code: { text: 'Weight' },
    subject: { reference: patient.profile },
    valueQuantity: { value: 80, unit: 'kg' },
  });

  describe('when a token holds patient/Observation.read (v1)', () => {
    it('reads and searches Observations but cannot create them or read Communications', async () => {
      const api = fhirAs(server, (await tokenWith('openid patient/Observation.read')).token);
      expect((await api('GET', 'Observation')).status).toBe(200);
      const create = await api('POST', 'Observation', observation());
      expect(create.status).toBe(403);
      expect(create.body.resourceType).toBe('OperationOutcome');
      expect((await api('GET', 'Communication')).status).toBe(403);
      const batch = await api('POST', '', {
        resourceType: 'Bundle',
        type: 'batch',
        entry: [{ request: { method: 'POST', url: 'Observation' }, resource: observation() }],
      });
      expect(batch.body.entry[0].response.status).toMatch(/^403/);
      const everything = await api('GET', `${patient.profile}/$everything`);
      expect(JSON.stringify(everything.body)).not.toContain('Your results are in');
    });
  });

  describe('when a token holds v2 scopes', () => {
    it('allows exactly the letters: patient/Observation.rs reads, patient/Observation.c creates', async () => {
      const readOnly = fhirAs(server, (await tokenWith('openid patient/Observation.rs')).token);
      expect((await readOnly('GET', 'Observation')).status).toBe(200);
      expect((await readOnly('POST', 'Observation', observation())).status).toBe(403);
      const createOnly = fhirAs(server, (await tokenWith('openid patient/Observation.c')).token);
      expect((await createOnly('POST', 'Observation', observation())).status).toBe(201);
      expect((await createOnly('GET', 'Observation')).status).toBe(403);
    });
  });

  describe('when a patient asks for system or other users’ scopes', () => {
    it('grants none of system/*.* through auth/scope, and the token reaches only their own data', async () => {
      const granted = await tokenWith('openid system/*.* user/*.*', 'auth/scope');
      expect(granted.scope.split(' ')).not.toContain('system/*.*');
      const api = fhirAs(server, granted.token);
      expect((await api('GET', 'Patient?_count=100')).body.entry.map((e: any) => `Patient/${e.resource.id}`)).toEqual([
        patient.profile,
      ]);
      expect((await api('POST', 'Practitioner', { resourceType: 'Practitioner' })).status).toBe(403);
    });

    it('grants none of system/*.* on auth/login either', async () => {
      const granted = await tokenWith('openid system/*.*');
      expect(granted.scope).not.toContain('system/');
    });
  });
});
