// @vitest-environment jsdom
import { FhirClient } from './FhirClient';
import { resolveOptions } from './options';
import { mockFetch } from './test-helpers';

describe('options', () => {
  it.each(['ftp://x', 'example.com', ''])("rejects the base URL '%s'", (baseUrl) => {
    expect(() => new FhirClient({ baseUrl, fetch: mockFetch() })).toThrow('Base URL must start with http or https');
  });

  it('adds a trailing slash and the default FHIR path', () => {
    const client = new FhirClient({ baseUrl: 'http://localhost:8103', fetch: mockFetch() });
    expect(client.getBaseUrl()).toBe('http://localhost:8103/');
    expect(client.fhirUrl('Patient').toString()).toBe('http://localhost:8103/fhir/R4/Patient');
  });

  it('exposes its endpoints and client id', () => {
    const client = new FhirClient({ baseUrl: 'https://x.test', clientId: 'app', fetch: mockFetch() });
    expect(client.getFhirBaseUrl()).toBe('https://x.test/fhir/R4/');
    expect(client.getAuthorizeUrl()).toBe('https://x.test/oauth2/authorize');
    expect(client.getTokenUrl()).toBe('https://x.test/oauth2/token');
    expect(client.getLogoutUrl()).toBe('https://x.test/oauth2/logout');
    expect(client.getClientId()).toBe('app');
  });

  it('honours fhirUrlPath', () => {
    const client = new FhirClient({ baseUrl: 'https://x.test/', fhirUrlPath: '/r4/', fetch: mockFetch() });
    expect(client.fhirUrl('Patient').toString()).toBe('https://x.test/r4/Patient');
  });

  it('uses the page origin as the default base URL in a browser', () => {
    expect(resolveOptions({ fetch: mockFetch() }).baseUrl).toBe(window.location.origin + '/');
  });

  it("fails 'Fetch not available in this environment' without any fetch", () => {
    vi.stubGlobal('fetch', undefined);
    try {
      expect(() => new FhirClient({ baseUrl: 'https://x.test/' })).toThrow('Fetch not available in this environment');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('fills the documented defaults', () => {
    expect(resolveOptions({ baseUrl: 'https://x.test', fetch: mockFetch() })).toMatchObject({
      fhirBaseUrl: 'https://x.test/fhir/R4/',
      tokenUrl: 'https://x.test/oauth2/token',
      logoutUrl: 'https://x.test/oauth2/logout',
      cacheTime: 60000,
      resourceCacheSize: 1000,
      autoBatchTime: 0,
      maxRetries: 2,
      maxRetryTime: 2000,
      refreshGracePeriod: 300000,
      extendedMode: true,
    });
  });

  it('keeps a cache time of 0 outside a browser', () => {
    vi.stubGlobal('window', undefined);
    try {
      expect(resolveOptions({ baseUrl: 'https://x.test', fetch: mockFetch() }).cacheTime).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
