// Item 8: batch amplification. One patient's batch of 1,000 searches of 1,000 rows returned
// 84 MB in 9 s and stalled everyone else. A Bundle now carries at most 1,000 entries, its
// entries together ask for at most 10,000 rows (each search, history or $everything counts its
// _count, or its default page; any other entry one), checked before any entry runs, and its
// response stops at 16 MB, which also bounds what _include and _revinclude add. Each limit
// answers 413 with an OperationOutcome (too-costly) that says which limit and how to stay under it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs, type RawResponse } from '../test/attacker';

const ROWS_TEXT = /^This Bundle asks for up to \d+ rows; a Bundle may ask for at most 10000/;
const BYTES_TEXT =
  'The response to this Bundle would exceed 16 MB; split it into smaller Bundles or ask for smaller pages';

const expectTooCostly = (res: RawResponse, text: string | RegExp) => {
  expect(res.status).toBe(413);
  expect(res.body.resourceType).toBe('OperationOutcome');
  expect(res.body.issue[0].code).toBe('too-costly');
  expect(res.body.issue[0].details.text).toMatch(text);
};

describe.each(backends())('batch limits (%s)', (backend) => {
  let server: TestServer;
  let patient: TestAccount;
  let sprayer: TestAccount;

  beforeAll(async () => {
    // Its Observations of 2 MB each pass the default resource cap (1 MB): this server takes them.
    server = await startTestServer(backend, { maxResourceBytes: 3 * 1024 * 1024 });
    // The rows limits are tried by a patient with a small record; the bytes limit by one whose
    // record is large.
    sprayer = await createAccount(server, 'Patient', { given: 'Sprayer' });
    patient = await createAccount(server, 'Patient');
    // Three of the patient's own Observations of 2 MB each: small to ask for, large to answer.
    const api = fhirAs(server, patient.token);
    for (let i = 0; i < 3; i++) {
      const res = await api('POST', 'Observation', {
        resourceType: 'Observation',
        status: 'final',
        code: { text: `Diary ${i}` },
        subject: { reference: patient.profile },
        note: [{ text: 'x'.repeat(2 * 1024 * 1024) }],
      });
      expect(res.status).toBe(201);
    }
  }, 120_000);
  afterAll(() => server?.destroy());

  const bundle = (type: 'batch' | 'transaction', entry: unknown[], who = patient) =>
    fhirAs(server, who.token)('POST', '', { resourceType: 'Bundle', type, entry });
  const get = (url: string) => ({ request: { method: 'GET', url } });
  const marker = (text: string, who = sprayer) => ({
    request: { method: 'POST', url: 'Observation' },
    resource: {
      resourceType: 'Observation',
      status: 'final',
      code: { text },
      subject: { reference: who.profile },
    },
  });
  const markersFound = async (text: string, who = sprayer) =>
    (await fhirAs(server, who.token)('GET', `Observation?code:text=${encodeURIComponent(text)}`)).body.entry?.length ??
    0;

  describe('when a patient sends 1,000 searches of 1,000 rows', () => {
    it('answers 413 before running any entry', async () => {
      const entries = [
        marker('batch-rows-marker'),
        ...Array.from({ length: 999 }, () => get('Observation?_count=1000')),
      ];
      expectTooCostly(await bundle('batch', entries, sprayer), ROWS_TEXT);
      expect(await markersFound('batch-rows-marker')).toBe(0);
    });

    it('counts the default page of searches, histories and $everything that name no _count', async () => {
      // 500 searches of 20 and one $everything of 1,000: 11,000 rows.
      const entries = [...Array.from({ length: 500 }, () => get('Observation')), get(`${sprayer.profile}/$everything`)];
      expectTooCostly(await bundle('batch', entries, sprayer), ROWS_TEXT);
      // 101 histories of 100.
      expectTooCostly(
        await bundle(
          'transaction',
          [marker('tx-rows-marker'), ...Array.from({ length: 101 }, () => get('Observation/_history'))],
          sprayer
        ),
        ROWS_TEXT
      );
      expect(await markersFound('tx-rows-marker')).toBe(0);
    });

    it('still runs a Bundle within the limits', async () => {
      const res = await bundle(
        'batch',
        [...Array.from({ length: 9 }, () => get('Observation?_count=1000')), get(sprayer.profile)],
        sprayer
      );
      expect(res.status).toBe(200);
      expect(res.body.entry.map((e: any) => e.response.status)).toEqual(Array(10).fill('200 OK'));
    });
  });

  describe('when a patient asks for little but includes much', () => {
    it('stops the batch when its response passes 16 MB', async () => {
      // Each entry asks for one Patient and _revincludes 6 MB of Observations.
      const entries = Array.from({ length: 3 }, () => get(`Patient?_id=${patient.id}&_revinclude=Observation:subject`));
      expectTooCostly(await bundle('batch', entries), BYTES_TEXT);
    });

    it('rolls a transaction back when its response passes 16 MB', async () => {
      const entries = [
        marker('tx-bytes-marker', patient),
        ...Array.from({ length: 3 }, () => get(`Patient?_id=${patient.id}&_revinclude=Observation:subject`)),
      ];
      expectTooCostly(await bundle('transaction', entries), BYTES_TEXT);
      expect(await markersFound('tx-bytes-marker', patient)).toBe(0);
    });
  });

  describe('when a Bundle carries more than 1,000 entries', () => {
    it('answers 413 at once', async () => {
      const res = await bundle(
        'batch',
        Array.from({ length: 1001 }, () => get(sprayer.profile)),
        sprayer
      );
      expectTooCostly(res, 'A Bundle may carry at most 1000 entries');
    });
  });
});
