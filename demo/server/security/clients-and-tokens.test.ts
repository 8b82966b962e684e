// Item 14 (the OAuth part): a public client could skip PKCE or use `plain` (a code seen in a
// redirect or a log was as good as a token), a confidential client's code was exchanged without
// its secret, and a token without `exp` would have been accepted forever. Now: public clients
// need PKCE with S256 (`plain` only for one configured as unable to hash, never for a
// confidential one), a client with a secret must present it, and every token needs an expiry.
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import { createPasswordAccount, type PasswordAccount } from '../test/accounts';
import { fhirAs, pkce, raw } from '../test/attacker';
import { clientSecretDigest } from '../auth/client-secrets';

describe.each(backends())('OAuth clients and tokens (%s)', (backend) => {
  let server: TestServer;
  let user: PasswordAccount;
  const CONFIDENTIAL = { id: 'confidential-app', secret: 'confidential-secret-1' };

  beforeAll(async () => {
    server = await startTestServer(backend);
    user = await createPasswordAccount(server);
    const repo = server.ctx.systemRepo;
    await repo.updateResource<any>({
      resourceType: 'ClientApplication',
      id: CONFIDENTIAL.id,
      secretDigest: clientSecretDigest(CONFIDENTIAL.secret),
    });
    // A confidential client that also claims it cannot hash: the secret wins, plain stays refused.
    await repo.updateResource<any>({
      resourceType: 'ClientApplication',
      id: 'confused-app',
      secretDigest: clientSecretDigest('s'),
      pkcePlain: true,
    });
    await repo.updateResource<any>({ resourceType: 'ClientApplication', id: 'kiosk-app', pkcePlain: true });
  }, 120_000);
  afterAll(() => server?.destroy());

  const signIn = (extra: Record<string, unknown>) =>
    raw(server, 'POST', 'auth/login', { email: user.email, password: user.password, ...extra });
  const exchange = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    raw(server, 'POST', 'oauth2/token', new URLSearchParams({ grant_type: 'authorization_code', ...form }).toString(), {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...headers,
    });

  describe('when a public client skips PKCE or uses plain', () => {
    it('cannot exchange a code issued without a challenge', async () => {
      const started = await signIn({});
      expect(started.status).toBe(200);
      const res = await exchange({ code: started.body.code });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_request', error_description: 'PKCE code challenge required' });
    });

    it('cannot start a login with a plain challenge', async () => {
      const verifier = randomBytes(32).toString('base64url');
      for (const extra of [
        { codeChallenge: verifier, codeChallengeMethod: 'plain' },
        // No method means plain (RFC 7636).
        { codeChallenge: verifier },
        { codeChallenge: verifier, codeChallengeMethod: 'plain', clientId: 'portal-not-registered' },
      ]) {
        const res = await signIn(extra);
        expect(res.status).toBe(400);
        expect(res.body.issue[0].details.text).toBe('PKCE with S256 is required for this client');
      }
    });

    it('may use plain where the client is configured as unable to hash', async () => {
      const verifier = randomBytes(32).toString('base64url');
      const started = await signIn({ codeChallenge: verifier, codeChallengeMethod: 'plain', clientId: 'kiosk-app' });
      expect(started.status).toBe(200);
      expect(
        (await exchange({ code: started.body.code, code_verifier: verifier, client_id: 'kiosk-app' })).status
      ).toBe(200);
    });

    it('exchanges an S256 code with its verifier', async () => {
      const { challenge, verifier } = pkce();
      const started = await signIn({ codeChallenge: challenge, codeChallengeMethod: 'S256' });
      expect((await exchange({ code: started.body.code, code_verifier: verifier })).status).toBe(200);
    });
  });

  describe('when someone exchanges a confidential client’s code without its secret', () => {
    async function confidentialCode(): Promise<{ code: string; verifier: string }> {
      const { challenge, verifier } = pkce();
      const started = await signIn({
        codeChallenge: challenge,
        codeChallengeMethod: 'S256',
        clientId: CONFIDENTIAL.id,
      });
      expect(started.status).toBe(200);
      return { code: started.body.code, verifier };
    }

    it('refuses a missing or wrong secret with 401, even with the right verifier', async () => {
      const missing = await confidentialCode();
      const noSecret = await exchange({
        code: missing.code,
        code_verifier: missing.verifier,
        client_id: CONFIDENTIAL.id,
      });
      expect(noSecret.status).toBe(401);
      expect(noSecret.body).toEqual({ error: 'invalid_client', error_description: 'Client authentication required' });
      const wrong = await confidentialCode();
      const wrongSecret = await exchange({
        code: wrong.code,
        code_verifier: wrong.verifier,
        client_id: CONFIDENTIAL.id,
        client_secret: 'guess',
      });
      expect(wrongSecret.status).toBe(401);
      expect(wrongSecret.body.error).toBe('invalid_client');
    });

    it('exchanges with the secret in a Basic header or the form', async () => {
      const basic = await confidentialCode();
      const viaHeader = await exchange(
        { code: basic.code, code_verifier: basic.verifier },
        { Authorization: `Basic ${Buffer.from(`${CONFIDENTIAL.id}:${CONFIDENTIAL.secret}`).toString('base64')}` }
      );
      expect(viaHeader.status).toBe(200);
      const form = await confidentialCode();
      const viaForm = await exchange({
        code: form.code,
        code_verifier: form.verifier,
        client_id: CONFIDENTIAL.id,
        client_secret: CONFIDENTIAL.secret,
      });
      expect(viaForm.status).toBe(200);
    });

    it('never lets a confidential client use plain', async () => {
      const verifier = randomBytes(32).toString('base64url');
      const res = await signIn({ codeChallenge: verifier, codeChallengeMethod: 'plain', clientId: 'confused-app' });
      expect(res.status).toBe(400);
      expect(res.body.issue[0].details.text).toBe('PKCE with S256 is required for this client');
    });
  });

  describe('when a SMART app of a public client launches without S256', () => {
    it('shows an error page instead of a sign-in form', async () => {
      await server.ctx.systemRepo.updateResource<any>({
        resourceType: 'ClientApplication',
        id: 'public-smart-app',
        redirectUri: 'http://localhost:3000/callback',
      });
      const params = {
        response_type: 'code',
        client_id: 'public-smart-app',
        redirect_uri: 'http://localhost:3000/callback',
      };
      const none = await raw(server, 'GET', `oauth2/authorize?${new URLSearchParams(params)}`);
      expect(none.status).toBe(400);
      expect(none.text).toContain('code_challenge is required (PKCE with S256)');
      const plain = await raw(
        server,
        'GET',
        `oauth2/authorize?${new URLSearchParams({ ...params, code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' })}`
      );
      expect(plain.status).toBe(400);
      expect(plain.text).toContain('code_challenge_method must be S256');
    });
  });

  describe('when a token has no expiry', () => {
    it('is refused with 401, though signed with the server’s own key', async () => {
      const { challenge, verifier } = pkce();
      const started = await signIn({ codeChallenge: challenge, codeChallengeMethod: 'S256' });
      const tokens = await exchange({ code: started.body.code, code_verifier: verifier });
      const claims = JSON.parse(Buffer.from(tokens.body.access_token.split('.')[1], 'base64url').toString());
      expect((await fhirAs(server, tokens.body.access_token)('GET', 'Patient')).status).toBe(200);
      const { exp: _exp, iat: _iat, sub, iss, ...rest } = claims;
      const forever = await new SignJWT(rest)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(iss)
        .setIssuedAt()
        .sign(server.ctx.jwtSecret);
      const res = await fhirAs(server, forever)('GET', 'Patient');
      expect(res.status).toBe(401);
      expect(res.body.resourceType).toBe('OperationOutcome');
    });
  });
});
