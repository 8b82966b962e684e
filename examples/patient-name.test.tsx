// The README's PatientName, as a reader copies it: a failed read shows why, not 'Loading…' forever.
import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

it('shows the server’s message when the patient cannot be read', async () => {
  const requests: string[] = [];
  // examples/client.ts builds its client at load with the global fetch: stub it first.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    requests.push(input.toString());
    const text = input.toString().includes('/Patient/') ? 'Patient/123 is not yours to read' : 'Search refused';
    return new Response(
      JSON.stringify({
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'error', code: 'forbidden', details: { text } }],
      }),
      { status: 403, headers: { 'content-type': 'application/fhir+json' } }
    );
  });
  const { App } = await import('./patient-name');
  render(<App />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Patient/123 is not yours to read');
  expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  expect(requests[0]).toBe('https://fhir.example.org/fhir/R4/Patient/123');
});
