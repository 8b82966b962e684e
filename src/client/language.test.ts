// The reader's language on the wire: Accept-Language on every request once the client has one,
// so the server writes its own texts (the password reset mail) in it.
import { describe, expect, it } from 'vitest';
import { BASE, FHIR, expectedHeaders, json, setup } from './test-helpers';

describe('FhirClient language', () => {
  describe('when no language is set', () => {
    it('sends no Accept-Language', async () => {
      const { client, fetch } = setup();
      await client.readResource('Patient', '123');
      expect(fetch.requests[0].headers).toEqual(expectedHeaders());
    });
  });

  describe('when the option names a language', () => {
    it('sends it as Accept-Language on FHIR and login protocol requests', async () => {
      const { client, fetch } = setup(
        (req) => json(req.method === 'GET' ? { resourceType: 'Patient', id: '123' } : {}),
        {
          language: 'es',
        }
      );
      await client.readResource('Patient', '123');
      await client.resetPassword('ana@example.com');
      expect(fetch.requests.map((r) => [r.method, r.url, r.headers['Accept-Language']])).toEqual([
        ['GET', FHIR + 'Patient/123', 'es'],
        ['POST', BASE + 'auth/resetpassword', 'es'],
      ]);
      expect(fetch.requests[0].headers).toEqual(expectedHeaders(undefined, { 'Accept-Language': 'es' }));
    });
  });

  describe('when the language changes', () => {
    it('sends the new one from the next request on, and none once cleared', async () => {
      const { client, fetch } = setup(() => json({}), { language: 'es' });
      client.setLanguage('ar');
      await client.resetPassword('ana@example.com');
      client.setLanguage(undefined);
      await client.resetPassword('ana@example.com');
      expect(fetch.requests.map((r) => r.headers['Accept-Language'])).toEqual(['ar', undefined]);
    });
  });
});
