// Another user's read while the heaviest requests the server takes run: four maximum-size C-CDA
// validations (no credentials needed) and a maximum-size Observation write, each in a loop for
// the whole measurement. The figure of `npm run bench:server` that says whether heavy work stays
// off the request thread (goal: every read under 1 s).
import { attributeFlood, ccdaForm, elementFlood } from '../demo/server/test/hostile-ccda';
import { CCDA_VALIDATE_PATH } from '../demo/server/ccda/routes';
import { DEFAULT_MAX_RESOURCE_BYTES } from '../demo/server/context';

/** What the measurement needs: a server and a token that may read and write Observations. */
export interface HeavyWorkOptions {
  url: string;
  accessToken: string;
  durationMs: number;
}

/** The reader's latencies and what the heavy loops got back. */
export interface HeavyWorkResult {
  reads: number;
  failed: number;
  p50: number;
  max: number;
  /** Answers to the validations and the writes, by status ('200', '429', 'error'). */
  validations: Record<string, number>;
  writes: Record<string, number>;
}

const count = (tally: Record<string, number>, key: string) => (tally[key] = (tally[key] ?? 0) + 1);

/** Runs the loops and the reader for durationMs; resolves when every loop has stopped. */
export async function measureReadUnderHeavyWork(opts: HeavyWorkOptions): Promise<HeavyWorkResult> {
  const fhir = (path: string, init: RequestInit = {}) =>
    fetch(new URL(`fhir/R4/${path}`, opts.url), {
      ...init,
      headers: {
        authorization: `Bearer ${opts.accessToken}`,
        'content-type': 'application/fhir+json',
        ...(init.headers as Record<string, string>),
      },
    });
  const observation = (bytes: number) => {
    const shell = { resourceType: 'Observation', status: 'final', code: { text: 'Bench note' }, valueString: '' };
    return JSON.stringify({ ...shell, valueString: 'x'.repeat(bytes - JSON.stringify(shell).length) });
  };
  const small = await fhir('Observation', { method: 'POST', body: observation(200) });
  if (small.status !== 201) throw new Error(`the reader's Observation was answered ${small.status}`);
  const readPath = `Observation/${((await small.json()) as { id: string }).id}`;

  const until = Date.now() + opts.durationMs;
  const validations: Record<string, number> = {};
  const writes: Record<string, number> = {};
  const documents = [attributeFlood(), elementFlood()];
  const validateLoop = async (which: number) => {
    while (Date.now() < until) {
      const res = await fetch(new URL(CCDA_VALIDATE_PATH.slice(1), opts.url), {
        method: 'POST',
        body: ccdaForm(documents[which % documents.length]),
      }).catch(() => undefined);
      count(validations, res ? String(res.status) : 'error');
      await res?.arrayBuffer();
    }
  };
  const largest = observation(DEFAULT_MAX_RESOURCE_BYTES - 64);
  const writeLoop = async () => {
    while (Date.now() < until) {
      const res = await fhir('Observation', { method: 'POST', body: largest }).catch(() => undefined);
      count(writes, res ? String(res.status) : 'error');
      await res?.arrayBuffer();
    }
  };
  const latencies: number[] = [];
  let failed = 0;
  const readLoop = async () => {
    while (Date.now() < until) {
      const started = performance.now();
      const res = await fhir(readPath).catch(() => undefined);
      await res?.arrayBuffer();
      if (res?.status === 200) latencies.push(performance.now() - started);
      else failed++;
      // A user clicks, not a load generator: a read every 50 ms.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await Promise.all([...[0, 1, 2, 3].map(validateLoop), writeLoop(), readLoop()]);
  latencies.sort((a, b) => a - b);
  return {
    reads: latencies.length,
    failed,
    p50: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
    max: Math.round(latencies.at(-1) ?? 0),
    validations,
    writes,
  };
}
