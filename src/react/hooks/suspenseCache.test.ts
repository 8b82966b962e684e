import { afterEach, describe, expect, it, vi } from 'vitest';
import { OperationOutcomeError } from '../../fhir';
import { createTestClient, fhirJson, FHIR_URL } from '../test-utils';
import { readSuspended } from './suspenseCache';

const notFound = () =>
  fhirJson(
    {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
    },
    404
  );

const isPending = (thrown: unknown) => typeof (thrown as PromiseLike<unknown> | undefined)?.then === 'function';

/** What a render gets from readSuspended: the value, or what it throws (a promise or an error). */
function read(run: () => unknown): unknown {
  try {
    return run();
  } catch (thrown) {
    return thrown;
  }
}

afterEach(() => vi.restoreAllMocks());

describe('readSuspended', () => {
  // React renders a failed component several times, in separate tasks, before its error
  // boundary commits (React 19 in Chromium: five renders over about 6 ms after the failure).
  it('throws one failure to every render of the attempt: one request, then a new one after the reset', async () => {
    const { client, requests } = createTestClient(notFound);
    const load = () => client.readResource('Patient', '123');
    let now = 1_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);

    const pending = read(() => readSuspended(client, 'resource:Patient/123', load));
    expect(isPending(pending)).toBe(true);
    await new Promise<void>((resolve) =>
      (pending as PromiseLike<unknown>).then(
        () => resolve(),
        () => resolve()
      )
    );

    // The ping's render, then renders in later tasks (a timer of 0 ms has run between them).
    expect(read(() => readSuspended(client, 'resource:Patient/123', load))).toBeInstanceOf(OperationOutcomeError);
    await new Promise((resolve) => setTimeout(resolve, 5));
    now += 5;
    expect(read(() => readSuspended(client, 'resource:Patient/123', load))).toBeInstanceOf(OperationOutcomeError);
    now += 300;
    const error = read(() => readSuspended(client, 'resource:Patient/123', load));
    expect((error as Error).message).toBe('Not found');
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${FHIR_URL}Patient/123`]);

    // The boundary's reset, a person's click later: loads again.
    now += 2_000;
    expect(isPending(read(() => readSuspended(client, 'resource:Patient/123', load)))).toBe(true);
    await vi.waitFor(() => expect(requests).toHaveLength(2));
  });
});
