// The validation worker's entry: reads the upload and validates it off the request thread, one
// job at a time, and answers the result or the 4xx outcome. The pool (validator-pool.ts) bounds
// how long a job may run by terminating the whole worker, so nothing here needs to yield.
import { parentPort } from 'node:worker_threads';
import { isOperationOutcomeError, serverErrorOutcome } from '../../../src/fhir/outcomes';
import { readCcdaUpload } from './ccda-upload';
import { validateCcda } from './validate-ccda';
import type { WorkerAnswer, WorkerJob } from './validator-pool';

const port = parentPort;
if (!port) throw new Error('validate-worker.ts runs as a worker thread only');

port.on('message', (job: WorkerJob) => {
  void answer(job).then((reply) => port.postMessage(reply));
});
port.postMessage({ ready: true } satisfies WorkerAnswer);

async function answer(job: WorkerJob): Promise<WorkerAnswer> {
  try {
    const upload = await readCcdaUpload(job.contentType, job.body);
    return { result: validateCcda(upload.xml, upload.fileName) };
  } catch (err) {
    if (isOperationOutcomeError(err)) return { outcome: err.outcome };
    console.error('[ccda] validation failed', err);
    return { outcome: serverErrorOutcome() };
  }
}
