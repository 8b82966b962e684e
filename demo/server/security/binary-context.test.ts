// Item 6: a patient could write into another patient's record. A Binary whose securityContext
// pointed at another patient's Observation (not at the Patient itself, which was checked) took
// on that patient's compartment, so it appeared in their record. The server now resolves the
// context and accepts it only when it lies in the uploader's own compartment and no one else's,
// whichever way the Binary arrives; a context that does not resolve gets the same answer, so the
// refusal does not tell whether another patient's resource exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs, type RawResponse } from '../test/attacker';

const NOT_YOURS = 'Forbidden: securityContext belongs to another patient';

describe.each(backends())('Binary security context (%s)', (backend) => {
  let server: TestServer;
  let attacker: TestAccount;
  let victim: TestAccount;
  let victimObservation: string;
  let ownObservation: string;
  let sharedCommunication: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    attacker = await createAccount(server, 'Patient', { given: 'Mallory' });
    victim = await createAccount(server, 'Patient', { given: 'Victim' });
    const doctor = fhirAs(server, (await createAccount(server, 'Practitioner')).token);
    const observation = (subject: string) =>
      doctor('POST', 'Observation', {
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'Blood pressure' },
        subject: { reference: subject },
      });
    victimObservation = `Observation/${(await observation(victim.profile)).body.id}`;
    ownObservation = `Observation/${(await observation(attacker.profile)).body.id}`;
    const shared = await doctor('POST', 'Communication', {
      resourceType: 'Communication',
      status: 'completed',
      subject: { reference: attacker.profile },
      recipient: [{ reference: victim.profile }],
      payload: [{ contentString: 'Your results are in' }],
    });
    sharedCommunication = `Communication/${shared.body.id}`;
  }, 120_000);
  afterAll(() => server?.destroy());

  const expectNotYours = (res: RawResponse) => {
    expect(res.status).toBe(403);
    expect(res.body.resourceType).toBe('OperationOutcome');
    expect(res.body.issue[0].details.text).toBe(NOT_YOURS);
  };
  const binaryJson = (context: string, id?: string) => ({
    resourceType: 'Binary',
    ...(id ? { id } : {}),
    contentType: 'text/plain',
    securityContext: { reference: context },
    data: Buffer.from('Planted: diagnosis withdrawn, stop all medication').toString('base64'),
  });

  /** What the victim finds among the Binaries of their record. */
  const victimBinaries = async () => {
    const res = await fhirAs(server, victim.token)('GET', 'Binary?_count=100');
    expect(res.status).toBe(200);
    return res.body.entry ?? [];
  };

  describe('when a patient points a Binary at another patient’s Observation', () => {
    it('is refused by raw upload, as FHIR JSON, by PUT and in a transaction, and the victim’s record stays empty', async () => {
      const api = fhirAs(server, attacker.token);
      expectNotYours(
        await api('POST', 'Binary', 'Planted: diagnosis withdrawn, stop all medication', {
          'Content-Type': 'text/plain',
          'X-Security-Context': victimObservation,
        })
      );
      expectNotYours(await api('POST', 'Binary', binaryJson(victimObservation)));
      // An absolute URL on this server names the same resource.
      expectNotYours(await api('POST', 'Binary', binaryJson(`${server.url}fhir/R4/${victimObservation}`)));
      expectNotYours(await api('PUT', 'Binary/planted-by-put', binaryJson(victimObservation, 'planted-by-put')));
      const transaction = await api('POST', '', {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [{ request: { method: 'POST', url: 'Binary' }, resource: binaryJson(victimObservation) }],
      });
      expectNotYours(transaction);
      const batch = await api('POST', '', {
        resourceType: 'Bundle',
        type: 'batch',
        entry: [{ request: { method: 'POST', url: 'Binary' }, resource: binaryJson(victimObservation) }],
      });
      expect(batch.body.entry[0].response.status).toBe('403 Forbidden');
      expect(batch.body.entry[0].response.outcome.issue[0].details.text).toBe(NOT_YOURS);
      expect(await victimBinaries()).toEqual([]);
      const everything = await fhirAs(server, victim.token)('GET', `${victim.profile}/$everything`);
      expect(everything.text).not.toContain('"resourceType":"Binary"');
    });

    it('is refused the same way for a resource shared with another patient', async () => {
      expectNotYours(await fhirAs(server, attacker.token)('POST', 'Binary', binaryJson(sharedCommunication)));
      expect(await victimBinaries()).toEqual([]);
    });

    it('gets the same answer for a context that does not exist, so existence is not revealed', async () => {
      const api = fhirAs(server, attacker.token);
      expectNotYours(await api('POST', 'Binary', binaryJson('Observation/no-such-observation')));
      expectNotYours(await api('POST', 'Binary', binaryJson('NoSuchType/1')));
    });
  });

  describe('when a patient points a Binary at their own Observation', () => {
    it('stores it in their record only', async () => {
      const api = fhirAs(server, attacker.token);
      const created = await api('POST', 'Binary', 'My home readings', {
        'Content-Type': 'text/plain',
        'X-Security-Context': ownObservation,
      });
      expect(created.status).toBe(201);
      const mine = await api('GET', `Binary/${created.body.id}`, undefined, { Accept: '*/*' });
      expect(mine.text).toBe('My home readings');
      expect((await fhirAs(server, victim.token)('GET', `Binary/${created.body.id}`)).status).toBe(404);
    });
  });
});
