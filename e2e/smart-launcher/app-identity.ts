// Who the test's SMART app says it is and what it asks for: shared by the app (browser) and the
// test (Node), so the test can check what the launcher was sent and shows.

/** The client id the app presents (the reference launcher accepts any id for a public client). */
export const APP_CLIENT_ID = 'fhir-portal-kit-e2e';
/** What the app asks for: the patient in context, who the user is, and reading the patient's data. */
export const APP_SCOPE = 'launch/patient openid fhirUser patient/*.read';
