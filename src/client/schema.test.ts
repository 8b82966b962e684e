import { isOperationOutcomeError } from '../fhir/outcomes';
import { FHIR, expectedHeaders, json, setup } from './test-helpers';
import { schemaQuery } from './schema';

const patientDefinition = {
  resourceType: 'StructureDefinition',
  name: 'Patient',
  type: 'Patient',
  url: 'http://hl7.org/fhir/StructureDefinition/Patient',
  snapshot: {
    element: [
      { path: 'Patient', min: 0, max: '*' },
      { path: 'Patient.name', min: 0, max: '*', type: [{ code: 'HumanName' }] },
    ],
  },
};
const searchParameter = { base: ['Patient'], code: 'name', type: 'string', expression: 'Patient.name' };

async function failure(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (isOperationOutcomeError(error)) return error.message;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('requestSchema', () => {
  it('posts the GraphQL query for the definition by name and the search parameters by base, count 100', async () => {
    const { client, fetch } = setup(() =>
      json({ data: { StructureDefinitionList: [patientDefinition], SearchParameterList: [searchParameter] } })
    );
    const schema = await client.requestSchema('Patient');
    expect(fetch.requests).toHaveLength(1);
    const [request] = fetch.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe(FHIR + '$graphql');
    expect(request!.headers).toEqual(expectedHeaders(undefined, { 'Content-Type': 'application/json' }));
    const { query } = JSON.parse(request!.body as string);
    expect(query).toBe(schemaQuery('Patient'));
    expect(query).toContain('StructureDefinitionList(name: "Patient")');
    expect(query).toContain('SearchParameterList(base: "Patient", _count: 100)');
    expect(schema.elements.map((e) => e.path)).toEqual(['Patient.name']);
    expect(schema.searchParameters).toEqual([searchParameter]);
  });

  it('asks once per type and client', async () => {
    const { client, fetch } = setup(() =>
      json({ data: { StructureDefinitionList: [patientDefinition], SearchParameterList: [] } })
    );
    await client.requestSchema('Patient');
    await client.requestSchema('Patient');
    expect(fetch.requests).toHaveLength(1);
  });

  it("fails 'StructureDefinition not found' when the server holds none, and asks again next time", async () => {
    const { client, fetch } = setup(() => json({ data: { StructureDefinitionList: [], SearchParameterList: [] } }));
    expect(await failure(client.requestSchema('Patient'))).toBe('StructureDefinition not found');
    expect(await failure(client.requestSchema('Patient'))).toBe('StructureDefinition not found');
    expect(fetch.requests).toHaveLength(2);
  });

  it("fails 'StructureDefinition type missing' without a type, or when the definition has none", async () => {
    const { client, fetch } = setup(() =>
      json({ data: { StructureDefinitionList: [{ ...patientDefinition, type: undefined }] } })
    );
    expect(await failure(client.requestSchema(''))).toBe('StructureDefinition type missing');
    expect(await failure(client.requestSchema('Patient") { x } #'))).toBe('StructureDefinition type missing');
    expect(fetch.requests).toHaveLength(0);
    expect(await failure(client.requestSchema('Patient'))).toBe('StructureDefinition type missing');
  });
});

describe('requestProfileSchema', () => {
  const url = 'http://example.org/StructureDefinition/my-patient';
  it('posts StructureDefinition/$expand-profile with the url and reads the profile from the Bundle', async () => {
    const { client, fetch } = setup(() =>
      json({
        resourceType: 'Bundle',
        type: 'collection',
        entry: [{ resource: { ...patientDefinition, name: 'MyPatient', url } }],
      })
    );
    const schema = await client.requestProfileSchema(url);
    expect(fetch.requests.map((r) => [r.method, r.url])).toEqual([
      ['POST', `${FHIR}StructureDefinition/$expand-profile?url=${encodeURIComponent(url)}`],
    ]);
    expect(schema).toMatchObject({ name: 'MyPatient', type: 'Patient', url });
  });

  it("fails 'StructureDefinition not found' when the Bundle lacks the profile", async () => {
    const { client } = setup(() => json({ resourceType: 'Bundle', type: 'collection', entry: [] }));
    expect(await failure(client.requestProfileSchema(url))).toBe('StructureDefinition not found');
  });
});
