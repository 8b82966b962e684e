// Item 14 (headers): answers carried no X-Content-Type-Options, so a browser could sniff an
// uploaded Binary or a JSON answer into a page, and answers holding patient data carried no
// Cache-Control, so a shared browser or proxy could keep a patient's record. Now every answer
// says nosniff, and every answer to a signed-in caller says no-store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs, raw, type RawResponse } from '../test/attacker';

describe.each(backends())('response headers (%s)', (backend) => {
  let server: TestServer;
  let patient: TestAccount;
  let binaryId: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    patient = await createAccount(server, 'Patient');
    const upload = await fhirAs(server, patient.token)('POST', 'Binary', '<html><script>alert(1)</script></html>', {
      'Content-Type': 'text/html',
    });
    expect(upload.status).toBe(201);
    binaryId = upload.body.id;
  }, 120_000);
  afterAll(() => server?.destroy());

  const nosniff = (res: RawResponse) => res.headers.get('x-content-type-options');

  it('sends nosniff on every kind of answer, errors and preflights included', async () => {
    const api = fhirAs(server, patient.token);
    const answers = [
      await api('GET', patient.profile),
      await api('GET', 'Observation?_count=1'),
      await api('GET', `Binary/${binaryId}`, undefined, { Accept: '*/*' }),
      await api('GET', 'Observation/does-not-exist'),
      await api('GET', 'Patient', undefined, { Authorization: 'Bearer not-a-token' }),
      await raw(server, 'GET', 'fhir/R4/metadata'),
      await raw(server, 'GET', 'healthcheck'),
      await raw(server, 'GET', 'no/such/route'),
      await raw(server, 'POST', 'auth/login', { email: 'x@example.com', password: 'wrong-password' }),
      await raw(server, 'GET', '.well-known/smart-configuration'),
      await raw(server, 'OPTIONS', 'fhir/R4/Patient', undefined, { Origin: 'https://evil.example' }),
      await raw(server, 'OPTIONS', 'fhir/R4/Patient', undefined, {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'GET',
      }),
      await raw(server, 'POST', 'fhir/R4/Patient', 'x'.repeat(17 * 1024 * 1024), {
        Authorization: `Bearer ${patient.token}`,
        'Content-Type': 'application/fhir+json',
      }),
    ];
    for (const res of answers) expect(nosniff(res)).toBe('nosniff');
  });

  it('sends no-store on every answer to a signed-in caller: records, searches, Binary content, errors', async () => {
    const api = fhirAs(server, patient.token);
    for (const res of [
      await api('GET', patient.profile),
      await api('GET', `Patient?_id=${patient.id}`),
      await api('GET', `${patient.profile}/$everything`),
      await api('GET', `Binary/${binaryId}`, undefined, { Accept: '*/*' }),
      await api('GET', `${patient.profile}/_history`),
      await api('GET', 'Observation/does-not-exist'),
      await raw(server, 'GET', 'auth/me', undefined, { Authorization: `Bearer ${patient.token}` }),
    ]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('keeps the public discovery document cacheable', async () => {
    const res = await raw(server, 'GET', '.well-known/smart-configuration');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});
