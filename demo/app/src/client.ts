import { createIndexedDbStore, FhirClient, RememberMeStorage } from 'fhir-portal-kit';

/** The portal's one client. The app is served from the same origin as the API (see vite.config.ts). */
export const client = new FhirClient({
  baseUrl: `${window.location.origin}/`,
  clientId: 'demo-portal',
  // Remember me on the sign-in and registration forms decides: localStorage, or sessionStorage.
  storage: new RememberMeStorage(),
  // An unauthenticated answer anywhere sends the browser back to the landing page.
  onUnauthenticated: () => window.location.assign('/'),
  // Offline use (issue 24): what the patient has read is kept in IndexedDB for their login, and
  // writes made without network wait in an outbox until it returns. Sign-out wipes both.
  offline: { store: createIndexedDbStore() },
});
