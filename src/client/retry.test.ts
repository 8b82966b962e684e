import { OperationOutcomeError } from '../fhir/outcomes';
import { parseRateLimitHeader, retryDelay } from './retry';
import { FHIR, json, setup, text } from './test-helpers';

describe('parseRateLimitHeader', () => {
  it('reads named entries with remaining units and seconds to reset', () => {
    expect(parseRateLimitHeader('"requests";r=0;t=5, "fhirInteractions";r=100;t=60')).toEqual([
      { name: 'requests', remainingUnits: 0, secondsUntilReset: 5 },
      { name: 'fhirInteractions', remainingUnits: 100, secondsUntilReset: 60 },
    ]);
  });

  it.each(['garbage', '"requests";r=x;t=5', '"requests";t=5', '"requests";r=1', '"requests";r=1;t'])(
    'throws Could not parse RateLimit header for %s',
    (header) => {
      expect(() => parseRateLimitHeader(header)).toThrow(OperationOutcomeError);
      expect(() => parseRateLimitHeader(header)).toThrow('Could not parse RateLimit header');
    }
  );

  it('waits 500 ms × 1.5ⁿ without a used-up limit', () => {
    expect(retryDelay(undefined, 0)).toBe(500);
    expect(retryDelay(undefined, 1)).toBe(750);
    expect(retryDelay(undefined, 2)).toBe(1125);
  });
});

describe('retries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('when the server answers 503 then 200', () => {
    it('retries after 500 ms and then 750 ms with the same request', async () => {
      const { client, fetch } = setup((_req, i) =>
        i < 2 ? text('busy', 503, 'text/plain', 'Service Unavailable') : json({ resourceType: 'Patient', id: '1' })
      );
      const promise = client.readResource('Patient', '1');
      await vi.advanceTimersByTimeAsync(0);
      expect(fetch.requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(499);
      expect(fetch.requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetch.requests).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(749);
      expect(fetch.requests).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      await expect(promise).resolves.toEqual({ resourceType: 'Patient', id: '1' });
      expect(fetch.requests).toHaveLength(3);
      expect(fetch.requests[2]).toEqual(fetch.requests[0]);
      expect(fetch.requests[0].url).toBe(FHIR + 'Patient/1');
    });
  });

  describe('when the server answers 400', () => {
    it('does not retry', async () => {
      const { client, fetch } = setup(() => json({ resourceType: 'OperationOutcome', issue: [] }, 400));
      await expect(client.readResource('Patient', '1')).rejects.toThrow(OperationOutcomeError);
      expect(fetch.requests).toHaveLength(1);
    });
  });

  describe('when a rate limit is used up', () => {
    it('waits the reset time of the used-up entry', async () => {
      const { client, fetch } = setup((_req, i) =>
        i === 0
          ? json({ resourceType: 'OperationOutcome', issue: [] }, 429, {
              RateLimit: '"requests";r=0;t=1, "fhirInteractions";r=100;t=60',
            })
          : json({ resourceType: 'Patient', id: '1' })
      );
      const promise = client.readResource('Patient', '1');
      await vi.advanceTimersByTimeAsync(999);
      expect(fetch.requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(promise).resolves.toMatchObject({ id: '1' });
      expect(fetch.requests).toHaveLength(2);
    });

    it('does not retry when the wait exceeds maxRetryTime', async () => {
      const outcome = {
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'error', code: 'throttled', details: { text: 'Too many requests' } }],
      };
      const { client, fetch } = setup(() => json(outcome, 429, { RateLimit: '"requests";r=0;t=5' }));
      await expect(client.readResource('Patient', '1')).rejects.toThrow('Too many requests');
      expect(fetch.requests).toHaveLength(1);
    });

    it('fails with Could not parse RateLimit header for a malformed header', async () => {
      const { client } = setup(() => json({}, 429, { RateLimit: 'nonsense' }));
      await expect(client.readResource('Patient', '1')).rejects.toThrow('Could not parse RateLimit header');
    });
  });

  describe('when maxRetryTime is below the backoff', () => {
    it('answers the failure without waiting', async () => {
      const { client, fetch } = setup(() => text('x', 500, 'text/plain', 'Internal Server Error'), {
        maxRetryTime: 400,
      });
      await expect(client.get('x')).rejects.toThrow('Internal Server Error');
      expect(fetch.requests).toHaveLength(1);
    });
  });

  describe('when the network fails', () => {
    // client-layer.md section 9: retries only on 429 or 5xx; section 8: a first 'Failed to
    // fetch' fires the offline event.
    it('emits offline and fails with an OperationOutcomeError after one attempt, without retrying', async () => {
      const { client, fetch } = setup(() => {
        throw new TypeError('Failed to fetch');
      });
      const offline = vi.fn();
      client.addEventListener('offline', offline);
      const promise = client.readResource('Patient', '1').catch((e: unknown) => e);
      await vi.runAllTimersAsync();
      const error = await promise;
      expect(error).toBeInstanceOf(OperationOutcomeError);
      expect((error as Error).message).toBe('Failed to fetch');
      expect(fetch.requests).toHaveLength(1);
      expect(offline).toHaveBeenCalledTimes(1);
    });

    it('answers the next call once the network is back', async () => {
      const { client, fetch } = setup((_req, i) => {
        if (i === 0) throw new TypeError('Failed to fetch');
        return json({ resourceType: 'Patient', id: '1' });
      });
      await expect(client.readResource('Patient', '1')).rejects.toThrow('Failed to fetch');
      await expect(client.readResource('Patient', '1')).resolves.toMatchObject({ id: '1' });
      expect(fetch.requests).toHaveLength(2);
    });
  });

  describe('when aborted while waiting to retry', () => {
    it('fails with Request aborted and sends nothing more', async () => {
      const { client, fetch } = setup(() => text('x', 503));
      const controller = new AbortController();
      const promise = client.get('x', { signal: controller.signal }).catch((e: Error) => e.message);
      await vi.advanceTimersByTimeAsync(100);
      controller.abort();
      await expect(promise).resolves.toBe('Request aborted');
      await vi.runAllTimersAsync();
      expect(fetch.requests).toHaveLength(1);
    });
  });
});
