import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OperationOutcomeError, type Patient, type Reference } from '../../fhir';
import { createTestClient, fhirJson, FHIR_URL, withClient } from '../test-utils';
import { useResource, useResourceState, type UseResourceOptions } from './useResource';

const ada: Patient = {
  resourceType: 'Patient',
  id: '123',
  meta: { versionId: '1', lastUpdated: '2026-01-01T10:00:00Z' },
  name: [{ given: ['Ada'], family: 'Lovelace' }],
};

function PatientName({
  value,
  label,
  ...options
}: { value: Patient | Reference | string | undefined; label: string } & UseResourceOptions) {
  const patient = useResource<Patient>(value, options);
  const name = patient?.name?.[0];
  return <p aria-label={label}>{name ? `${name.given?.[0]} ${name.family}` : 'Loading'}</p>;
}

const notFound = () =>
  fhirJson(
    {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
    },
    404
  );

describe('useResource', () => {
  afterEach(() => vi.restoreAllMocks());

  describe('with a reference', () => {
    it('reads the resource and shows it', async () => {
      const { client, requests } = createTestClient(() => fhirJson(ada));
      render(<PatientName value={{ reference: 'Patient/123' }} label="Patient" />, { wrapper: withClient(client) });
      expect(screen.getByLabelText('Patient')).toHaveTextContent('Loading');
      expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
      expect(requests).toEqual([{ method: 'GET', url: `${FHIR_URL}Patient/123`, body: undefined }]);
    });

    it('takes a reference string', async () => {
      const { client } = createTestClient(() => fhirJson(ada));
      render(<PatientName value="Patient/123" label="Patient" />, { wrapper: withClient(client) });
      expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    });

    it('reads a versioned reference as that version', async () => {
      const { client, requests } = createTestClient(() => fhirJson(ada));
      render(<PatientName value="Patient/123/_history/1" label="Patient" />, { wrapper: withClient(client) });
      expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
      expect(requests.map((r) => r.url)).toEqual([`${FHIR_URL}Patient/123/_history/1`]);
    });

    it('shows nothing and sends nothing for undefined', () => {
      const { client, requests } = createTestClient(() => fhirJson(ada));
      render(<PatientName value={undefined} label="Patient" />, { wrapper: withClient(client) });
      expect(screen.getByLabelText('Patient')).toHaveTextContent('Loading');
      expect(requests).toEqual([]);
    });
  });

  describe('when several components show the same resource', () => {
    it('sends one request, and a write elsewhere updates all of them', async () => {
      const { client, requests } = createTestClient((request) =>
        request.method === 'PUT'
          ? fhirJson({ ...(request.body as Patient), meta: { versionId: '2', lastUpdated: '2026-01-02T10:00:00Z' } })
          : fhirJson(ada)
      );
      render(
        <>
          <PatientName value={{ reference: 'Patient/123' }} label="Header" />
          <PatientName value="Patient/123" label="Card" />
        </>,
        { wrapper: withClient(client) }
      );
      expect(await screen.findAllByText('Ada Lovelace')).toHaveLength(2);
      expect(requests.filter((r) => r.method === 'GET')).toHaveLength(1);

      await act(() => client.updateResource({ ...ada, name: [{ given: ['Ada'], family: 'King' }] }));

      expect(screen.getByLabelText('Header')).toHaveTextContent('Ada King');
      expect(screen.getByLabelText('Card')).toHaveTextContent('Ada King');
    });
  });

  describe('with a resource', () => {
    it('shows it without a request', () => {
      const { client, requests } = createTestClient(() => fhirJson(ada));
      render(<PatientName value={ada} label="Patient" />, { wrapper: withClient(client) });
      expect(screen.getByLabelText('Patient')).toHaveTextContent('Ada Lovelace');
      expect(requests).toEqual([]);
    });

    it('shows a newer version once the cache holds one', async () => {
      const { client } = createTestClient((request) =>
        fhirJson({ ...(request.body as Patient), meta: { versionId: '2', lastUpdated: '2026-01-02T10:00:00Z' } })
      );
      render(<PatientName value={ada} label="Patient" />, { wrapper: withClient(client) });
      await act(() => client.updateResource({ ...ada, name: [{ given: ['Ada'], family: 'King' }] }));
      expect(screen.getByLabelText('Patient')).toHaveTextContent('Ada King');
    });
  });

  describe('when the cache drops the resource', () => {
    it('reads it again', async () => {
      const { client, requests } = createTestClient(() => fhirJson(ada));
      render(<PatientName value="Patient/123" label="Patient" />, { wrapper: withClient(client) });
      expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
      act(() => client.invalidateAll());
      // The last answer stays on screen while the new read runs.
      expect(screen.getByLabelText('Patient')).toHaveTextContent('Ada Lovelace');
      await act(async () => {});
      expect(requests.map((r) => r.url)).toEqual([`${FHIR_URL}Patient/123`, `${FHIR_URL}Patient/123`]);
    });
  });

  describe('when the read fails', () => {
    it('calls onError with the outcome message', async () => {
      const { client } = createTestClient(notFound);
      const onError = vi.fn();
      render(<PatientName value="Patient/404" label="Patient" onError={onError} />, { wrapper: withClient(client) });
      await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
      expect(onError.mock.calls[0][0].message).toBe('Not found');
      expect(screen.getByLabelText('Patient')).toHaveTextContent('Loading');
    });

    it('logs the failure when there is no onError', async () => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { client } = createTestClient(notFound);
      render(<PatientName value="Patient/404" label="Patient" />, { wrapper: withClient(client) });
      await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
      expect(consoleError.mock.calls[0][0]).toBe('useResource: could not read Patient/404');
    });
  });
});

