import { describe, expect, it } from 'vitest';
import { OperationOutcomeError } from '../fhir/outcomes';
import { ReadablePromise } from './readable-promise';
import { FHIR, json, setup } from './test-helpers';

describe('ReadablePromise', () => {
  it('is pending, then success with the value read synchronously', async () => {
    let resolve!: (value: number) => void;
    const promise = new ReadablePromise(new Promise<number>((r) => (resolve = r)));
    expect(promise.getStatus()).toBe('pending');
    expect(promise.isPending()).toBe(true);
    // Pending: read() throws the promise itself, which is what Suspense waits on.
    expect(() => promise.read()).toThrow(expect.objectContaining({ isPending: expect.any(Function) }));
    let thrown: unknown;
    try {
      promise.read();
    } catch (value) {
      thrown = value;
    }
    expect(thrown).toBe(promise);
    resolve(7);
    await expect(promise).resolves.toBe(7);
    expect(promise.getStatus()).toBe('success');
    expect(promise.isOk()).toBe(true);
    expect(promise.read()).toBe(7);
  });

  it('is error once rejected, and read() throws the error', async () => {
    const error = new Error('nope');
    const promise = new ReadablePromise(Promise.reject(error));
    await expect(promise).rejects.toBe(error);
    expect(promise.getStatus()).toBe('error');
    expect(() => promise.read()).toThrow(error);
  });

  it('derives a settled value at once from a settled source', () => {
    const derived = ReadablePromise.derive(ReadablePromise.resolve(2), (n) => n * 3);
    expect(derived.read()).toBe(6);
  });
});

describe('FhirClient reads for Suspense', () => {
  it('answers a cached resource synchronously through read() after the first request', async () => {
    const { client, fetch } = setup(() => json({ resourceType: 'Patient', id: '1', meta: { versionId: '1' } }), {
      cacheTime: 60_000,
    });
    const first = client.readResource('Patient', '1');
    expect(first.isPending()).toBe(true);
    await first;
    expect(client.readResource('Patient', '1').read()).toMatchObject({ resourceType: 'Patient', id: '1' });
    expect(client.readReference({ reference: 'Patient/1' }).read()).toMatchObject({ id: '1' });
    expect(fetch.requests.map((r) => r.url)).toEqual([`${FHIR}Patient/1`]);
  });

  it('fails a read without an id with Missing id', async () => {
    const { client } = setup();
    const promise = client.readResource('Patient', '');
    await expect(promise).rejects.toThrow(OperationOutcomeError);
    expect(() => promise.read()).toThrow('Missing id');
  });

  it('answers search results through read() once loaded', async () => {
    const { client } = setup(
      () =>
        json({
          resourceType: 'Bundle',
          type: 'searchset',
          entry: [{ resource: { resourceType: 'Patient', id: '1' } }],
        }),
      { cacheTime: 60_000 }
    );
    await client.searchResources('Patient', { name: 'x' });
    expect(
      client
        .searchResources('Patient', { name: 'x' })
        .read()
        .map((p) => p.id)
    ).toEqual(['1']);
  });
});
