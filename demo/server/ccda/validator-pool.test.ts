// The validator's pool over real worker threads: a document past the time budget is answered 422
// and its worker stopped, requests past the queue get 429 at once, and answers come back in the
// validator's shape or as the upload's 4xx outcome.
import { afterEach, describe, expect, it } from 'vitest';
import { isOperationOutcomeError } from '../../../src/fhir/outcomes';
import { statusOfOutcome } from '../core/errors';
import { attributeFlood, ccdaForm, elementFlood } from '../test/hostile-ccda';
import { ValidatorPool } from './validator-pool';

/** The multipart request a browser would send, as the pool receives it. */
async function upload(xml: string): Promise<{ contentType: string; body: Uint8Array }> {
  const request = new Request('http://localhost/', { method: 'POST', body: ccdaForm(xml) });
  return { contentType: request.headers.get('content-type')!, body: new Uint8Array(await request.arrayBuffer()) };
}

/** The status and first issue text of what validate() threw. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; text: string | undefined }> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e
  );
  if (!isOperationOutcomeError(err)) throw new Error(`expected an OperationOutcomeError, got ${String(err)}`);
  return { status: statusOfOutcome(err.outcome), text: err.outcome.issue?.[0]?.details?.text };
}

describe('ValidatorPool', () => {
  let pool: ValidatorPool | undefined;
  afterEach(() => pool?.close());

  it('validates in a worker and names the finding', async () => {
    pool = new ValidatorPool();
    const { contentType, body } = await upload(attributeFlood());
    const result = await pool.validate(contentType, body);
    expect(result.ccdaValidationResults.map((i) => i.description)).toEqual([
      'An element carries more than 256 attributes',
    ]);
  }, 60_000);

  it('answers the upload refusals of the worker as their outcome', async () => {
    pool = new ValidatorPool();
    expect(await refusal(pool.validate('multipart/form-data; boundary=x', Buffer.from('--x\r\nnot a part')))).toEqual({
      status: 400,
      text: 'The multipart body could not be read',
    });
  }, 60_000);

  it('answers 422 when a document takes longer than the time budget', async () => {
    pool = new ValidatorPool({ timeoutMs: 20 });
    const slow = await upload(elementFlood());
    expect(await refusal(pool.validate(slow.contentType, slow.body))).toEqual({
      status: 422,
      text: 'The document took longer than 0.02 s to validate',
    });
  }, 60_000);

  it('answers 429 at once past the workers and the queue', async () => {
    pool = new ValidatorPool({ maxWorkers: 1, maxWaiting: 1 });
    const { contentType, body } = await upload(elementFlood(1024 * 1024));
    const calls = [1, 2, 3].map(() => pool!.validate(contentType, body));
    const third = await refusal(calls[2]);
    expect(third).toEqual({ status: 429, text: 'The validator is busy with other documents; try again in a moment' });
    const [first, second] = await Promise.all(calls.slice(0, 2));
    expect(first.resultsMetaData.ccdaFileName).toBe('ccd.xml');
    expect(second.resultsMetaData.ccdaFileName).toBe('ccd.xml');
  }, 60_000);
});
