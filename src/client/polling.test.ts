import { FHIR, expectedHeaders, json, setup } from './test-helpers';

describe('async polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  describe('when a bulk export answers 202', () => {
    it('posts $export with Prefer: respond-async and polls Content-Location every 1000 ms', async () => {
      const manifest = { transactionTime: '2026-01-01T00:00:00Z', output: [] };
      const { client, fetch } = setup((_req, i) => {
        if (i === 0) return json({}, 202, { 'Content-Location': 'https://fhir.test/fhir/R4/job/1/status' });
        if (i === 1) return json({}, 202);
        return json(manifest);
      });
      client.setAccessToken('tok');
      const promise = client.bulkExport('Patient', 'Observation,Condition', '2025-01-01T00:00:00Z');
      await vi.advanceTimersByTimeAsync(0);
      expect(fetch.requests[0]).toEqual({
        method: 'POST',
        url: FHIR + 'Patient/$export?_type=Observation%2CCondition&_since=2025-01-01T00%3A00%3A00Z',
        headers: expectedHeaders('tok', { Prefer: 'respond-async' }),
        body: undefined,
        credentials: 'include',
      });
      await vi.advanceTimersByTimeAsync(999);
      expect(fetch.requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetch.requests).toHaveLength(2);
      expect(fetch.requests[1]).toEqual({
        method: 'GET',
        url: 'https://fhir.test/fhir/R4/job/1/status',
        headers: expectedHeaders('tok', { Prefer: 'respond-async' }),
        body: undefined,
        credentials: 'include',
      });
      await vi.advanceTimersByTimeAsync(1000);
      await expect(promise).resolves.toEqual(manifest);
      expect(fetch.requests).toHaveLength(3);
    });

    it('exports the whole system without a level', async () => {
      const { client, fetch } = setup(() => json({ output: [] }));
      await client.bulkExport();
      expect(fetch.requests[0].url).toBe(FHIR + '$export');
    });
  });

  describe('when polling is not asked for', () => {
    it('answers the 202 body as it is', async () => {
      const { client, fetch } = setup(() =>
        json({ resourceType: 'OperationOutcome', id: 'accepted', issue: [] }, 202, { 'Content-Location': 'x' })
      );
      await expect(client.post('fhir/R4/Patient', {})).resolves.toMatchObject({ id: 'accepted' });
      expect(fetch.requests).toHaveLength(1);
    });
  });
});
