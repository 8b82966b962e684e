import { isOperationOutcomeError } from '../fhir/outcomes';
import { BASE, FHIR, type RecordedRequest, expectedHeaders, json, setup } from './test-helpers';

const JSON_TYPE = { 'Content-Type': 'application/fhir+json' };
const bundle = (...resources: object[]) => ({
  resourceType: 'Bundle',
  type: 'searchset',
  entry: resources.map((resource) => ({ resource })),
});

function wire(req: RecordedRequest) {
  return { method: req.method, url: req.url, headers: req.headers, body: req.body };
}

describe('FhirClient resource API', () => {
  describe('when building URLs', () => {
    it('joins path segments under the FHIR base', () => {
      const { client } = setup();
      expect(client.fhirUrl('Patient', '1', '$everything').toString()).toBe(FHIR + 'Patient/1/$everything');
      expect(
        client.fhirSearchUrl('Patient', { name: 'Al', _count: 5, code: ['a', 'b'], skip: undefined }).toString()
      ).toBe(FHIR + 'Patient?name=Al&_count=5&code=a&code=b');
      expect(client.fhirSearchUrl('Patient', '?name=Al').toString()).toBe(FHIR + 'Patient?name=Al');
      expect(client.fhirSearchUrl('Patient', [['name', 'Al']]).toString()).toBe(FHIR + 'Patient?name=Al');
    });
  });

  describe('when reading', () => {
    it.each([
      ['readResource', (c: any) => c.readResource('Patient', '1'), 'Patient/1', { resourceType: 'Patient', id: '1' }],
      [
        'readHistory',
        (c: any) => c.readHistory('Patient', '1', { count: 5, offset: 10 }),
        'Patient/1/_history?_count=5&_offset=10',
        bundle(),
      ],
      [
        'readVersion',
        (c: any) => c.readVersion('Patient', '1', '3'),
        'Patient/1/_history/3',
        { resourceType: 'Patient', id: '1' },
      ],
      ['readPatientEverything', (c: any) => c.readPatientEverything('1'), 'Patient/1/$everything', bundle()],
      ['readPatientSummary', (c: any) => c.readPatientSummary('1'), 'Patient/1/$summary', bundle()],
      [
        'readResourceGraph',
        (c: any) => c.readResourceGraph('Patient', '1', 'care'),
        'Patient/1/$graph?graph=care',
        bundle(),
      ],
      ['search', (c: any) => c.search('Patient', 'name=Al'), 'Patient?name=Al', bundle()],
      [
        'valueSetExpand',
        (c: any) => c.valueSetExpand({ url: 'http://vs', filter: 'fe', count: 10 }),
        'ValueSet/$expand?url=http%3A%2F%2Fvs&filter=fe&count=10',
        { resourceType: 'ValueSet' },
      ],
    ])('%s sends the exact GET', async (_name, call, path, answer) => {
      const { client, fetch } = setup(() => json(answer));
      client.setAccessToken('tok');
      await expect(call(client)).resolves.toEqual(answer);
      expect(fetch.requests.map(wire)).toEqual([
        { method: 'GET', url: FHIR + path, headers: expectedHeaders('tok'), body: undefined },
      ]);
    });

    it('readReference reads the referenced resource', async () => {
      const { client, fetch } = setup();
      await client.readReference({ reference: 'Patient/123' });
      expect(fetch.requests[0].url).toBe(FHIR + 'Patient/123');
    });

    it("readReference answers the system device for 'system'", async () => {
      const { client, fetch } = setup();
      await expect(client.readReference({ reference: 'system' })).resolves.toMatchObject({
        resourceType: 'Device',
        id: 'system',
        deviceName: [{ type: 'model-name', name: 'System' }],
      });
      expect(fetch.requests).toHaveLength(0);
    });

    it.each([
      ['Missing reference', {}],
      ['Invalid reference', { reference: 'Patient' }],
      ['Invalid reference', { reference: 'a/b/c' }],
    ])('readReference fails %s', async (message, reference) => {
      const { client } = setup();
      const error = await client.readReference(reference).catch((e: unknown) => e);
      expect(isOperationOutcomeError(error)).toBe(true);
      expect((error as Error).message).toBe(message);
    });

    it("readResource fails 'Missing id' without a request", async () => {
      const { client, fetch } = setup();
      await expect(client.readResource('Patient', '')).rejects.toThrow('Missing id');
      expect(fetch.requests).toHaveLength(0);
    });
  });

  describe('when searching', () => {
    it('searchOne adds _count=1 and answers the first match', async () => {
      const { client, fetch } = setup(() => json(bundle({ resourceType: 'Patient', id: '1' })));
      await expect(client.searchOne('Patient', { name: 'Al' })).resolves.toEqual({ resourceType: 'Patient', id: '1' });
      expect(fetch.requests[0].url).toBe(FHIR + 'Patient?_count=1&name=Al');
    });

    it('searchOne answers undefined when nothing matches', async () => {
      const { client } = setup(() => json(bundle()));
      await expect(client.searchOne('Patient')).resolves.toBeUndefined();
    });

    it('searchResources answers an array with the bundle', async () => {
      const b = bundle({ resourceType: 'Patient', id: '1' }, { resourceType: 'Patient', id: '2' });
      const { client } = setup(() => json(b));
      const result = await client.searchResources('Patient');
      expect(result.map((p) => p.id)).toEqual(['1', '2']);
      expect(result.bundle).toEqual(b);
    });

    it('searchResourcePages follows next links in pages of 1000', async () => {
      const { client, fetch } = setup((req) =>
        req.url.includes('page=2')
          ? json(bundle({ resourceType: 'Patient', id: '2' }))
          : json({
              ...bundle({ resourceType: 'Patient', id: '1' }),
              link: [{ relation: 'next', url: FHIR + 'Patient?_count=1000&page=2' }],
            })
      );
      const pages: string[][] = [];
      for await (const page of client.searchResourcePages('Patient', { active: true }))
        pages.push(page.map((p) => p.id!));
      expect(pages).toEqual([['1'], ['2']]);
      expect(fetch.requests.map((r) => r.url)).toEqual([
        FHIR + 'Patient?active=true&_count=1000',
        FHIR + 'Patient?_count=1000&page=2',
      ]);
    });
  });

  describe('when writing', () => {
    const patient = { resourceType: 'Patient', id: '1', active: true } as const;

    it.each([
      [
        'createResource',
        (c: any) => c.createResource({ resourceType: 'Patient' }),
        'POST',
        'Patient',
        {},
        '{"resourceType":"Patient"}',
      ],
      [
        'createResourceIfNoneExist',
        (c: any) => c.createResourceIfNoneExist({ resourceType: 'Patient' }, 'identifier=x|1'),
        'POST',
        'Patient',
        { 'If-None-Exist': 'identifier=x|1' },
        '{"resourceType":"Patient"}',
      ],
      [
        'upsertResource',
        (c: any) => c.upsertResource({ resourceType: 'Patient' }, { identifier: 'x|1' }),
        'PUT',
        'Patient?identifier=x%7C1',
        {},
        '{"resourceType":"Patient"}',
      ],
      ['updateResource', (c: any) => c.updateResource(patient), 'PUT', 'Patient/1', {}, JSON.stringify(patient)],
      [
        'validateResource',
        (c: any) => c.validateResource({ resourceType: 'Patient' }),
        'POST',
        'Patient/$validate',
        {},
        '{"resourceType":"Patient"}',
      ],
      [
        'executeBatch',
        (c: any) => c.executeBatch({ resourceType: 'Bundle', type: 'batch' }),
        'POST',
        '',
        {},
        '{"resourceType":"Bundle","type":"batch"}',
      ],
    ])('%s sends the exact request', async (_name, call, method, path, headers, body) => {
      const { client, fetch } = setup((req) =>
        json(req.url === FHIR ? { resourceType: 'Bundle', type: 'batch-response' } : patient)
      );
      client.setAccessToken('tok');
      await call(client);
      expect(fetch.requests.map(wire)).toEqual([
        { method, url: FHIR + path, headers: expectedHeaders('tok', { ...JSON_TYPE, ...headers }), body },
      ]);
    });

    it('patchResource sends JSON Patch', async () => {
      const { client, fetch } = setup(() => json(patient));
      const ops = [{ op: 'replace', path: '/active', value: false }];
      await client.patchResource('Patient', '1', ops);
      expect(fetch.requests.map(wire)).toEqual([
        {
          method: 'PATCH',
          url: FHIR + 'Patient/1',
          headers: expectedHeaders(undefined, { 'Content-Type': 'application/json-patch+json' }),
          body: JSON.stringify(ops),
        },
      ]);
    });

    it('deleteResource sends DELETE', async () => {
      const { client, fetch } = setup(() => new Response(null, { status: 204 }));
      await client.deleteResource('Patient', '1');
      expect(fetch.requests.map(wire)).toEqual([
        { method: 'DELETE', url: FHIR + 'Patient/1', headers: expectedHeaders(), body: undefined },
      ]);
    });

    it('updateResource answers the sent resource when the server sends no body', async () => {
      const { client } = setup(() => new Response(null, { status: 200 }));
      await expect(client.updateResource(patient)).resolves.toEqual(patient);
    });

    it.each([
      ['createResource', (c: any) => c.createResource({}), 'Missing resourceType'],
      ['updateResource', (c: any) => c.updateResource({ resourceType: 'Patient' }), 'Missing id'],
      ['updateResource', (c: any) => c.updateResource({ id: '1' }), 'Missing resourceType'],
      ['patchResource', (c: any) => c.patchResource('Patient', '', []), 'Missing id'],
      ['deleteResource', (c: any) => c.deleteResource('Patient', ''), 'Missing id'],
      ['validateResource', (c: any) => c.validateResource({}), 'Missing resourceType'],
    ])('%s rejects %s as an OperationOutcomeError', async (_name, call, message) => {
      const { client, fetch } = setup();
      const error = await call(client).catch((e: unknown) => e);
      expect(isOperationOutcomeError(error)).toBe(true);
      expect((error as Error).message).toBe(message);
      expect(fetch.requests).toHaveLength(0);
    });
  });

  describe('when calling operations', () => {
    it('graphql posts query, operationName and variables', async () => {
      const { client, fetch } = setup(() => json({ data: {} }));
      await client.graphql('{ x }', 'Op', { a: 1 });
      expect(fetch.requests.map(wire)).toEqual([
        {
          method: 'POST',
          url: FHIR + '$graphql',
          headers: expectedHeaders(undefined, { 'Content-Type': 'application/json' }),
          body: JSON.stringify({ query: '{ x }', operationName: 'Op', variables: { a: 1 } }),
        },
      ]);
    });

    it('executeBot posts to Bot/{id}/$execute or by identifier', async () => {
      const { client, fetch } = setup(() => json({ ok: true }));
      await client.executeBot('b1', 'hello', 'text/plain');
      await client.executeBot({ system: 'https://sys', value: 'v' }, { a: 1 }, 'application/json');
      expect(fetch.requests.map(wire)).toEqual([
        {
          method: 'POST',
          url: FHIR + 'Bot/b1/$execute',
          headers: expectedHeaders(undefined, { 'Content-Type': 'text/plain' }),
          body: 'hello',
        },
        {
          method: 'POST',
          url: FHIR + 'Bot/$execute?identifier=https%3A%2F%2Fsys%7Cv',
          headers: expectedHeaders(undefined, { 'Content-Type': 'application/json' }),
          body: '{"a":1}',
        },
      ]);
    });

    it('sendEmail posts email/v1/send', async () => {
      const { client, fetch } = setup(() => json({ resourceType: 'OperationOutcome', id: 'ok', issue: [] }));
      await client.sendEmail({ to: 'a@b.c', subject: 'Hi', text: 'Hello' });
      expect(fetch.requests.map(wire)).toEqual([
        {
          method: 'POST',
          url: BASE + 'email/v1/send',
          headers: expectedHeaders(undefined, { 'Content-Type': 'application/json' }),
          body: '{"to":"a@b.c","subject":"Hi","text":"Hello"}',
        },
      ]);
    });

    it('pushToAgent posts Agent/{id}/$push', async () => {
      const { client, fetch } = setup(() => json({}));
      await client.pushToAgent(
        { reference: 'Agent/a1' },
        { reference: 'Device/d1' },
        'PING',
        'x-application/ping',
        true,
        5000
      );
      expect(fetch.requests.map(wire)).toEqual([
        {
          method: 'POST',
          url: FHIR + 'Agent/a1/$push',
          headers: expectedHeaders(undefined, JSON_TYPE),
          body: JSON.stringify({
            destination: 'Device/d1',
            body: 'PING',
            contentType: 'x-application/ping',
            waitForResponse: true,
            waitTimeout: 5000,
          }),
        },
      ]);
    });

    it('keyValue gets, sets as text and deletes keyvalue/v1/{key}', async () => {
      const { client, fetch } = setup((req) =>
        req.method === 'GET'
          ? new Response('v1', { headers: { 'content-type': 'text/plain' } })
          : new Response(null, { status: 204 })
      );
      await client.keyValue.set('theme', 'dark');
      await expect(client.keyValue.get('theme')).resolves.toBe('v1');
      await client.keyValue.delete('theme');
      expect(fetch.requests.map(wire)).toEqual([
        {
          method: 'PUT',
          url: BASE + 'keyvalue/v1/theme',
          headers: expectedHeaders(undefined, { 'Content-Type': 'text/plain' }),
          body: 'dark',
        },
        { method: 'GET', url: BASE + 'keyvalue/v1/theme', headers: expectedHeaders(), body: undefined },
        { method: 'DELETE', url: BASE + 'keyvalue/v1/theme', headers: expectedHeaders(), body: undefined },
      ]);
    });
  });

  describe('when the signed-in user changes their password or MFA', () => {
    it('posts auth/changepassword, auth/mfa/enroll and auth/mfa/disable as JSON with the session token', async () => {
      const { client, fetch } = setup(() => json({ enrolled: true }));
      client.setAccessToken('tok');
      await client.changePassword('old-secret', 'new-secret-1');
      await expect(client.enrollMfa('123456', 'new-secret-1')).resolves.toEqual({ enrolled: true });
      await client.disableMfa('new-secret-1');
      const post = (path: string, body: unknown) => ({
        method: 'POST',
        url: BASE + path,
        headers: expectedHeaders('tok', { 'Content-Type': 'application/json' }),
        body: JSON.stringify(body),
      });
      expect(fetch.requests.map(wire)).toEqual([
        post('auth/changepassword', { oldPassword: 'old-secret', newPassword: 'new-secret-1' }),
        post('auth/mfa/enroll', { token: '123456', password: 'new-secret-1' }),
        post('auth/mfa/disable', { password: 'new-secret-1' }),
      ]);
    });

    it('posts auth/resetpassword and auth/setpassword (forgotten password) as JSON', async () => {
      const { client, fetch } = setup(() => json({}));
      await client.resetPassword('ann@example.com');
      await client.setPassword('reset-1', 'secret-1', 'a-new-password');
      const post = (path: string, body: unknown) => ({
        method: 'POST',
        url: BASE + path,
        headers: expectedHeaders(undefined, { 'Content-Type': 'application/json' }),
        body: JSON.stringify(body),
      });
      expect(fetch.requests.map(wire)).toEqual([
        post('auth/resetpassword', { email: 'ann@example.com' }),
        post('auth/setpassword', { id: 'reset-1', secret: 'secret-1', password: 'a-new-password' }),
      ]);
    });

    it('asks GET auth/mfa/status afresh every time: the answer changes and holds a secret', async () => {
      const answers = [
        { enrolled: false, enrollSecret: 'AAAA', enrollQrCode: 'data:image/png;base64,x' },
        { enrolled: false, enrollSecret: 'BBBB', enrollQrCode: 'data:image/png;base64,y' },
      ];
      const { client, fetch } = setup((_req, index) => json(answers[index]));
      client.setAccessToken('tok');
      await expect(client.getMfaStatus()).resolves.toEqual(answers[0]);
      await expect(client.getMfaStatus()).resolves.toEqual(answers[1]);
      expect(fetch.requests.map(wire)).toEqual([
        { method: 'GET', url: BASE + 'auth/mfa/status', headers: expectedHeaders('tok'), body: undefined },
        { method: 'GET', url: BASE + 'auth/mfa/status', headers: expectedHeaders('tok'), body: undefined },
      ]);
    });

    it('rejects with the OperationOutcome that names the field', async () => {
      const outcome = {
        resourceType: 'OperationOutcome',
        issue: [
          { severity: 'error', code: 'invalid', details: { text: 'Incorrect password' }, expression: ['oldPassword'] },
        ],
      };
      const { client } = setup(() => json(outcome, 400));
      client.setAccessToken('tok');
      const error = await client.changePassword('wrong', 'new-secret-1').catch((e: unknown) => e);
      expect(isOperationOutcomeError(error) && error.outcome).toEqual(outcome);
    });
  });
});
