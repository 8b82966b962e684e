// SMART App Launch, standalone, against the server as a third-party app meets it: discovery,
// the authorize request's checks (aud, client, redirect URI) and the token response (patient,
// need_patient_banner, id_token verified against the served JWKS over real HTTP).
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import { createPasswordAccount, type PasswordAccount } from '../test/accounts';
import { fhirAs, raw } from '../test/attacker';
import { authorizeQuery, fhirBaseOf, getAuthorize, launchAs, locationOf, postSignIn } from '../test/smart-flow';
import { registerClientApplication, RegistrationError } from './smart-apps';

const APP = { clientId: 'third-party-app', redirectUri: 'https://app.example/smart/callback' };

describe.each(backends())('SMART standalone launch of a registered app (%s)', (backend) => {
  let server: TestServer;
  let patient: PasswordAccount;
  let otherPatient: PasswordAccount;
  let practitioner: PasswordAccount;

  beforeAll(async () => {
    server = await startTestServer(backend);
    patient = await createPasswordAccount(server);
    otherPatient = await createPasswordAccount(server);
    practitioner = await createPasswordAccount(server, { profileType: 'Practitioner' });
    await registerClientApplication(server.ctx, {
      clientId: APP.clientId,
      name: 'Third-party app',
      redirectUris: [APP.redirectUri],
    });
  }, 120_000);
  afterAll(() => server?.destroy());

  const idOf = (account: PasswordAccount) => account.profile.split('/')[1];

  describe('when an app discovers the server', () => {
    it('advertises the JWKS, EHR launch and the SMART scopes', async () => {
      const config = (await raw(server, 'GET', 'fhir/R4/.well-known/smart-configuration')).body;
      expect(config.issuer).toBe(server.url);
      expect(config.jwks_uri).toBe(`${server.url}.well-known/jwks.json`);
      expect(config.capabilities).toEqual(
        expect.arrayContaining(['launch-ehr', 'context-ehr-patient', 'context-ehr-encounter', 'context-banner'])
      );
      expect(config.capabilities).toContain('sso-openid-connect');
      expect(config.capabilities).not.toContain('context-style');
      expect(config.scopes_supported).toEqual(expect.arrayContaining(['launch', 'launch/patient', 'fhirUser']));
    });

    it('names its OAuth endpoints in the CapabilityStatement too', async () => {
      const metadata = (await raw(server, 'GET', 'fhir/R4/metadata')).body;
      const oauth = metadata.rest[0].security.extension.find((e: any) => e.url.endsWith('/oauth-uris'));
      expect(Object.fromEntries(oauth.extension.map((e: any) => [e.url, e.valueUri]))).toEqual({
        authorize: `${server.url}oauth2/authorize`,
        token: `${server.url}oauth2/token`,
        revoke: `${server.url}oauth2/logout`,
      });
    });

    it('serves a JWKS without a token, with public members only', async () => {
      const jwks = await raw(server, 'GET', '.well-known/jwks.json');
      expect(jwks.status).toBe(200);
      expect(jwks.body.keys).toHaveLength(1);
      expect(Object.keys(jwks.body.keys[0]).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
      expect(jwks.body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    });
  });

  describe('when the authorize request names another audience', () => {
    it.each([
      ['another server', 'https://evil.example/fhir/R4'],
      ['the base with a trailing slash', 'TRAILING'],
      ['the server root', 'ROOT'],
    ])('sends the app back invalid_request for %s, with no code', async (_label, aud) => {
      const value = aud === 'TRAILING' ? `${fhirBaseOf(server)}/` : aud === 'ROOT' ? server.url : aud;
      const { query } = authorizeQuery(server, { ...APP, aud: value });
      const back = locationOf(await getAuthorize(server, query));
      expect(back.origin + back.pathname).toBe(APP.redirectUri);
      expect(Object.fromEntries(back.searchParams)).toEqual({
        error: 'invalid_request',
        error_description: 'Bad audience value',
        state: query.state,
      });
      // Posting the form straight away, skipping the page, is refused the same way.
      const posted = locationOf(await postSignIn(server, query, patient.email, patient.password));
      expect(posted.searchParams.get('error_description')).toBe('Bad audience value');
      expect(posted.searchParams.get('code')).toBeNull();
    });

    it('shows the sign-in page for the FHIR base exactly, and without an aud', async () => {
      for (const aud of [fhirBaseOf(server), null]) {
        const page = await getAuthorize(server, authorizeQuery(server, { ...APP, aud }).query);
        expect(page.status).toBe(200);
        expect(page.text).toContain('<label for="password">Password</label>');
        // The app as the person knows it: its registered name, not its client id.
        expect(page.text).toContain('Sign in to continue to <strong>Third-party app</strong>.');
      }
    });
  });

  describe('when the client or its redirect URI is not registered', () => {
    it.each([
      ['an unknown client id', { clientId: 'never-registered' }, 'Unknown client_id'],
      ['a redirect URI it did not register', { redirectUri: 'https://evil.example/cb' }, 'does not match'],
      ['another page of its own origin', { redirectUri: 'https://app.example/smart/other' }, 'does not match'],
      ['its redirect URI with a query added', { redirectUri: `${APP.redirectUri}?x=1` }, 'does not match'],
    ])('refuses %s on a page of its own, never redirecting', async (_label, change, text) => {
      // A bad aud too: the client is checked first, so even that error is not sent to the URI.
      const { query } = authorizeQuery(server, { ...APP, ...change, aud: 'https://evil.example/fhir' });
      for (const res of [
        await getAuthorize(server, query),
        await postSignIn(server, query, patient.email, patient.password),
      ]) {
        expect(res.status).toBe(400);
        expect(res.headers.get('location')).toBeNull();
        expect(res.text).toContain(text);
      }
    });
  });

  describe('when a patient signs in', () => {
    it('answers their own patient id, a banner, and an id_token that verifies against the JWKS', async () => {
      const tokens = await launchAs(server, { ...APP, nonce: 'n-0S6_WzA2Mj' }, patient);
      expect(tokens.status).toBe(200);
      expect(tokens.body).toMatchObject({ patient: idOf(patient), need_patient_banner: true });
      expect(tokens.body.encounter).toBeUndefined();
      expect(tokens.body.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'fhirUser', 'launch/patient']));

      const config = (await raw(server, 'GET', 'fhir/R4/.well-known/smart-configuration')).body;
      const jwks = createRemoteJWKSet(new URL(config.jwks_uri));
      const { payload } = await jwtVerify(tokens.body.id_token, jwks, {
        issuer: config.issuer,
        audience: APP.clientId,
        algorithms: ['RS256'],
      });
      expect(payload).toMatchObject({ fhirUser: patient.profile, sub: patient.userId, nonce: 'n-0S6_WzA2Mj' });
      expect(payload.exp! - payload.iat!).toBe(3600);
      expect(decodeProtectedHeader(tokens.body.id_token).kid).toBe(
        (await raw(server, 'GET', '.well-known/jwks.json')).body.keys[0].kid
      );
      // The token reads the patient in context.
      const read = await fhirAs(server, tokens.body.access_token)('GET', `Patient/${tokens.body.patient}`);
      expect(read.status).toBe(200);
    });

    it('never carries another patient in context', async () => {
      for (const account of [patient, otherPatient]) {
        const tokens = await launchAs(server, APP, account);
        expect(tokens.body.patient).toBe(idOf(account));
      }
    });

    it.each([
      ['openid without fhirUser', 'openid launch/patient patient/*.read'],
      ['fhirUser without openid', 'fhirUser launch/patient patient/*.read'],
    ])('issues no id_token for %s', async (_label, scope) => {
      const tokens = await launchAs(server, { ...APP, scope }, patient);
      expect(tokens.status).toBe(200);
      expect(tokens.body.id_token).toBeUndefined();
      expect(tokens.body.patient).toBe(idOf(patient));
    });
  });

  describe('when a practitioner signs in standalone', () => {
    it('has no patient in context and an id_token naming the Practitioner', async () => {
      const tokens = await launchAs(server, { ...APP, scope: 'openid fhirUser user/*.read' }, practitioner);
      expect(tokens.status).toBe(200);
      expect(tokens.body.patient).toBeUndefined();
      expect(tokens.body.need_patient_banner).toBeUndefined();
      const jwks = createRemoteJWKSet(new URL(`${server.url}.well-known/jwks.json`));
      const { payload } = await jwtVerify(tokens.body.id_token, jwks, { issuer: server.url, audience: APP.clientId });
      expect(payload.fhirUser).toBe(practitioner.profile);
    });
  });

  describe('when a practitioner asks only for patient scopes', () => {
    it('is granted none of them, and the token reads nothing (not the role’s whole access)', async () => {
      const tokens = await launchAs(server, { ...APP, scope: 'openid fhirUser patient/*.read' }, practitioner);
      expect(tokens.status).toBe(200);
      expect(tokens.body.scope).toBe('openid fhirUser');
      const read = await fhirAs(server, tokens.body.access_token)('GET', `Patient/${idOf(patient)}`);
      expect(read.status).toBe(403);
    });
  });

  describe('when a third-party app asks for no resource scope', () => {
    it.each([
      ['a patient', () => patient],
      ['a practitioner', () => practitioner],
    ])('signs %s in, and the token reads nothing (not the role’s whole access)', async (_label, who) => {
      const tokens = await launchAs(server, { ...APP, scope: 'openid fhirUser' }, who());
      expect(tokens.status).toBe(200);
      expect(tokens.body.scope).toBe('openid fhirUser');
      const read = await fhirAs(server, tokens.body.access_token)('GET', `Patient/${idOf(patient)}`);
      expect(read.status).toBe(403);
    });
  });

  describe('when an app is registered with allowed scopes', () => {
    it('grants only those, and refuses when none of the resource scopes asked for is allowed', async () => {
      const narrow = { clientId: 'narrow-app', redirectUri: 'https://narrow.example/cb' };
      await registerClientApplication(server.ctx, {
        ...narrow,
        name: 'Narrow app',
        redirectUris: [narrow.redirectUri],
        scope: 'openid fhirUser patient/Observation.read',
      });
      const granted = await launchAs(
        server,
        { ...narrow, scope: 'openid fhirUser patient/Observation.read patient/*.read' },
        patient
      );
      expect(granted.body.scope).toBe('openid fhirUser patient/Observation.read');
      const read = await fhirAs(server, granted.body.access_token)('GET', `Patient/${idOf(patient)}`);
      expect(read.status).toBe(403);
      const refused = await launchAs(server, { ...narrow, scope: 'openid patient/*.read' }, patient);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('invalid_scope');
    });

    it('refuses a registration that would take a client id already in use', async () => {
      await expect(
        registerClientApplication(server.ctx, { ...APP, name: 'Impostor', redirectUris: ['https://evil.example/cb'] })
      ).rejects.toBeInstanceOf(RegistrationError);
      const stored = await server.ctx.systemRepo.readResource<any>('ClientApplication', APP.clientId);
      expect(stored.redirectUris).toEqual([APP.redirectUri]);
    });
  });
});
