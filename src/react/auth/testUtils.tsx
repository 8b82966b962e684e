// Test helper (not exported): renders under a FhirProvider whose client answers from a mock fetch.
import { render } from '@testing-library/react';
import type { ComponentProps, ReactElement } from 'react';
import {
  createMockFetch,
  MockLoginClient,
  type MockReply,
  type RecordedRequest,
} from '../../client/login/mockLoginClient';
import { FhirProvider } from '../FhirProvider';

export const BASE = 'https://fhir.example.com/';

export function renderWithClient(
  ui: ReactElement,
  routes: Record<string, MockReply | ((request: RecordedRequest) => MockReply)>
) {
  const fetch = createMockFetch(routes, BASE);
  const client = new MockLoginClient(fetch, { baseUrl: BASE, clientId: 'app-1' });
  const view = render(
    <FhirProvider client={client as unknown as ComponentProps<typeof FhirProvider>['client']}>{ui}</FhirProvider>
  );
  const posted = (path: string) =>
    fetch.requests
      .filter((r) => r.url === BASE + path)
      .map((r) => (r.body?.startsWith('{') ? JSON.parse(r.body) : r.body));
  return { ...view, fetch, client, posted };
}

export function outcome(text: string, expression?: string, code = 'invalid') {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code, details: { text }, ...(expression ? { expression: [expression] } : {}) }],
  };
}

export const TOKENS = { body: { access_token: 'A', refresh_token: 'R', profile: { reference: 'Patient/1' } } };
