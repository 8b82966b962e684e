import { render, screen, within } from '@testing-library/react';
import { FhirProvider, NotificationsProvider } from 'fhir-portal-kit/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { offlineClient } from '../offline/offline-test-client';
import { Shell } from './Shell';

function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => setBrowserOnline(true));

describe('the signed-in shell offline', () => {
  it('shows the offline banner under the header, with how many changes wait', async () => {
    const { client, network } = await offlineClient();
    render(
      <FhirProvider client={client}>
        <NotificationsProvider container={null}>
          <MemoryRouter>
            <Routes>
              <Route element={<Shell />}>
                <Route index element={<p>Dashboard</p>} />
              </Route>
            </Routes>
          </MemoryRouter>
        </NotificationsProvider>
      </FhirProvider>
    );
    expect(document.querySelector('[data-state="offline"]')).toBeNull();

    setBrowserOnline(false);
    const banner = await screen.findByText('You are offline. The portal shows what this device has saved.');
    expect(banner.closest('[role="status"]')).toHaveAttribute('data-state', 'offline');
    // Right after the header, before the page.
    const header = document.querySelector('header.portal-header') as HTMLElement;
    expect(header.nextElementSibling).toContainElement(banner);

    network.down = true;
    await client.createResource({ resourceType: 'Task', status: 'requested', intent: 'order' });
    const waiting = await screen.findByText('You are offline. 1 change will be sent when you are back online.');
    expect(waiting.closest('[role="status"]')).toHaveAttribute('data-state', 'waiting');
    expect(within(document.querySelector('main') as HTMLElement).getByText('Dashboard')).toBeVisible();
  });
});
