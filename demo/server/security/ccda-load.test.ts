// Finding (high): one unauthenticated request froze the server. POST /ccda/validate parsed a
// 4.9 MB document with 400,000 attributes on the request thread, so every other caller's read
// waited for it (9.6 s; 13.3 s with four in parallel). The parse now runs in a worker with a time
// budget, behind a small pool, so the event loop keeps answering. The bound asserted here is a
// generous security bound (a read answers within 2 s); the goal (under 1 s) is the bench's line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeFlood, ccdaForm, elementFlood } from '../test/hostile-ccda';
import { CCDA_VALIDATE_PATH } from '../ccda/routes';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs } from '../test/attacker';

describe.each(backends())('C-CDA validation under attack (%s)', (backend) => {
  let server: TestServer;
  let patient: TestAccount;
  beforeAll(async () => {
    server = await startTestServer(backend);
    patient = await createAccount(server, 'Patient', { given: 'Homer' });
  }, 60_000);
  afterAll(() => server?.destroy());

  it("answers another user's read within 2 s while four maximum-size validations run", async () => {
    // Two of each: one element with 400,000 attributes, and 180,000 well-formed elements.
    const floods = [attributeFlood(), elementFlood(), attributeFlood(), elementFlood()];
    const read = fhirAs(server, patient.token);
    // Warm the reader's path, so the figure is the attack's and not a cold start's.
    expect((await read('GET', patient.profile)).status).toBe(200);
    let running = true;
    const attacks = Promise.all(
      floods.map((flood) =>
        fetch(new URL(CCDA_VALIDATE_PATH.slice(1), server.url), { method: 'POST', body: ccdaForm(flood) }).then(
          async (res) => ({ status: res.status, body: await res.json() })
        )
      )
    ).finally(() => {
      running = false;
    });
    const latencies: number[] = [];
    do {
      const started = performance.now();
      const res = await read('GET', patient.profile);
      latencies.push(performance.now() - started);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(patient.id);
    } while (running);
    const answers = await attacks;
    const worst = Math.max(...latencies);
    console.log(
      `read while four ${(floods[0].length / 1024 / 1024).toFixed(1)} MB validations ran: ${latencies.length} reads, max ${Math.round(worst)} ms; validations answered ${answers.map((a) => a.status).join(', ')}`
    );
    expect(worst).toBeLessThan(2000);
    // Every attack got an answer in the validator's shape or an OperationOutcome (past its time
    // budget 422, past the queue 429), never a 5xx.
    for (const answer of answers) {
      expect([200, 422, 429]).toContain(answer.status);
      if (answer.status !== 200) expect(answer.body.resourceType).toBe('OperationOutcome');
    }
  }, 120_000);
});
