// The schema endpoints through the package's FhirClient: GraphQL for a type's definition and
// search parameters, $expand-profile for a profile, and what a malformed query gets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, clientFor, createAccount, failure, startTestServer, type TestServer } from '../test/test-server';
import { fhirAs } from '../test/attacker';

describe.each(backends())('schema requests (%s)', (backend) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    token = (await createAccount(server, 'Practitioner')).token;
  }, 120_000);
  afterAll(() => server?.destroy());

  describe('when the client asks for a type', () => {
    it('answers the core definition and the search parameters the server understands', async () => {
      const schema = await clientFor(server, token).requestSchema('Patient');
      expect(schema).toMatchObject({ name: 'Patient', type: 'Patient', kind: 'resource' });
      const name = schema.elements.find((e) => e.path === 'Patient.name');
      expect(name).toMatchObject({ min: 0, max: Infinity, types: [{ code: 'HumanName' }] });
      const gp = schema.elements.find((e) => e.path === 'Patient.generalPractitioner');
      expect(gp?.types[0]?.targetProfile).toContain('http://hl7.org/fhir/StructureDefinition/Practitioner');
      expect(schema.elements.find((e) => e.path === 'Patient.gender')?.binding?.strength).toBe('required');
      expect(schema.searchParameters.map((p) => p.code)).toEqual(expect.arrayContaining(['name', 'birthdate']));
      expect(schema.searchParameters.find((p) => p.code === 'birthdate')).toMatchObject({
        type: 'date',
        expression: 'Patient.birthDate',
      });
    });

    it('answers data types too, so a form can show their fields', async () => {
      const schema = await clientFor(server, token).requestSchema('ContactPoint');
      expect(schema.elements.map((e) => e.path)).toContain('ContactPoint.system');
    });

    it("answers a type it holds no definition for so the client fails 'StructureDefinition not found'", async () => {
      const failed = await failure(clientFor(server, token).requestSchema('Nope'));
      expect(failed.text).toBe('StructureDefinition not found');
    });

    it('answers a patient too: the core definitions are the published specification', async () => {
      const patient = await createAccount(server, 'Patient');
      expect((await clientFor(server, patient.token).requestSchema('Observation')).type).toBe('Observation');
    });
  });

  describe('when the client asks for a profile', () => {
    it('answers a core profile, and the project’s own profile before the core one', async () => {
      const client = clientFor(server, token);
      const core = await client.requestProfileSchema('http://hl7.org/fhir/StructureDefinition/Observation');
      expect(core.type).toBe('Observation');
      const url = 'http://example.org/StructureDefinition/vital-sign';
      await server.ctx.systemRepo.createResource<any>({
        resourceType: 'StructureDefinition',
        url,
        name: 'ClinicVitalSign',
        status: 'active',
        kind: 'resource',
        abstract: false,
        type: 'Observation',
        baseDefinition: 'http://hl7.org/fhir/StructureDefinition/Observation',
        derivation: 'constraint',
        snapshot: {
          element: [
            { path: 'Observation', min: 0, max: '*' },
            { path: 'Observation.status', min: 1, max: '1', type: [{ code: 'code' }] },
          ],
        },
      });
      const own = await client.requestProfileSchema(url);
      expect(own).toMatchObject({ name: 'ClinicVitalSign', type: 'Observation' });
      expect(own.elements.map((e) => e.path)).toEqual(['Observation.status']);
    });

    it("answers 404 'StructureDefinition not found' for an unknown url", async () => {
      const failed = await failure(clientFor(server, token).requestProfileSchema('http://example.org/none'));
      expect(failed.status).toBe(404);
      expect(failed.text).toBe('StructureDefinition not found');
    });
  });

  describe('when a query is not one the server answers', () => {
    it.each([
      [
        'another type',
        '{ PatientList { id } }',
        'Invalid GraphQL query: Cannot query field "PatientList" on type "Query".',
      ],
      [
        'a syntax error',
        '{ StructureDefinitionList(name: "Patient") ',
        'Invalid GraphQL query: Syntax Error: Expected Name, found <EOF>.',
      ],
      [
        'an unknown field',
        '{ StructureDefinitionList(name: "Patient") { secret } }',
        'Invalid GraphQL query: Cannot query field "secret" on type "StructureDefinition".',
      ],
      [
        'over 2,000 tokens',
        `{ ${'a '.repeat(2100)} }`,
        'Invalid GraphQL query: Syntax Error: Document contains more that 2000 tokens. Parsing aborted.',
      ],
      ['over 10,000 characters', 'x'.repeat(10_001), 'GraphQL query is longer than 10000 characters'],
      [
        'over 10 lists',
        `{ ${Array.from({ length: 11 }, (_, i) => `a${i}: SearchParameterList(base: "Patient") { code }`).join(' ')} }`,
        'A GraphQL query may ask for at most 10 lists',
      ],
    ])('refuses %s with a 400 saying why', async (_what, query, text) => {
      const res = await fhirAs(server, token)('POST', '$graphql', { query }, { 'Content-Type': 'application/json' });
      expect(res.status).toBe(400);
      expect(res.body.issue[0].details.text).toBe(text);
    });

    it('refuses a request without credentials', async () => {
      const res = await fhirAs(server, 'not-a-token')('POST', '$graphql', { query: '{ __typename }' });
      expect(res.status).toBe(401);
    });
  });

  describe('when an access policy leaves definitions out', () => {
    it('refuses the schema requests with 403', async () => {
      const account = await createAccount(server, 'Practitioner');
      const repo = server.ctx.systemRepo;
      const policy = await repo.createResource<any>({
        resourceType: 'AccessPolicy',
        resource: [{ resourceType: 'Patient' }],
      });
      const membership = await repo.searchOne<any>('ProjectMembership', { profile: account.profile });
      await repo.updateResource({ ...membership, accessPolicy: { reference: `AccessPolicy/${policy.id}` } });
      const client = clientFor(server, account.token);
      expect((await failure(client.requestSchema('Patient'))).status).toBe(403);
      expect(
        (await failure(client.requestProfileSchema('http://hl7.org/fhir/StructureDefinition/Patient'))).status
      ).toBe(403);
    });
  });
});