function PatientStatus({ value }: { value: string }) {
  const { data, loading, error, refetch } = useResourceState<Patient>(value, { onError: () => {} });
  return (
    <>
      {loading && <p role="status">Loading patient</p>}
      {error && <p role="alert">{error.message}</p>}
      <p>{data?.name?.[0]?.family}</p>
      <button type="button" onClick={() => void refetch()}>
        Reload
      </button>
    </>
  );
}

describe('useResourceState', () => {
  it('says it is loading, then shows the resource', async () => {
    const { client } = createTestClient(() => fhirJson(ada));
    render(<PatientStatus value="Patient/123" />, { wrapper: withClient(client) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading patient');
    expect(await screen.findByText('Lovelace')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says why the read failed', async () => {
    const { client } = createTestClient(notFound);
    render(<PatientStatus value="Patient/404" />, { wrapper: withClient(client) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('answers the error as an OperationOutcomeError carrying the server outcome', async () => {
    const { client } = createTestClient(notFound);
    function IssueCode() {
      const { error } = useResourceState('Patient/404', { onError: () => {} });
      if (!error) return null;
      return (
        <p role="alert">{error instanceof OperationOutcomeError ? error.outcome.issue[0].code : 'not an outcome'}</p>
      );
    }
    render(<IssueCode />, { wrapper: withClient(client) });
    expect(await screen.findByRole('alert')).toHaveTextContent('not-found');
  });

  it('refetch reads the resource from the server again and shows the new answer', async () => {
    let family = 'Lovelace';
    const { client, requests } = createTestClient(() => fhirJson({ ...ada, name: [{ family }] }));
    render(<PatientStatus value="Patient/123" />, { wrapper: withClient(client) });
    expect(await screen.findByText('Lovelace')).toBeInTheDocument();

    family = 'King';
    await act(() => screen.getByRole('button', { name: 'Reload' }).click());
    expect(await screen.findByText('King')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${FHIR_URL}Patient/123`,
      `GET ${FHIR_URL}Patient/123`,
    ]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('refetch after a failure shows the resource once the server answers', async () => {
    let fail = true;
    const { client } = createTestClient(() => (fail ? notFound() : fhirJson(ada)));
    render(<PatientStatus value="Patient/123" />, { wrapper: withClient(client) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');

    fail = false;
    await act(() => screen.getByRole('button', { name: 'Reload' }).click());
    expect(await screen.findByText('Lovelace')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
