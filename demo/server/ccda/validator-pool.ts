// The C-CDA validator's workers: parsing runs in worker threads, never on the request thread, so
// a hostile document costs its sender a wait and no one else anything. Bounded three ways: at
// most `maxWorkers` documents are parsed at once and `maxWaiting` wait (any more get 429 at once),
// a job past `timeoutMs` has its worker terminated (422), and a worker's heap is capped (413).
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { OperationOutcomeError } from '../../../src/fhir/outcomes';
import type { OperationOutcome } from '../../../src/fhir/types';
import { tooLarge, tooManyRequests, unprocessable } from '../core/errors';
import type { CcdaValidationResult } from './validate-ccda';

/** What the pool sends a worker: the request's media type and body, as received. */
export interface WorkerJob {
  readonly contentType: string;
  readonly body: Uint8Array<ArrayBuffer>;
}

/** What a worker answers: that it has loaded, then per job a result or a 4xx outcome. */
export type WorkerAnswer =
  { readonly ready: true } | { readonly result: CcdaValidationResult } | { readonly outcome: OperationOutcome };

/** How the pool bounds the work. */
export interface ValidatorPoolOptions {
  /** Documents parsed at once (each in its own thread). */
  readonly maxWorkers: number;
  /** Requests that may wait for a worker; past this a request gets 429 without waiting. */
  readonly maxWaiting: number;
  /** How long one document may take, from the moment a worker has it. */
  readonly timeoutMs: number;
  /** How long a worker may take to load before the job fails. */
  readonly startupMs: number;
  /** An idle worker is stopped after this long. */
  readonly idleMs: number;
  /** A worker's heap; a document that needs more is refused. */
  readonly maxHeapMb: number;
}

/**
 * One document per core but one, at most two: the request thread (and PGlite, which runs on it)
 * keeps a core to itself. 2 s each.
 */
export const DEFAULT_VALIDATOR_POOL: ValidatorPoolOptions = {
  maxWorkers: Math.min(2, Math.max(1, availableParallelism() - 1)),
  maxWaiting: 2,
  timeoutMs: 2000,
  startupMs: 30_000,
  idleMs: 10_000,
  maxHeapMb: 256,
};

const WORKER_FILE = fileURLToPath(new URL('./validate-worker.ts', import.meta.url));

/**
 * Starts a worker on validate-worker.ts. The server runs its TypeScript through tsx, whose loader
 * a worker thread does not inherit on Node 20, so the worker loads the entry through tsx's
 * require API; that works the same under `tsx demo/server/main.ts` and under vitest.
 */
function spawnValidateWorker(maxHeapMb: number): Worker {
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const bootstrap = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(WORKER_FILE)}, ${JSON.stringify(WORKER_FILE)});`;
  return new Worker(bootstrap, { eval: true, resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
}

const seconds = (ms: number) => `${ms / 1000} s`;

/** The validator's worker threads and the queue in front of them. */
export class ValidatorPool {
  private readonly opts: ValidatorPoolOptions;
  private readonly idle = new Map<Worker, NodeJS.Timeout>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private closed = false;

  constructor(opts: Partial<ValidatorPoolOptions> = {}) {
    this.opts = { ...DEFAULT_VALIDATOR_POOL, ...opts };
  }

  /** Reads and validates a multipart upload in a worker; throws the outcome of a refusal. */
  async validate(contentType: string, body: Uint8Array): Promise<CcdaValidationResult> {
    await this.acquire();
    try {
      return await this.run(contentType, body);
    } finally {
      this.release();
    }
  }

  /** Stops every idle worker; jobs running finish on theirs. */
  close(): void {
    this.closed = true;
    for (const [worker, timer] of this.idle) {
      clearTimeout(timer);
      void worker.terminate();
    }
    this.idle.clear();
  }

  private async acquire(): Promise<void> {
    if (this.running < this.opts.maxWorkers) {
      this.running++;
      return;
    }
    if (this.waiting.length >= this.opts.maxWaiting)
      throw tooManyRequests('The validator is busy with other documents; try again in a moment', 1);
    // release() hands its slot over, so `running` never counts past maxWorkers.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  private async run(contentType: string, received: Uint8Array): Promise<CcdaValidationResult> {
    const worker = this.takeIdle() ?? (await this.start());
    return new Promise<CcdaValidationResult>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const timer = setTimeout(() => {
        finish();
        void worker.terminate();
        reject(unprocessable(`The document took longer than ${seconds(this.opts.timeoutMs)} to validate`, 'ccdaFile'));
      }, this.opts.timeoutMs);
      const onMessage = (answer: WorkerAnswer) => {
        finish();
        this.park(worker);
        if ('result' in answer) resolve(answer.result);
        else if ('outcome' in answer) reject(new OperationOutcomeError(answer.outcome));
      };
      const onError = (err: Error & { code?: string }) => {
        finish();
        void worker.terminate();
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? tooLarge('The document needs more memory than the validator allows', 'ccdaFile')
            : err
        );
      };
      const onExit = (code: number) => {
        finish();
        reject(new Error(`The validation worker stopped (exit code ${code})`));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // A copy of its own, moved (not cloned again) into the worker.
      const body = new Uint8Array(received);
      worker.postMessage({ contentType, body } satisfies WorkerJob, [body.buffer]);
    });
  }

  /** A new worker, once it has loaded. */
  private start(): Promise<Worker> {
    const worker = spawnValidateWorker(this.opts.maxHeapMb);
    // Never keeps the process alive, and an error while idle only drops the worker.
    worker.unref();
    worker.on('error', () => this.drop(worker));
    worker.on('exit', () => this.drop(worker));
    return new Promise<Worker>((resolve, reject) => {
      const timer = setTimeout(
        () => fail(new Error('The validation worker did not start in time')),
        this.opts.startupMs
      );
      const fail = (err: Error) => {
        clearTimeout(timer);
        worker.off('message', onReady);
        void worker.terminate();
        reject(err);
      };
      const onExit = (code: number) =>
        fail(new Error(`The validation worker stopped while loading (exit code ${code})`));
      const onReady = (answer: WorkerAnswer) => {
        if (!('ready' in answer)) return;
        clearTimeout(timer);
        worker.off('message', onReady);
        worker.off('error', fail);
        worker.off('exit', onExit);
        resolve(worker);
      };
      worker.on('message', onReady);
      worker.once('error', fail);
      worker.once('exit', onExit);
    });
  }

  private takeIdle(): Worker | undefined {
    const next = this.idle.entries().next();
    if (next.done) return undefined;
    const [worker, timer] = next.value;
    clearTimeout(timer);
    this.idle.delete(worker);
    return worker;
  }

  private park(worker: Worker): void {
    if (this.closed) {
      void worker.terminate();
      return;
    }
    const timer = setTimeout(() => {
      this.idle.delete(worker);
      void worker.terminate();
    }, this.opts.idleMs);
    timer.unref();
    this.idle.set(worker, timer);
  }

  private drop(worker: Worker): void {
    const timer = this.idle.get(worker);
    if (timer) clearTimeout(timer);
    this.idle.delete(worker);
  }
}
