import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ClientStorage, createMemoryStore, FhirClient, MemoryStorage } from '../src/client';
import type { Observation, Patient, Resource } from '../src/fhir';
import { FhirProvider, OfflineBanner, OutboxConflictDialog, PendingWriteStatus, useFhirClient } from '../src/react';

// A FHIR server in the page, with a switch for the network: off, every request fails as fetch
// does offline, so the client queues writes in its outbox (memory store) and the parts show it.
const BASE = 'http://localhost:8103/';
const FHIR = `${BASE}fhir/R4/`;
const network = { up: true };
const resources = new Map<string, Resource>();

async function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  if (!network.up) throw new TypeError('Failed to fetch');
  const url = input.toString();
  const method = init.method ?? 'GET';
  if (url === `${BASE}auth/me`) return Response.json({ profile: { resourceType: 'Patient', id: '1' } });
  const path = url.slice(FHIR.length);
  const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Resource) : undefined;
  if (method === 'POST' && body) {
    const created = { ...body, id: String(resources.size + 1), meta: { versionId: '1' } };
    resources.set(`${created.resourceType}/${created.id}`, created);
    return Response.json(created, { status: 201 });
  }
  const current = resources.get(path);
  if (method === 'PUT' && body) {
    const ifMatch = new Headers(init.headers).get('If-Match');
    if (current && ifMatch && ifMatch !== `W/"${current.meta?.versionId}"`) return Response.json({}, { status: 412 });
    const updated = { ...body, meta: { versionId: String(Number(current?.meta?.versionId ?? 0) + 1) } };
    resources.set(path, updated);
    return Response.json(updated);
  }
  return current ? Response.json(current) : Response.json({ resourceType: 'OperationOutcome' }, { status: 404 });
}

const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const token = `${encode({ alg: 'none' })}.${encode({ sub: 'patient-1', exp: 4102444800 })}.sig`;

function WithOfflineClient({ children }: { children: ReactNode }) {
  const client = useMemo(() => {
    network.up = true;
    resources.clear();
    const storage = new ClientStorage(new MemoryStorage());
    const login = { accessToken: token, profile: { reference: 'Patient/1' } };
    storage.setObject('activeLogin', login);
    storage.setObject('logins', [login]);
    return new FhirClient({
      baseUrl: BASE,
      fetch: fakeFetch,
      storage,
      cacheTime: 0,
      maxRetries: 0,
      logLevel: 'none',
      offline: { store: createMemoryStore(), backoff: { base: 600_000 } },
    });
  }, []);
  return <FhirProvider client={client}>{children}</FhirProvider>;
}

const vital = (value: number): Observation => ({
  resourceType: 'Observation',
  status: 'final',
  code: { text: 'Heart rate' },
  valueQuantity: { value, unit: '/min' },
});

/** A page with the banner, a vital to add (its status beside it) and the network switch. */
function VitalsPage() {
  const client = useFhirClient();
  const [added, setAdded] = useState<Observation[]>([]);
  return (
    <div style={{ display: 'grid', gap: 8, maxWidth: 480 }}>
      <OfflineBanner />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <button type="button" className="fpk-button" onClick={() => (network.up = false)}>
          Lose the network
        </button>
        <button
          type="button"
          className="fpk-button"
          onClick={async () => {
            const saved = await client.createResource(vital(70));
            setAdded((previous) => [...previous, saved]);
          }}
        >
          Add a vital
        </button>
        <button
          type="button"
          className="fpk-button"
          onClick={() => {
            network.up = true;
            void client.outbox?.flush();
          }}
        >
          Back online
        </button>
      </div>
      <ul aria-label="Vitals">
        {added.map((observation, index) => (
          <li key={index}>
            {observation.valueQuantity?.value} /min <PendingWriteStatus value={observation} />
          </li>
        ))}
      </ul>
    </div>
  );
}

const meta = {
  title: 'Offline/Offline parts',
  component: OfflineBanner,
  decorators: [(Story) => <WithOfflineClient>{Story()}</WithOfflineClient>],
} satisfies Meta<typeof OfflineBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Offline: each vital is saved on the device and the banner counts them; back online, they are sent and the banner says so. */
export const BannerAndPendingWrites: Story = {
  render: () => <VitalsPage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('status')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Lose the network' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add a vital' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add a vital' }));
    const list = canvas.getByRole('list', { name: 'Vitals' });
    await waitFor(() =>
      expect(within(list).getAllByText('Saved on this device; will send when you are back online')).toHaveLength(2)
    );
    const banner = canvasElement.querySelector('.fpk-offline-banner') as HTMLElement;
    await expect(banner).toHaveAttribute('data-state', 'waiting');
    await expect(banner).toHaveTextContent('You are offline. 2 changes will be sent when you are back online.');
    // Never wider than the page, down to a 320 px phone.
    await expect(banner.getBoundingClientRect().right).toBeLessThanOrEqual(document.documentElement.clientWidth);

    await userEvent.click(canvas.getByRole('button', { name: 'Back online' }));
    await waitFor(() => expect(banner).toHaveTextContent('Back online. 2 changes sent.'));
    await expect(banner).toHaveAttribute('data-state', 'sent');
    await expect(within(list).queryByRole('status')).toBeNull();
  },
};

/** Each state of a queued write, given directly. */
export const PendingWriteStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      <PendingWriteStatus state="pending" />
      <PendingWriteStatus state="sending" />
      <PendingWriteStatus state="conflict" />
      <PendingWriteStatus state="sent" data-testid="sent" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('status').map((s) => s.dataset.state)).toEqual(['pending', 'sending', 'conflict']);
    await expect(canvas.getByText('Sending…')).toBeInTheDocument();
    await expect(canvas.queryByTestId('sent')).toBeNull();
  },
};

/** An update made offline over a version changed on the server: both versions, and the choice. */
function ConflictPage() {
  const client = useFhirClient();
  return (
    <div>
      <button
        type="button"
        className="fpk-button"
        onClick={async () => {
          const mine: Patient = { resourceType: 'Patient', id: '1', meta: { versionId: '1' }, gender: 'female' };
          resources.set('Patient/1', { ...mine, gender: 'male', birthDate: '1980-02-03' });
          network.up = false;
          await client.updateResource({ ...mine, birthDate: '1980-02-03' });
          resources.set('Patient/1', { ...mine, meta: { versionId: '2' }, gender: 'other', birthDate: '1980-02-03' });
          network.up = true;
          await client.outbox?.flush();
        }}
      >
        Make a conflict
      </button>
      <OutboxConflictDialog />
    </div>
  );
}

export const ConflictDialog: Story = {
  render: () => <ConflictPage />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Make a conflict' }));
    const page = within(document.body);
    const dialog = await page.findByRole('dialog', { name: 'Your change was not saved' });
    await expect(within(dialog).getByRole('columnheader', { name: 'Your version' })).toBeInTheDocument();
    await expect(within(dialog).getByRole('cell', { name: 'female' })).toBeInTheDocument();
    await expect(within(dialog).getByRole('cell', { name: 'other' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: "Use the server's version" }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(resources.get('Patient/1')).toMatchObject({ gender: 'other' });
  },
};
