// The chat tests' shared imports, in one place.
export { createTestClient, fhirJson, type SentRequest } from '../test-utils';
export { FhirProvider } from '../FhirProvider';
