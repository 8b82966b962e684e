// ValueSet/$expand in a language: displayLanguage picks a concept's designation, as the
// questionnaire form asks for it (the request goes through the package's FhirClient).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FhirClient } from '../../../src/client';
import { backends, clientFor, createAccount, startTestServer, type TestServer } from '../test/test-server';

const URL = 'http://example.org/vs/frequency';
const SYSTEM = 'http://example.org/cs/frequency';

describe.each(backends())('ValueSet/$expand with displayLanguage (%s)', (backend) => {
  let server: TestServer;
  let client: FhirClient;

  beforeAll(async () => {
    server = await startTestServer(backend);
    client = clientFor(server, (await createAccount(server, 'Patient')).token);
    await clientFor(server, (await createAccount(server, 'Practitioner')).token).createResource({
      resourceType: 'ValueSet',
      url: URL,
      status: 'active',
      compose: {
        include: [
          {
            system: SYSTEM,
            concept: [
              {
                code: 'never',
                display: 'Never',
                designation: [
                  { language: 'es', value: 'Nunca' },
                  { language: 'es-MX', value: 'Jamás' },
                  { language: 'ar', value: 'أبدًا' },
                ],
              },
              { code: 'often', display: 'Often', designation: [{ language: 'es', value: 'A menudo' }] },
            ],
          },
        ],
      },
    });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const displays = async (params: { displayLanguage?: string; filter?: string }) =>
    (await client.valueSetExpand({ url: URL, ...params })).expansion!.contains!.map((c) => c.display);

  it("answers each concept's designation in that language, with its system and code", async () => {
    const vs = await client.valueSetExpand({ url: URL, displayLanguage: 'ar' });
    expect(vs.expansion!.contains).toEqual([
      { system: SYSTEM, code: 'never', display: 'أبدًا' },
      { system: SYSTEM, code: 'often', display: 'Often' },
    ]);
    expect(vs.expansion!.parameter).toContainEqual({ name: 'displayLanguage', valueCode: 'ar' });
  });

  it('takes the exact tag first, then the base language', async () => {
    expect(await displays({ displayLanguage: 'es-MX' })).toEqual(['Jamás', 'A menudo']);
    expect(await displays({ displayLanguage: 'es-AR' })).toEqual(['Nunca', 'A menudo']);
  });

  it('keeps the displays without displayLanguage or without a designation in it', async () => {
    expect(await displays({})).toEqual(['Never', 'Often']);
    expect(await displays({ displayLanguage: 'fr' })).toEqual(['Never', 'Often']);
  });

  it('filters by the displays in that language', async () => {
    expect(await displays({ displayLanguage: 'es', filter: 'menu' })).toEqual(['A menudo']);
  });
});
