import { OperationOutcomeError, errorOutcome, isOperationOutcome, notFoundOutcome } from '../fhir/outcomes';
import type { Bundle, BundleEntry, OperationOutcome } from '../fhir/types';
import type { RequestOptions } from './transport';

interface Queued {
  url: string;
  options: RequestOptions;
  resolve: (value: any) => void;
  reject: (reason: unknown) => void;
}

/** The outcome of a failed batch entry: its own outcome, else one built from its status line. */
export function batchEntryOutcome(entry: BundleEntry | undefined): OperationOutcome {
  const outcome = entry?.response?.outcome ?? entry?.resource;
  if (isOperationOutcome(outcome)) return outcome;
  const status = entry?.response?.status ?? '';
  return status.startsWith('404') ? notFoundOutcome() : errorOutcome(status || 'Missing batch entry');
}

/** Collects GETs made within `delay` ms and sends them as one batch Bundle; a lone GET goes on its own. */
export class AutoBatcher {
  private queue: Queued[] = [];
  private timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly delay: number,
    private readonly fhirBaseUrl: string,
    private readonly sendOne: (url: string, options: RequestOptions) => Promise<any>,
    private readonly sendBatch: (bundle: Bundle) => Promise<Bundle>
  ) {}

  /** Queues a GET of a URL under the FHIR base. */
  add(url: string, options: RequestOptions): Promise<any> {
    return new Promise((resolve, reject) => {
      this.queue.push({ url, options, resolve, reject });
      this.timer ??= setTimeout(() => void this.flush(), this.delay);
    });
  }

  private async flush(): Promise<void> {
    const queue = this.queue;
    this.queue = [];
    this.timer = undefined;
    if (queue.length === 1) {
      const [only] = queue;
      return this.sendOne(only.url, only.options).then(only.resolve, only.reject);
    }
    try {
      const result = await this.sendBatch({
        resourceType: 'Bundle',
        type: 'batch',
        entry: queue.map((q) => ({ request: { method: 'GET', url: q.url.slice(this.fhirBaseUrl.length) } })),
      });
      queue.forEach((q, i) => {
        const entry = result.entry?.[i];
        if (entry?.response?.status?.startsWith('2')) q.resolve(entry.resource);
        else q.reject(new OperationOutcomeError(batchEntryOutcome(entry)));
      });
    } catch (error) {
      for (const q of queue) q.reject(error);
    }
  }
}
