// Who the test's SMART app says it is and what it asks for: shared by the app (browser) and the
// test (Node), so the test can check what the launcher was sent and shows.

/** The client id the app presents (the reference launcher accepts any id for a public client). */
export const APP_CLIENT_ID = 'fhir-portal-kit-e2e';
/**
 * What the app asks for in a standalone launch: a patient in context, who the user is, and reading
 * the patient's data. (Not `launch`: in a standalone launch the reference launcher then picks an
 * encounter too, which this app does not need.)
 */
export const APP_SCOPE = 'launch/patient openid fhirUser patient/*.read';
/** What it asks for when an EHR launches it (`?launch=`): the EHR's context, the user, the patient's data. */
export const APP_EHR_SCOPE = 'launch openid fhirUser patient/*.read';
