import type { Meta, StoryObj } from '@storybook/react-vite';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import type { Bundle, Patient } from '../src/fhir';
import { FhirProvider, StatusBadge, useFhirClient, useResource, useSearchResources } from '../src/react';

// Fixtures served by an in-story fetch: the stories never touch the network.
const PATIENTS: Patient[] = [
  { resourceType: 'Patient', id: 'p1', active: true, name: [{ given: ['Ada'], family: 'Lovelace' }] },
  { resourceType: 'Patient', id: 'p2', active: true, name: [{ given: ['Alan'], family: 'Turing' }] },
  { resourceType: 'Patient', id: 'p3', active: false, name: [{ given: ['Grace'], family: 'Hopper' }] },
].map((p) => ({ ...p, meta: { versionId: '1', lastUpdated: '2026-01-01T10:00:00Z' } }) as Patient);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/fhir+json' } });

/** A FhirClient whose fetch answers reads, name searches and updates from the fixtures. */
function createFixtureClient(): FhirClient {
  const store = new Map(PATIENTS.map((p) => [p.id!, p]));
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input.toString());
    const path = url.pathname.replace(/^\/fhir\/R4\//, '');
    await new Promise((r) => setTimeout(r, 30));
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Patient;
      const version = Number(store.get(body.id!)?.meta?.versionId ?? 0) + 1;
      const saved = { ...body, meta: { versionId: String(version), lastUpdated: new Date().toISOString() } };
      store.set(body.id!, saved);
      return json(saved);
    }
    if (path === 'Patient') {
      const name = (url.searchParams.get('name') ?? '').toLowerCase();
      const matches = [...store.values()].filter((p) =>
        `${p.name?.[0]?.given?.join(' ')} ${p.name?.[0]?.family}`.toLowerCase().includes(name)
      );
      const bundle: Bundle = {
        resourceType: 'Bundle',
        type: 'searchset',
        entry: matches.map((resource) => ({ resource })),
      };
      return json(bundle);
    }
    const patient = store.get(path.replace(/^Patient\//, ''));
    return patient
      ? json(patient)
      : json(
          {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
          },
          404
        );
  };
  return new FhirClient({ baseUrl: 'https://fhir.example/', fetch, storage: new ClientStorage(new MemoryStorage()) });
}

function WithFixtureClient({ children }: { children: ReactNode }) {
  const client = useMemo(createFixtureClient, []);
  return <FhirProvider client={client}>{children}</FhirProvider>;
}

const fullName = (p: Patient | undefined) => (p ? `${p.name?.[0]?.given?.join(' ')} ${p.name?.[0]?.family}` : '');

function PatientHeader({ reference }: { reference: string }) {
  const patient = useResource<Patient>(reference);
  return (
    <header>
      <h2>{patient ? fullName(patient) : 'Loading...'}</h2>
    </header>
  );
}

function RenameForm({ reference }: { reference: string }) {
  const client = useFhirClient();
  const patient = useResource<Patient>(reference);
  const [family, setFamily] = useState('');
  const id = useId();
  if (!patient) return null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void client.updateResource({ ...patient, name: [{ ...patient.name?.[0], family }] });
      }}
    >
      <label htmlFor={id}>Family name</label>{' '}
      <input id={id} value={family} onChange={(e) => setFamily(e.target.value)} /> <button type="submit">Save</button>
    </form>
  );
}

function PatientSearch() {
  const [name, setName] = useState('');
  const { data, loading, error } = useSearchResources('Patient', { name });
  const id = useId();
  return (
    <section aria-label="Find a patient">
      <label htmlFor={id}>Name</label>{' '}
      <input id={id} type="search" value={name} onChange={(e) => setName(e.target.value)} />
      <p role="status">{loading ? 'Searching...' : `${data?.length ?? 0} found`}</p>
      {error ? <p role="alert">{error.message}</p> : null}
      <ul aria-label="Patients">
        {data?.map((p) => (
          <li key={p.id}>
            {fullName(p)} <StatusBadge status={p.active ? 'active' : 'retired'} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const meta = {
  title: 'Core/FhirProvider and data hooks',
  // The docs page's prop table: FhirProvider's own.
  component: FhirProvider,
  parameters: {
    docs: {
      description: {
        component: 'useResource follows the client cache; useSearch debounces 250 ms after the first search.',
      },
    },
  },
} satisfies Meta;

export default meta;
// Stories render their own trees (no args), so they are not typed by FhirProvider's props.
type Story = StoryObj;

/** useResource: two views of one patient; saving in one updates the other through the client cache. */
export const ResourceFollowsCache: Story = {
  render: () => (
    <WithFixtureClient>
      <PatientHeader reference="Patient/p1" />
      <RenameForm reference="Patient/p1" />
    </WithFixtureClient>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    await userEvent.type(await canvas.findByLabelText('Family name'), 'King');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByRole('heading', { name: 'Ada King' })).toBeInTheDocument();
  },
};

/** useSearchResources: the list follows the search box, 250 ms after typing stops. */
export const SearchAsYouType: Story = {
  render: () => (
    <WithFixtureClient>
      <PatientSearch />
    </WithFixtureClient>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('3 found'));
    await userEvent.type(canvas.getByLabelText('Name'), 'gra');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('1 found'));
    const items = within(canvas.getByRole('list', { name: 'Patients' })).getAllByRole('listitem');
    await expect(items).toHaveLength(1);
    await expect(items[0]).toHaveTextContent('Grace Hopper');
    await expect(within(items[0]).getByText('Retired')).toHaveAttribute('data-color', 'gray');
  },
};
