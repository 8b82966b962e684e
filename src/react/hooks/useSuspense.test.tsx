import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OperationOutcomeError, type Patient } from '../../fhir';
import { createTestClient, deferred, fhirJson, FHIR_URL, withClient } from '../test-utils';
import { useSuspenseResource } from './useSuspenseResource';
import { useSuspenseSearch } from './useSuspenseSearch';

const ada: Patient = {
  resourceType: 'Patient',
  id: '123',
  meta: { versionId: '1', lastUpdated: '2026-01-01T10:00:00Z' },
  name: [{ given: ['Ada'], family: 'Lovelace' }],
};

const notFound = () =>
  fhirJson(
    {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
    },
    404
  );

/** Shows what was thrown, and a button that renders the children again. */
class Boundary extends Component<{ children: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const kind = error instanceof OperationOutcomeError ? 'OperationOutcomeError' : 'other error';
    return (
      <div role="alert">
        {kind}: {(error as Error).message}
        <button type="button" onClick={() => this.setState({ error: undefined })}>
          Try again
        </button>
      </div>
    );
  }
}

function PatientFamily({ reference }: { reference: string }) {
  const patient = useSuspenseResource<Patient>(reference);
  return <p>{patient.name?.[0]?.family}</p>;
}

function PatientCount() {
  const bundle = useSuspenseSearch('Patient', { name: 'Ada' });
  return <p>{bundle.entry?.length ?? 0} patients</p>;
}

function suspended(children: ReactNode) {
  return (
    <Boundary>
      <Suspense fallback={<p role="status">Loading</p>}>{children}</Suspense>
    </Boundary>
  );
}

describe('useSuspenseResource', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the fallback while reading, then the resource', async () => {
    const answer = deferred<Response>();
    const { client, requests } = createTestClient(() => answer.promise);
    render(suspended(<PatientFamily reference="Patient/123" />), { wrapper: withClient(client) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');

    await act(async () => answer.resolve(fhirJson(ada)));
    expect(await screen.findByText('Lovelace')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${FHIR_URL}Patient/123`]);
  });

  it('throws an OperationOutcomeError to the error boundary, and reads again after a reset', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { client, requests } = createTestClient(() => (fail ? notFound() : fhirJson(ada)));
    render(suspended(<PatientFamily reference="Patient/123" />), { wrapper: withClient(client) });
    expect(await screen.findByRole('alert')).toHaveTextContent('OperationOutcomeError: Not found');

    fail = false;
    // A person reads the message before pressing the button (a failure is thrown again, not read
    // again, for half a second: every render of the failed attempt sees the same one).
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByText('Lovelace')).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({ method: 'GET', url: `${FHIR_URL}Patient/123`, body: undefined });
    expect(requests).toHaveLength(2);
  });

  it('sends one request for a failed read: the error boundary gets its error without a second read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, requests } = createTestClient(notFound);
    render(suspended(<PatientFamily reference="Patient/123" />), { wrapper: withClient(client) });
    expect(await screen.findByRole('alert')).toHaveTextContent('OperationOutcomeError: Not found');
    // Long enough for any retry of the render React schedules after the error.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${FHIR_URL}Patient/123`]);
  });

  it('shows a newer version after a write elsewhere, without the fallback', async () => {
    const { client } = createTestClient((request) =>
      request.method === 'PUT'
        ? fhirJson({ ...(request.body as Patient), meta: { versionId: '2', lastUpdated: '2026-01-02T10:00:00Z' } })
        : fhirJson(ada)
    );
    render(suspended(<PatientFamily reference="Patient/123" />), { wrapper: withClient(client) });
    expect(await screen.findByText('Lovelace')).toBeInTheDocument();
    await act(() => client.updateResource({ ...ada, name: [{ family: 'King' }] }));
    expect(screen.getByText('King')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('useSuspenseSearch', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the fallback while searching, then the Bundle', async () => {
    const { client, requests } = createTestClient(() =>
      fhirJson({ resourceType: 'Bundle', type: 'searchset', entry: [{ resource: ada }] })
    );
    render(suspended(<PatientCount />), { wrapper: withClient(client) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByText('1 patients')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${FHIR_URL}Patient?name=Ada`]);
  });

  it('throws an OperationOutcomeError to the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = createTestClient(notFound);
    render(suspended(<PatientCount />), { wrapper: withClient(client) });
    expect(await screen.findByRole('alert')).toHaveTextContent('OperationOutcomeError: Not found');
  });

  it('sends one request for a failed search', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, requests } = createTestClient(notFound);
    render(suspended(<PatientCount />), { wrapper: withClient(client) });
    expect(await screen.findByRole('alert')).toHaveTextContent('OperationOutcomeError: Not found');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${FHIR_URL}Patient?name=Ada`]);
  });

  it('searches again after a write of that type, keeping the last Bundle on screen', async () => {
    let entries = [{ resource: ada }];
    const { client, requests } = createTestClient((request) =>
      request.method === 'POST'
        ? fhirJson({ ...(request.body as Patient), id: '456' }, 201)
        : fhirJson({ resourceType: 'Bundle', type: 'searchset', entry: entries })
    );
    render(suspended(<PatientCount />), { wrapper: withClient(client) });
    expect(await screen.findByText('1 patients')).toBeInTheDocument();

    entries = [{ resource: ada }, { resource: { ...ada, id: '456' } }];
    await act(() => client.createResource({ resourceType: 'Patient', name: [{ family: 'Byron' }] }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(await screen.findByText('2 patients')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2);
  });
});
