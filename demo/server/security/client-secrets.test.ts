// Client application secrets were stored in plain text: a copy of the database (a backup, a
// .data folder) was every confidential client's credential. Now only a SHA-256 digest is kept
// (secretDigest), records of the old form are rewritten at start, current rows and history alike,
// and no answer shows a digest either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, restartTestServer, startTestServer, type TestServer } from '../test/test-server';
import { createPasswordAccount, type PasswordAccount } from '../test/accounts';
import { fhirAs, pkce, raw } from '../test/attacker';
import { registerClientApplication } from '../auth/smart-apps';
import { clientSecretDigest } from '../auth/client-secrets';

describe.each(backends())('client application secrets (%s)', (backend) => {
  let server: TestServer;
  let user: PasswordAccount;
  let registeredSecret: string;
  const REGISTERED = 'registered-confidential-app';
  const LEGACY = { id: 'legacy-confidential-app', secret: 'legacy-plain-secret-0123456789' };

  /** Every stored copy of a ClientApplication (current row and each version), as the database holds the text. */
  async function storedText(id: string): Promise<string[]> {
    const db = server.ctx.systemRepo.db;
    const rows: { text: string }[] = [];
    for (const table of ['resources', 'resource_history']) {
      const { rows: found } = await db.query<{ text: string }>(
        `SELECT content::text AS text FROM ${table} WHERE resource_type = 'ClientApplication' AND id = $1 ORDER BY version_id`,
        [id]
      );
      rows.push(...found);
    }
    return rows.map((r) => r.text);
  }

  /** The client's own project membership, which client_credentials and Basic auth sign in as. */
  async function giveMembership(id: string): Promise<void> {
    await server.ctx.systemRepo.createResource<any>({
      resourceType: 'ProjectMembership',
      project: { reference: `Project/${server.ctx.defaultProjectId}` },
      user: { reference: `ClientApplication/${id}` },
      profile: { reference: `ClientApplication/${id}` },
    });
  }

  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    raw(server, 'POST', 'oauth2/token', new URLSearchParams(fields).toString(), {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...headers,
    });
  const clientCredentials = (id: string, secret: string) =>
    form({ grant_type: 'client_credentials', client_id: id, client_secret: secret });
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

  async function codeFor(clientId: string): Promise<{ code: string; verifier: string }> {
    const { challenge, verifier } = pkce();
    const started = await raw(server, 'POST', 'auth/login', {
      email: user.email,
      password: user.password,
      clientId,
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
    });
    expect(started.status).toBe(200);
    return { code: started.body.code, verifier };
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    user = await createPasswordAccount(server);
    const registered = await registerClientApplication(server.ctx, {
      clientId: REGISTERED,
      name: 'Registered confidential app',
      redirectUris: ['https://app.example/callback'],
      confidential: true,
    });
    registeredSecret = registered.secret!;
    expect(registered.client).not.toHaveProperty('secretDigest');
    await giveMembership(REGISTERED);

    // A record of the old form, written as the server did before digests, in two versions.
    const repo = server.ctx.systemRepo;
    await repo.updateResource<any>({ resourceType: 'ClientApplication', id: LEGACY.id, secret: LEGACY.secret });
    await repo.updateResource<any>({
      resourceType: 'ClientApplication',
      id: LEGACY.id,
      name: 'Legacy app',
      secret: LEGACY.secret,
    });
    await giveMembership(LEGACY.id);
  }, 120_000);
  afterAll(() => server?.destroy());

  describe('when an app is registered as confidential', () => {
    it('stores no copy of the secret, only its digest', async () => {
      const stored = await storedText(REGISTERED);
      expect(stored.length).toBeGreaterThanOrEqual(2);
      for (const text of stored) {
        expect(text).not.toContain(registeredSecret);
        expect(JSON.parse(text)).not.toHaveProperty('secret');
        expect(JSON.parse(text).secretDigest).toBe(clientSecretDigest(registeredSecret));
      }
    });

    it('signs in with client_credentials and the right secret; a wrong one is refused 401', async () => {
      const ok = await clientCredentials(REGISTERED, registeredSecret);
      expect(ok.status).toBe(200);
      expect(ok.body.access_token).toEqual(expect.any(String));
      for (const wrong of ['guess', registeredSecret.slice(0, -1), clientSecretDigest(registeredSecret)]) {
        const refused = await clientCredentials(REGISTERED, wrong);
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual({ error: 'invalid_client', error_description: 'Invalid client credentials' });
      }
    });

    it('exchanges a code with the right secret; a wrong secret or the digest is refused 401', async () => {
      for (const wrong of ['guess', clientSecretDigest(registeredSecret)]) {
        const { code, verifier } = await codeFor(REGISTERED);
        const refused = await form({
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          client_id: REGISTERED,
          client_secret: wrong,
        });
        expect(refused.status).toBe(401);
        expect(refused.body.error).toBe('invalid_client');
      }
      const { code, verifier } = await codeFor(REGISTERED);
      const ok = await form(
        { grant_type: 'authorization_code', code, code_verifier: verifier },
        { Authorization: basic(REGISTERED, registeredSecret) }
      );
      expect(ok.status).toBe(200);
    });

    it('shows the digest to no one: not in auth/me, not through the FHIR API', async () => {
      const token = (await clientCredentials(REGISTERED, registeredSecret)).body.access_token;
      const me = await raw(server, 'GET', 'auth/me', undefined, { Authorization: `Bearer ${token}` });
      expect(me.status).toBe(200);
      expect(me.body.profile).toEqual({ resourceType: 'ClientApplication', id: REGISTERED, name: expect.any(String) });
      expect(me.text).not.toContain(clientSecretDigest(registeredSecret));
      const doctor = fhirAs(server, (await createAccount(server, 'Practitioner')).token);
      for (const path of [
        `ClientApplication/${REGISTERED}`,
        'ClientApplication',
        `ClientApplication/${REGISTERED}/_history`,
      ]) {
        const res = await doctor('GET', path);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.text).not.toContain(clientSecretDigest(registeredSecret));
      }
    });
  });

  describe('when a record of the old form (plain secret) is in the database', () => {
    it('still signs in before the server restarts', async () => {
      expect((await clientCredentials(LEGACY.id, LEGACY.secret)).status).toBe(200);
      expect((await clientCredentials(LEGACY.id, 'guess')).status).toBe(401);
    });

    it('is rewritten at start into a digest, in every version, and still signs in', async () => {
      await server.stop();
      server = await restartTestServer(server);
      const stored = await storedText(LEGACY.id);
      expect(stored.length).toBe(3);
      for (const text of stored) {
        expect(text).not.toContain(LEGACY.secret);
        expect(JSON.parse(text)).not.toHaveProperty('secret');
        expect(JSON.parse(text).secretDigest).toBe(clientSecretDigest(LEGACY.secret));
      }
      expect((await server.ctx.systemRepo.readResource<any>('ClientApplication', LEGACY.id)).name).toBe('Legacy app');

      expect((await clientCredentials(LEGACY.id, LEGACY.secret)).status).toBe(200);
      expect((await clientCredentials(LEGACY.id, 'guess')).status).toBe(401);
      // Basic auth on a FHIR call and the code exchange read the same digest.
      const fhir = await raw(server, 'GET', 'fhir/R4/Practitioner?_count=1', undefined, {
        Authorization: basic(LEGACY.id, LEGACY.secret),
      });
      expect(fhir.status).toBe(200);
      const { code, verifier } = await codeFor(LEGACY.id);
      const exchanged = await form({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        client_id: LEGACY.id,
        client_secret: LEGACY.secret,
      });
      expect(exchanged.status).toBe(200);
    });

    it('is left as it is by a second start (the rewrite is idempotent)', async () => {
      const before = await storedText(LEGACY.id);
      await server.stop();
      server = await restartTestServer(server);
      expect(await storedText(LEGACY.id)).toEqual(before);
      expect((await clientCredentials(LEGACY.id, LEGACY.secret)).status).toBe(200);
    });
  });
});
