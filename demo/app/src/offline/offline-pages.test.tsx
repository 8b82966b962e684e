import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getVitalSign, type FhirClient } from 'fhir-portal-kit';
import { FhirProvider, NotificationsProvider } from 'fhir-portal-kit/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AddMeasurementDialog } from '../health-record/AddMeasurementDialog';
import { VitalPage } from '../health-record/VitalPage';
import { GetCarePage } from '../pages/GetCarePage';
import { SignOutPage } from '../pages/SignOutPage';
import { offlineClient } from './offline-test-client';

const SAVED = 'Saved on this device; will send when you are back online';

function renderWith(client: FhirClient, ui: ReactNode, path = '/page', pattern = '*') {
  return render(
    <FhirProvider client={client}>
      <NotificationsProvider container={null} autoClose={false}>
        <MemoryRouter initialEntries={['/elsewhere', path]} initialIndex={1}>
          <Routes>
            <Route path="/elsewhere" element={<p>Where the patient was</p>} />
            <Route path="/" element={<p>Landing</p>} />
            <Route path={pattern} element={ui} />
          </Routes>
        </MemoryRouter>
      </NotificationsProvider>
    </FhirProvider>
  );
}

/** The browser's own idea of the connection, as the online and offline events report it. */
function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => setBrowserOnline(true));

const searchset = (resources: object[] = []) => ({
  resourceType: 'Bundle',
  type: 'searchset',
  entry: resources.map((resource) => ({ resource })),
});

describe('the portal offline', () => {
  it('Get Care says booking needs a connection and offers no Book button', async () => {
    const { client, json } = await offlineClient(() => json(searchset()));
    setBrowserOnline(false);
    renderWith(client, <GetCarePage />, '/get-care');
    expect(
      await screen.findByText('This needs a connection to the server. Try again when you are back online.')
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /book/i })).toBeNull();
  });

  it('Add Measurement offline closes, says the reading is saved on the device, and the page lists it as pending', async () => {
    const user = userEvent.setup();
    const stored: object[] = [];
    const { client, network, requests, json } = await offlineClient((request) => {
      if (request.method === 'GET') return json(searchset(stored));
      const created = { ...(request.body as object), id: `new-${stored.length + 1}`, meta: { versionId: '1' } };
      stored.push(created);
      return json(created, 201);
    });
    renderWith(client, <VitalPage />, '/health-record/vitals/heart-rate', '/health-record/vitals/:measurementId');
    await screen.findAllByText('No measurements yet');
    network.down = true;
    setBrowserOnline(false);
    await user.click(screen.getByRole('button', { name: 'Add Measurement' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Measurement' });
    await user.type(within(dialog).getByLabelText('Heart Rate (beats/minute)'), '72');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A toast, and the reading first in the table, pending.
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByText(SAVED)).toBeInTheDocument();
    const row = document.querySelector('tr[data-queued]') as HTMLElement;
    expect(within(row).getByText('72 beats/minute')).toBeInTheDocument();
    expect(within(row).getByText(SAVED)).toBeInTheDocument();
    expect(row.querySelector('[data-state="pending"]')).not.toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    // Back online: sent once, and the server's reading (a link to it) takes the pending row's place.
    network.down = false;
    setBrowserOnline(true);
    expect(await screen.findByRole('link', { name: /2026|\d/ })).toHaveAttribute('href', '/Observation/new-1');
    expect(document.querySelector('tr[data-queued]')).toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('signing out with changes not yet sent asks first; Stay signed in goes back', async () => {
    const user = userEvent.setup();
    const { client, network } = await offlineClient();
    network.down = true;
    await client.createResource(
      (await import('fhir-portal-kit')).createVitalObservation(
        getVitalSign('heart-rate')!,
        [72],
        { reference: 'Patient/homer' },
        '2026-11-29T10:00:00Z'
      )
    );
    renderWith(client, <SignOutPage />, '/signout');
    expect(
      await screen.findByText('You have 1 change not yet sent. Signing out deletes them from this device.')
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign out anyway' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(await screen.findByText('Where the patient was')).toBeVisible();
    expect(client.getActiveLogin()).toBeDefined();
  });

  it('Sign out anyway signs out; with nothing waiting sign-out does not ask', async () => {
    const user = userEvent.setup();
    const { client, network } = await offlineClient();
    network.down = true;
    await client.createResource({ resourceType: 'Task', status: 'requested', intent: 'order' });
    renderWith(client, <SignOutPage />, '/signout');
    await user.click(await screen.findByRole('button', { name: 'Sign out anyway' }));
    expect(await screen.findByText('Landing')).toBeVisible();
    expect(client.getActiveLogin()).toBeUndefined();

    const quiet = await offlineClient();
    renderWith(quiet.client, <SignOutPage />, '/signout');
    await waitFor(() => expect(quiet.client.getActiveLogin()).toBeUndefined());
    expect(screen.queryByRole('button', { name: 'Stay signed in' })).toBeNull();
  });
});

describe('Add Measurement online', () => {
  it('says nothing about the device when the server has the reading', async () => {
    const user = userEvent.setup();
    const { client, json } = await offlineClient((request) => json({ ...(request.body as object), id: 'new' }, 201));
    renderWith(
      client,
      <AddMeasurementDialog vital={getVitalSign('heart-rate')!} patientRef="Patient/homer" onAdded={() => undefined} />
    );
    await user.click(screen.getByRole('button', { name: 'Add Measurement' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Measurement' });
    await user.type(within(dialog).getByLabelText('Heart Rate (beats/minute)'), '72');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(SAVED)).toBeNull();
  });
});
