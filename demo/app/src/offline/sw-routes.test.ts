import { API_PREFIXES, isApiPath } from '../../api-prefixes.mjs';
import { isShellNavigation } from './sw-routes';

describe('the service worker navigation routes', () => {
  it('answers portal pages with the cached shell', () => {
    for (const path of [
      '/',
      '/health-record/vitals',
      '/messages/abc?x=1',
      '/staff',
      '/signin',
      '/fhirish',
      '/authors',
    ]) {
      expect(isShellNavigation(path)).toBe(true);
    }
  });

  it('never answers a path serve.mjs forwards to the reference server, nor the SMART app', () => {
    const paths = [
      '/fhir',
      '/fhir/R4/Patient/1',
      '/fhir?x',
      '/auth/me',
      '/oauth2/authorize?client_id=x',
      '/.well-known/smart-configuration',
      '/healthcheck',
      '/keyvalue/v1/x',
      '/email/v1/send',
      '/admin/projects',
      '/ws/subscriptions-r4',
      '/fhircast/STU3',
      '/ccda/export',
      '/smart-app',
      '/smart-app/launch.html?iss=x',
    ];
    for (const path of paths) expect(isShellNavigation(path)).toBe(false);
  });

  it('agrees with serve.mjs on every API prefix', () => {
    for (const prefix of API_PREFIXES) {
      const path = `${prefix.replace(/\/$/, '')}/x`;
      expect(isApiPath(path)).toBe(true);
      expect(isShellNavigation(path)).toBe(false);
    }
  });
});
