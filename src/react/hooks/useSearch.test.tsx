import { act, render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bundle, Patient } from '../../fhir';
import { createTestClient, deferred, fhirJson, FHIR_URL, withClient, type Respond } from '../test-utils';
import { SEARCH_DEBOUNCE_MS, useSearch, useSearchOne, useSearchResources } from './useSearch';

const patient = (id: string, given: string): Patient => ({ resourceType: 'Patient', id, name: [{ given: [given] }] });
const bundle = (...patients: Patient[]): Bundle => ({
  resourceType: 'Bundle',
  type: 'searchset',
  entry: patients.map((resource) => ({ resource })),
});

/** Answers a Patient search with one patient named after the `name` parameter. */
const byName: Respond = (request) => {
  const name = new URL(request.url).searchParams.get('name') ?? 'nobody';
  return fhirJson(bundle(patient(name, name)));
};

function PatientSearch({ name, enabled }: { name: string; enabled?: boolean }) {
  const { data, loading, error, refetch } = useSearchResources('Patient', { name }, { enabled });
  return (
    <div>
      {loading ? <p role="status">Searching</p> : null}
      {error ? <p role="alert">{error.message}</p> : null}
      <ul aria-label="Patients">
        {data?.map((p) => (
          <li key={p.id}>{p.name?.[0]?.given?.[0]}</li>
        ))}
      </ul>
      <button type="button" onClick={() => void refetch()}>
        Refresh
      </button>
    </div>
  );
}

const names = () =>
  within(screen.getByRole('list', { name: 'Patients' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

/** Lets pending promises (fetch, JSON parsing, React updates) settle without moving the clock. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the search hooks', () => {
  beforeEach(() => {
    // Only the clocks the hooks use; the Response body reader keeps its real scheduling.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches at once on the first render and shows the answer', async () => {
    const { client, requests } = createTestClient(byName);
    render(<PatientSearch name="ada" />, { wrapper: withClient(client) });
    expect(screen.getByRole('status')).toHaveTextContent('Searching');
    await settle();
    expect(requests).toEqual([{ method: 'GET', url: `${FHIR_URL}Patient?name=ada`, body: undefined }]);
    expect(names()).toEqual(['ada']);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  describe('under StrictMode', () => {
    it('still answers, with one request on the wire', async () => {
      const { client, requests } = createTestClient(byName);
      render(
        <StrictMode>
          <PatientSearch name="ada" />
        </StrictMode>,
        { wrapper: withClient(client) }
      );
      await settle();
      expect(names()).toEqual(['ada']);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(requests).toHaveLength(1);
    });
  });

  describe('when the query changes', () => {
    it(`waits ${SEARCH_DEBOUNCE_MS} ms before searching, keeping the last answer meanwhile`, async () => {
      const { client, requests } = createTestClient(byName);
      const { rerender } = render(<PatientSearch name="ada" />, { wrapper: withClient(client) });
      await settle();
      rerender(<PatientSearch name="bob" />);
      expect(screen.getByRole('status')).toBeInTheDocument();
      await advance(SEARCH_DEBOUNCE_MS - 1);
      expect(requests).toHaveLength(1);
      expect(names()).toEqual(['ada']);
      await advance(1);
      expect(requests.map((r) => r.url)).toEqual([`${FHIR_URL}Patient?name=ada`, `${FHIR_URL}Patient?name=bob`]);
      expect(names()).toEqual(['bob']);
    });

    it('searches once for the last of several quick changes', async () => {
      const { client, requests } = createTestClient(byName);
      const { rerender } = render(<PatientSearch name="a" />, { wrapper: withClient(client) });
      await settle();
      for (const name of ['ad', 'ada', 'adam']) {
        rerender(<PatientSearch name={name} />);
        await advance(100);
      }
      await advance(SEARCH_DEBOUNCE_MS);
      expect(requests.map((r) => new URL(r.url).searchParams.get('name'))).toEqual(['a', 'adam']);
      expect(names()).toEqual(['adam']);
    });

    it('drops an answer that arrives after the query changed', async () => {
      const slowAda = deferred<Response>();
      const { client } = createTestClient((request) =>
        request.url.includes('name=ada') ? slowAda.promise : byName(request)
      );
      const { rerender } = render(<PatientSearch name="ada" />, { wrapper: withClient(client) });
      await settle();
      rerender(<PatientSearch name="bob" />);
      await advance(SEARCH_DEBOUNCE_MS);
      expect(names()).toEqual(['bob']);
      slowAda.resolve(fhirJson(bundle(patient('ada', 'ada'))));
      await settle();
      expect(names()).toEqual(['bob']);
    });

    it('does not search again when the query object is rebuilt with the same values', async () => {
      const { client, requests } = createTestClient(byName);
      const { rerender } = render(<PatientSearch name="ada" />, { wrapper: withClient(client) });
      await settle();
      rerender(<PatientSearch name="ada" />);
      await advance(SEARCH_DEBOUNCE_MS * 2);
      expect(requests).toHaveLength(1);
    });
  });

  describe('when the search fails', () => {
    it('shows the outcome message and stops loading', async () => {
      const { client } = createTestClient(() =>
        fhirJson(
          {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'invalid', details: { text: 'Invalid search URL' } }],
          },
          400
        )
      );
      render(<PatientSearch name="ada" />, { wrapper: withClient(client) });
      await settle();
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid search URL');
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });
  });

  describe('refetch', () => {
    it('asks the server again at once, past the request cache', async () => {
      const { client, requests } = createTestClient(byName, { cacheTime: 60000 });
      render(<PatientSearch name="ada" />, { wrapper: withClient(client) });
      await settle();
      await act(async () => screen.getByRole('button', { name: 'Refresh' }).click());
      await settle();
      expect(requests).toHaveLength(2);
      expect(names()).toEqual(['ada']);
    });
  });

  describe('when disabled', () => {
    it('sends nothing and is not loading', async () => {
      const { client, requests } = createTestClient(byName);
      render(<PatientSearch name="ada" enabled={false} />, { wrapper: withClient(client) });
      await settle();
      expect(requests).toEqual([]);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });
  });

  describe('useSearch and useSearchOne', () => {
    it('answer the Bundle and the first match', async () => {
      const { client, requests } = createTestClient(() => fhirJson(bundle(patient('1', 'Ada'), patient('2', 'Bob'))));
      function Both() {
        const all = useSearch('Patient', 'name=a');
        const one = useSearchOne('Patient', 'name=a');
        return (
          <>
            <p aria-label="Total">{all.data?.entry?.length ?? '-'}</p>
            <p aria-label="First">{one.data?.name?.[0]?.given?.[0] ?? '-'}</p>
          </>
        );
      }
      render(<Both />, { wrapper: withClient(client) });
      await settle();
      expect(screen.getByLabelText('Total')).toHaveTextContent('2');
      expect(screen.getByLabelText('First')).toHaveTextContent('Ada');
      expect(requests.map((r) => r.url).sort()).toEqual([
        `${FHIR_URL}Patient?_count=1&name=a`,
        `${FHIR_URL}Patient?name=a`,
      ]);
    });
  });
});
