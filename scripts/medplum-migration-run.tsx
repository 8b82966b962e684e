// Runs the Medplum-style code of examples/medplum-migration against the packed package (bundled by
// scripts/check-tarball.mjs with the package left external): the client calls go to an in-memory
// FHIR server behind `fetch`, and the pages render on a server. Prints what it checked; throws on
// the first difference.
import { renderToString } from 'react-dom/server';
import { createMedplum, describePatient, registerPatient } from '../examples/medplum-migration/client';
import { GetCarePage, IntakePage, SignInPage } from '../examples/medplum-migration/components';
import { App } from '../examples/medplum-migration/pages';
import { MedplumProvider } from 'fhir-portal-kit/medplum-compat';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/fhir+json' } });
const stored = new Map<string, Record<string, unknown>>();
const requests: string[] = [];
const fhirServer: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  const method = init?.method ?? 'GET';
  requests.push(`${method} ${url.pathname}${url.search}`);
  const [type, id] = url.pathname.replace(/^\/fhir\/R4\//, '').split('/');
  if (method === 'POST') {
    const resource = { ...JSON.parse(String(init?.body)), id: String(stored.size + 1) };
    stored.set(`${type}/${resource.id}`, resource);
    return json(resource, 201);
  }
  if (method === 'PUT') {
    stored.set(`${type}/${id}`, JSON.parse(String(init?.body)));
    return json(stored.get(`${type}/${id}`));
  }
  if (id) return stored.has(`${type}/${id}`) ? json(stored.get(`${type}/${id}`)) : json(notFound, 404);
  const entry = [...stored.values()].filter((r) => r.resourceType === type).map((resource) => ({ resource }));
  return json({ resourceType: 'Bundle', type: 'searchset', entry });
};
const notFound = {
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
};

function expect(what: string, ok: boolean, detail: unknown): void {
  if (!ok) throw new Error(`${what}: ${JSON.stringify(detail)}`);
}

const medplum = createMedplum(fhirServer);
const { patient, vitals } = await registerPatient(medplum);
expect('the updated patient', patient.birthDate === '1990-01-01' && patient.id === '1', patient);
expect('the vitals search', vitals.length === 0, vitals);
const wanted = [
  'POST /fhir/R4/Patient',
  'GET /fhir/R4/Patient?_count=1&name=Smith',
  'GET /fhir/R4/Patient/1',
  'PUT /fhir/R4/Patient/1',
  'GET /fhir/R4/Observation?subject=Patient%2F1&_sort=-date',
];
expect('the requests', JSON.stringify(requests) === JSON.stringify(wanted), requests);
const missing = await describePatient(medplum, '404');
expect('a missing patient', missing === 'Not found', missing);
console.log(`medplum-migration client calls: ${requests.length} requests, each one the call names`);

const pages = renderToString(
  <MedplumProvider medplum={medplum}>
    <App medplum={medplum} patient={patient} />
    <SignInPage />
    <IntakePage
      questionnaire={{
        resourceType: 'Questionnaire',
        status: 'active',
        item: [{ linkId: 'q1', type: 'string', text: 'Any allergies?' }],
      }}
    />
    <GetCarePage schedule={{ reference: 'Schedule/1' }} />
  </MedplumProvider>
);
for (const text of ['Alice Smith', 'Sign in to Foo Medical', 'Any allergies?'])
  expect(`the server render shows "${text}"`, pages.includes(text), pages.slice(0, 400));
console.log(`medplum-migration pages render on a server: ${pages.length} characters of HTML`);
