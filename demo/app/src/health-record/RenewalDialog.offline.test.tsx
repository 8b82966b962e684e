import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FhirProvider, NotificationsProvider } from 'fhir-portal-kit/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { offlineClient } from '../offline/offline-test-client';
import { MedicationPage } from './MedicationPage';

const SAVED = 'Saved on this device; will send when you are back online';

describe('a renewal requested offline', () => {
  it('closes the dialog, says it is saved on the device and shows the request as pending, not to be asked twice', async () => {
    const user = userEvent.setup();
    const { client, network, requests, json } = await offlineClient((request) => {
      if (request.url.includes('MedicationRequest/rx-1')) {
        return json({
          resourceType: 'MedicationRequest',
          id: 'rx-1',
          status: 'active',
          intent: 'order',
          subject: { reference: 'Patient/homer' },
          medicationCodeableConcept: { text: 'Lisinopril 10 mg' },
        });
      }
      if (request.method === 'GET') return json({ resourceType: 'Bundle', type: 'searchset', entry: [] });
      return json({ ...(request.body as object), id: 't-1', meta: { versionId: '1' } }, 201);
    });
    render(
      <FhirProvider client={client}>
        <NotificationsProvider container={null} autoClose={false}>
          <MemoryRouter initialEntries={['/health-record/medications/rx-1']}>
            <Routes>
              <Route path="/health-record/medications/:medicationId" element={<MedicationPage />} />
            </Routes>
          </MemoryRouter>
        </NotificationsProvider>
      </FhirProvider>
    );
    await user.click(await screen.findByRole('button', { name: 'Renew your prescription' }));
    network.down = true;
    await user.click(
      within(screen.getByRole('dialog', { name: 'Request a Renewal' })).getByRole('button', {
        name: 'Submit Renewal Request',
      })
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(within(toasts).getByText(SAVED)).toBeInTheDocument();
    expect(within(toasts).queryByText('Renewal request sent')).toBeNull();
    const status = await screen.findByText('Renewal requested');
    expect(status.closest('.portal-renewal-status')).toHaveTextContent(SAVED);
    // One open request at a time, the queued one included.
    expect(screen.queryByRole('button', { name: 'Renew your prescription' })).toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
