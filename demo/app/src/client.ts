import { FhirClient } from 'fhir-portal-kit';

/** The portal's one client. The app is served from the same origin as the API (see vite.config.ts). */
export const client = new FhirClient({
  baseUrl: `${window.location.origin}/`,
  clientId: 'demo-portal',
  // An unauthenticated answer anywhere sends the browser back to the landing page.
  onUnauthenticated: () => window.location.assign('/'),
});
