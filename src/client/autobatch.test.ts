import { FHIR, expectedHeaders, json, setup } from './test-helpers';

describe('auto-batch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  describe('when several GETs are made within autoBatchTime', () => {
    it('sends one batch Bundle and gives each caller its entry', async () => {
      const { client, fetch } = setup(
        () =>
          json({
            resourceType: 'Bundle',
            type: 'batch-response',
            entry: [
              { resource: { resourceType: 'Patient', id: '1' }, response: { status: '200 OK' } },
              {
                response: {
                  status: '404 Not Found',
                  outcome: {
                    resourceType: 'OperationOutcome',
                    issue: [{ severity: 'error', code: 'not-found', details: { text: 'Patient 2 is gone' } }],
                  },
                },
              },
              { resource: { resourceType: 'Bundle', type: 'searchset', entry: [] }, response: { status: '200 OK' } },
            ],
          }),
        { autoBatchTime: 100 }
      );
      const a = client.readResource('Patient', '1');
      const b = client.readResource('Patient', '2').catch((e: Error) => e.message);
      const c = client.search('Observation', { code: 'x' });
      await vi.advanceTimersByTimeAsync(99);
      expect(fetch.requests).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetch.requests).toEqual([
        {
          method: 'POST',
          url: FHIR,
          headers: expectedHeaders(undefined, { 'Content-Type': 'application/fhir+json' }),
          body: JSON.stringify({
            resourceType: 'Bundle',
            type: 'batch',
            entry: [
              { request: { method: 'GET', url: 'Patient/1' } },
              { request: { method: 'GET', url: 'Patient/2' } },
              { request: { method: 'GET', url: 'Observation?code=x' } },
            ],
          }),
          credentials: 'include',
        },
      ]);
      await expect(a).resolves.toEqual({ resourceType: 'Patient', id: '1' });
      await expect(b).resolves.toBe('Patient 2 is gone');
      await expect(c).resolves.toMatchObject({ resourceType: 'Bundle' });
    });

    it('fails every caller with the batch error when the batch fails', async () => {
      const { client } = setup(
        () =>
          json(
            {
              resourceType: 'OperationOutcome',
              issue: [{ severity: 'error', code: 'invalid', details: { text: 'No batch' } }],
            },
            400
          ),
        {
          autoBatchTime: 10,
        }
      );
      const a = client.readResource('Patient', '1').catch((e: Error) => e.message);
      const b = client.readResource('Patient', '2').catch((e: Error) => e.message);
      await vi.advanceTimersByTimeAsync(10);
      expect(await a).toBe('No batch');
      expect(await b).toBe('No batch');
    });

    it('builds Not found for a 404 entry without an outcome', async () => {
      const { client } = setup(
        () =>
          json({
            resourceType: 'Bundle',
            type: 'batch-response',
            entry: [{ response: { status: '404' } }, { response: { status: '500' } }],
          }),
        { autoBatchTime: 10 }
      );
      const a = client.readResource('Patient', '1').catch((e: Error) => e.message);
      const b = client.readResource('Patient', '2').catch((e: Error) => e.message);
      await vi.advanceTimersByTimeAsync(10);
      expect(await a).toBe('Not found');
      expect(await b).toBe('500');
    });
  });

  describe('when only one GET is queued', () => {
    it('sends it plain', async () => {
      const { client, fetch } = setup(() => json({ resourceType: 'Patient', id: '1' }), { autoBatchTime: 10 });
      const a = client.readResource('Patient', '1');
      await vi.advanceTimersByTimeAsync(10);
      await expect(a).resolves.toMatchObject({ id: '1' });
      expect(fetch.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${FHIR}Patient/1`]);
    });
  });

  describe('when a GET opts out or is not under the FHIR base', () => {
    it('sends it at once', async () => {
      const { client, fetch } = setup(() => json({ resourceType: 'Patient', id: '1' }), { autoBatchTime: 10 });
      await client.readResource('Patient', '1', { disableAutoBatch: true });
      await client.get('auth/me');
      expect(fetch.requests).toHaveLength(2);
    });
  });
});
