// SMART EHR launch: a practitioner opens a registered app for a patient (POST auth/launch), the
// app sends the launch id to oauth2/authorize, and the code exchange puts the patient (and
// encounter) in context. Attacks on the launch id: reuse, expiry, another practitioner, a
// patient, another app; and patients asking for launches.
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import { createPasswordAccount, type PasswordAccount } from '../test/accounts';
import { exchange, pkce, raw } from '../test/attacker';
import {
  authorizeQuery,
  codeFor,
  exchangeCode,
  fhirBaseOf,
  getAuthorize,
  launchAs,
  locationOf,
} from '../test/smart-flow';
import { registerClientApplication } from './smart-apps';

const APP = {
  clientId: 'ehr-app',
  redirectUri: 'https://ehr-app.example/app/',
  launchUri: 'https://ehr-app.example/launch',
};
const OTHER_APP = { clientId: 'other-ehr-app', redirectUri: 'https://other.example/cb' };
const SCOPE = 'launch openid fhirUser patient/*.read user/*.read';

describe.each(backends())('SMART EHR launch (%s)', (backend) => {
  let server: TestServer;
  let doctor: PasswordAccount;
  let otherDoctor: PasswordAccount;
  let patient: PasswordAccount;
  let chartPatient: string;
  let encounter: string;

  /** A bearer token as the portal gets one (auth/login, then the code exchange). */
  async function portalToken(account: PasswordAccount): Promise<string> {
    const { verifier, challenge } = pkce();
    const started = await raw(server, 'POST', 'auth/login', {
      email: account.email,
      password: account.password,
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
    });
    return (await exchange(server, started.body.code, verifier)).body.access_token;
  }

  const startLaunch = async (account: PasswordAccount, body: Record<string, unknown>) =>
    raw(server, 'POST', 'auth/launch', body, { Authorization: `Bearer ${await portalToken(account)}` });

  /** A launch id the doctor made for the chart patient (with the encounter unless told). */
  async function doctorsLaunch(extra: Record<string, unknown> = { encounter }): Promise<string> {
    const res = await startLaunch(doctor, { client_id: APP.clientId, patient: chartPatient, ...extra });
    expect(res.status).toBe(201);
    return res.body.launch;
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    doctor = await createPasswordAccount(server, { profileType: 'Practitioner' });
    otherDoctor = await createPasswordAccount(server, { profileType: 'Practitioner' });
    patient = await createPasswordAccount(server);
    const repo = server.ctx.systemRepo;
    chartPatient = (await repo.createResource<any>({ resourceType: 'Patient', name: [{ family: 'Chart' }] })).id;
    encounter = (
      await repo.createResource<any>({
        resourceType: 'Encounter',
        status: 'in-progress',
        class: { code: 'AMB' },
        subject: { reference: `Patient/${chartPatient}` },
      })
    ).id;
    await registerClientApplication(server.ctx, {
      clientId: APP.clientId,
      name: 'EHR app',
      redirectUris: [APP.redirectUri],
      launchUri: APP.launchUri,
    });
    await registerClientApplication(server.ctx, {
      clientId: OTHER_APP.clientId,
      name: 'Other app',
      redirectUris: [OTHER_APP.redirectUri],
      launchUri: 'https://other.example/launch',
    });
  }, 120_000);
  afterAll(() => server?.destroy());

  describe('when a practitioner launches an app', () => {
    it('lists the launchable apps and answers the launch URL with iss and launch', async () => {
      const apps = await raw(server, 'GET', 'auth/launch/apps', undefined, {
        Authorization: `Bearer ${await portalToken(doctor)}`,
      });
      expect(apps.status).toBe(200);
      expect(apps.body).toEqual([
        { client_id: APP.clientId, name: 'EHR app', launch_uri: APP.launchUri },
        { client_id: OTHER_APP.clientId, name: 'Other app', launch_uri: 'https://other.example/launch' },
      ]);
      const res = await startLaunch(doctor, { client_id: APP.clientId, patient: chartPatient, encounter });
      expect(res.status).toBe(201);
      const url = new URL(res.body.launch_url);
      expect(url.origin + url.pathname).toBe(APP.launchUri);
      expect(Object.fromEntries(url.searchParams)).toEqual({ iss: fhirBaseOf(server), launch: res.body.launch });
      expect(res.body.launch).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('puts the patient and encounter in context, with no banner and the practitioner as fhirUser', async () => {
      const launch = await doctorsLaunch();
      const tokens = await launchAs(server, { ...APP, scope: SCOPE, launch }, doctor);
      expect(tokens.status).toBe(200);
      expect(tokens.body).toMatchObject({ patient: chartPatient, encounter, need_patient_banner: false });
      const jwks = createRemoteJWKSet(new URL(`${server.url}.well-known/jwks.json`));
      const { payload } = await jwtVerify(tokens.body.id_token, jwks, { issuer: server.url, audience: APP.clientId });
      expect(payload.fhirUser).toBe(doctor.profile);
      // The context stays through a refresh.
      const refreshed = await raw(
        server,
        'POST',
        'oauth2/token',
        new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token }).toString(),
        { 'Content-Type': 'application/x-www-form-urlencoded' }
      );
      expect(refreshed.body).toMatchObject({ patient: chartPatient, encounter, need_patient_banner: false });
    });

    it('refuses an encounter of another patient, and an app without a launch URI', async () => {
      const other = await server.ctx.systemRepo.createResource<any>({ resourceType: 'Patient' });
      const wrongEncounter = await startLaunch(doctor, { client_id: APP.clientId, patient: other.id, encounter });
      expect(wrongEncounter.status).toBe(400);
      await registerClientApplication(server.ctx, {
        clientId: 'no-launch-app',
        name: 'No launch',
        redirectUris: ['https://nolaunch.example/cb'],
      });
      const notLaunchable = await startLaunch(doctor, { client_id: 'no-launch-app', patient: chartPatient });
      expect(notLaunchable.status).toBe(400);
    });
  });

  describe('when a patient asks for a launch', () => {
    it('is refused with 403, and gets no list of apps', async () => {
      const res = await startLaunch(patient, { client_id: APP.clientId, patient: patient.profile.split('/')[1] });
      expect(res.status).toBe(403);
      expect(res.body.issue[0].details.text).toBe('Only a practitioner can launch an app');
      const apps = await raw(server, 'GET', 'auth/launch/apps', undefined, {
        Authorization: `Bearer ${await portalToken(patient)}`,
      });
      expect(apps.status).toBe(403);
    });

    it('is refused 401 without a token', async () => {
      const res = await raw(server, 'POST', 'auth/launch', { client_id: APP.clientId, patient: chartPatient });
      expect(res.status).toBe(401);
    });
  });

  describe('when a launch id is used twice', () => {
    it('gives its context to the first exchange only', async () => {
      const launch = await doctorsLaunch();
      // Two sign-ins with the same launch, both before either code is exchanged.
      const first = authorizeQuery(server, { ...APP, scope: SCOPE, launch });
      const second = authorizeQuery(server, { ...APP, scope: SCOPE, launch });
      const firstCode = await codeFor(server, first, doctor);
      const secondCode = await codeFor(server, second, doctor);
      expect((await exchangeCode(server, first, firstCode)).body.patient).toBe(chartPatient);
      const again = await exchangeCode(server, second, secondCode);
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid launch' });
      // And a new authorize request with it goes back to the app refused.
      const back = locationOf(await getAuthorize(server, authorizeQuery(server, { ...APP, launch }).query));
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('error_description')).toBe('Invalid launch');
    });
  });

  describe('when a launch id has expired', () => {
    it('is refused at the exchange, even after a sign-in started in time', async () => {
      const launch = await doctorsLaunch();
      const started = authorizeQuery(server, { ...APP, scope: SCOPE, launch });
      const code = await codeFor(server, started, doctor);
      // Five minutes pass (the record's clock is moved, not the test's).
      const repo = server.ctx.systemRepo;
      const record = (await repo.searchResources<any>('SmartLaunch', {})).find(
        (r) => !r.used && r.expires > Date.now()
      );
      await repo.updateResource({ ...record, expires: Date.now() - 1 });
      const res = await exchangeCode(server, started, code);
      expect(res.status).toBe(400);
      expect(res.body.error_description).toBe('Invalid launch');
      expect(res.body.access_token).toBeUndefined();
      const back = locationOf(await getAuthorize(server, authorizeQuery(server, { ...APP, launch }).query));
      expect(back.searchParams.get('error_description')).toBe('Invalid launch');
    });
  });

  describe('when someone other than its practitioner uses a launch id', () => {
    it.each([
      ['another practitioner', () => otherDoctor],
      ['a patient', () => patient],
    ])('refuses %s, and the launch stays the practitioner’s', async (_label, who) => {
      const launch = await doctorsLaunch();
      const stolen = await launchAs(server, { ...APP, scope: SCOPE, launch }, who());
      expect(stolen.status).toBe(400);
      expect(stolen.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid launch' });
      // A patient's own sign-in never names another patient: no token came, so nothing named anyone.
      const own = await launchAs(server, { ...APP, scope: SCOPE, launch }, doctor);
      expect(own.body.patient).toBe(chartPatient);
    });

    it('refuses it for another app', async () => {
      const launch = await doctorsLaunch();
      const back = locationOf(
        await getAuthorize(server, authorizeQuery(server, { ...OTHER_APP, scope: SCOPE, launch }).query)
      );
      expect(back.origin + back.pathname).toBe(OTHER_APP.redirectUri);
      expect(back.searchParams.get('error_description')).toBe('Invalid launch');
    });
  });
});
