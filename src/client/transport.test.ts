import { isOperationOutcomeError } from '../fhir/outcomes';
import { FHIR, expectedHeaders, json, setup, text } from './test-helpers';

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e
  );
  expect(isOperationOutcomeError(error)).toBe(true);
  return error as import('../fhir/outcomes').OperationOutcomeError;
}

describe('transport', () => {
  describe('when sending any request', () => {
    it('sends Accept, the extended-mode header and credentials', async () => {
      const { client, fetch } = setup();
      await client.get('fhir/R4/Patient/123');
      expect(fetch.requests).toEqual([
        {
          method: 'GET',
          url: FHIR + 'Patient/123',
          headers: expectedHeaders(),
          body: undefined,
          credentials: 'include',
        },
      ]);
    });

    it('sends the bearer token', async () => {
      const { client, fetch } = setup();
      client.setAccessToken('abc');
      await client.readResource('Patient', '123');
      expect(fetch.requests[0].headers).toEqual(expectedHeaders('abc'));
    });

    it('sends Basic authorization from setBasicAuth', async () => {
      const { client, fetch } = setup();
      client.setBasicAuth('my-client', 'my-secret');
      await client.readResource('Patient', '123');
      expect(fetch.requests[0].headers.Authorization).toBe('Basic ' + btoa('my-client:my-secret'));
    });

    it('leaves out the extended-mode header when extendedMode is false and adds default headers', async () => {
      const { client, fetch } = setup(undefined, { extendedMode: false, defaultHeaders: { 'X-Trace': '1' } });
      await client.readResource('Patient', '123');
      expect(fetch.requests[0].headers).toEqual({ Accept: 'application/fhir+json, */*; q=0.1', 'X-Trace': '1' });
    });

    it('sends a write with keepalive only when the call asks for it', async () => {
      const { client, fetch } = setup();
      await client.updateResource({ resourceType: 'Patient', id: '123' }, { keepalive: true });
      await client.updateResource({ resourceType: 'Patient', id: '123' });
      expect(fetch.requests.map((r) => [r.method, r.keepalive])).toEqual([
        ['PUT', true],
        ['PUT', undefined],
      ]);
    });

    it('sends objects as FHIR JSON and patches as JSON Patch', async () => {
      const { client, fetch } = setup();
      await client.post('fhir/R4/Patient', { resourceType: 'Patient' });
      await client.patch('fhir/R4/Patient/123', [{ op: 'replace', path: '/active', value: true }]);
      expect(fetch.requests[0]).toEqual({
        method: 'POST',
        url: FHIR + 'Patient',
        headers: expectedHeaders(undefined, { 'Content-Type': 'application/fhir+json' }),
        body: '{"resourceType":"Patient"}',
        credentials: 'include',
      });
      expect(fetch.requests[1]).toEqual({
        method: 'PATCH',
        url: FHIR + 'Patient/123',
        headers: expectedHeaders(undefined, { 'Content-Type': 'application/json-patch+json' }),
        body: '[{"op":"replace","path":"/active","value":true}]',
        credentials: 'include',
      });
    });

    it('sends string bodies raw with the given content type', async () => {
      const { client, fetch } = setup(() => new Response(null, { status: 204 }));
      await client.put('keyvalue/v1/k', 'v', 'text/plain');
      expect(fetch.requests[0].body).toBe('v');
      expect(fetch.requests[0].headers['Content-Type']).toBe('text/plain');
    });
  });

  describe('when the server answers with an error', () => {
    it('throws the server OperationOutcome for a 400', async () => {
      const outcome = {
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'error', code: 'invalid', details: { text: 'Bad name' } }],
      };
      const { client } = setup(() => json(outcome, 400));
      const error = await failure(client.readResource('Patient', '123'));
      expect(error.outcome).toEqual(outcome);
      expect(error.message).toBe('Bad name');
    });

    it('throws Not found for a 404 with a non-JSON body', async () => {
      const { client } = setup(() => text('nope', 404, 'text/html'));
      const error = await failure(client.readResource('Patient', '123'));
      expect(error.message).toBe('Not found');
      expect(error.outcome.id).toBe('not-found');
      expect(error.outcome.issue[0].code).toBe('not-found');
    });

    it('builds an outcome from the status text when the body is not an outcome', async () => {
      const { client } = setup(() => text('<html><body>Forbidden</body></html>', 403, 'text/html', 'Forbidden'));
      const error = await failure(client.readResource('Patient', '123'));
      expect(error.message).toBe('Forbidden');
      expect(error.outcome.issue[0].code).toBe('forbidden');
    });

    it('builds an outcome for an HTML error page after the retries', async () => {
      vi.useFakeTimers();
      try {
        const { client, fetch } = setup(() => text('<html>Bad gateway</html>', 502, 'text/html', 'Bad Gateway'));
        const promise = failure(client.readResource('Patient', '123'));
        await vi.runAllTimersAsync();
        const error = await promise;
        expect(error.message).toBe('Bad Gateway');
        expect(error.outcome.issue[0].code).toBe('exception');
        expect(fetch.requests).toHaveLength(3);
      } finally {
        vi.useRealTimers();
      }
    });

    it('uses a generic text when the status text is empty', async () => {
      const { client } = setup(() => json({ error: 'x' }, 418));
      expect((await failure(client.get('x'))).message).toBe('Request failed with status 418');
    });
  });

  describe('when the server answer is malformed', () => {
    it('rejects a truncated JSON body', async () => {
      const { client } = setup(() => text('{"resourceType":"Pati', 200, 'application/fhir+json'));
      expect((await failure(client.readResource('Patient', '123'))).message).toBe(
        'The server response is not valid JSON'
      );
    });

    it('rejects an HTML page where a resource was expected', async () => {
      const { client } = setup(() => text('<html>Login</html>', 200, 'text/html'));
      expect((await failure(client.readResource('Patient', '123'))).message).toBe(
        'Expected a Patient from the server but got a response that is not JSON'
      );
    });

    it('rejects a read that answers another resource type', async () => {
      const { client } = setup(() => json({ resourceType: 'Observation', id: '1' }));
      expect((await failure(client.readResource('Patient', '123'))).message).toBe(
        'Expected a Patient from the server but got a Observation'
      );
    });

    it('rejects a search that answers JSON without a resourceType', async () => {
      const { client } = setup(() => json({ hello: 'world' }));
      expect((await failure(client.search('Patient'))).message).toBe(
        'Expected a Bundle from the server but got JSON without a resourceType'
      );
    });

    it('rejects an empty body where a resource was expected', async () => {
      const { client } = setup(() => new Response('', { status: 200 }));
      expect((await failure(client.readResource('Patient', '123'))).message).toBe(
        'Expected a Patient from the server but got an empty response'
      );
    });

    it('rejects a body that breaks off while being read', async () => {
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"resourceType":'));
          controller.error(new TypeError('terminated'));
        },
      });
      const { client } = setup(() => new Response(stream, { headers: { 'content-type': 'application/fhir+json' } }));
      expect((await failure(client.readResource('Patient', '123'))).message).toBe(
        'The server response was cut off before it was complete'
      );
    });

    it('answers plain text for a generic get of a text body', async () => {
      const { client } = setup(() => text('hello'));
      await expect(client.get('keyvalue/v1/k')).resolves.toBe('hello');
    });

    it('reads JSON sent without a content type', async () => {
      // A real Response always gets a text/plain type for a string body, so build the bare shape a server sends.
      const bare = {
        status: 200,
        statusText: 'OK',
        ok: true,
        headers: new Headers(),
        text: async () => '{"resourceType":"Patient","id":"123"}',
      };
      const { client } = setup(() => bare as unknown as Response);
      await expect(client.readResource('Patient', '123')).resolves.toEqual({ resourceType: 'Patient', id: '123' });
    });
  });

  describe('when the request is aborted', () => {
    it('fails with Request aborted before sending', async () => {
      const { client, fetch } = setup();
      const controller = new AbortController();
      controller.abort();
      expect((await failure(client.get('x', { signal: controller.signal }))).message).toBe('Request aborted');
      expect(fetch.requests).toHaveLength(0);
    });

    it('fails with Request aborted when fetch rejects with an AbortError', async () => {
      const controller = new AbortController();
      const { client } = setup(() => {
        controller.abort();
        throw new DOMException('The operation was aborted.', 'AbortError');
      });
      expect((await failure(client.get('x', { signal: controller.signal }))).message).toBe('Request aborted');
    });
  });
});
