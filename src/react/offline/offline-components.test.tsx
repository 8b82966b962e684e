import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signedIn } from '../../client/offline/offline-test-helpers';
import { FHIR } from '../../client/test-helpers';
import { createTestClient, fhirJson, withClient } from '../test-utils';
import { OfflineBanner } from './OfflineBanner';
import { OutboxConflictDialog } from './OutboxConflictDialog';
import { PendingWriteStatus } from './PendingWriteStatus';

import { setBrowserOnline, vital } from './offline-test-setup';

afterEach(() => vi.restoreAllMocks());

describe('the offline parts', () => {
  it('banner: offline, then how many changes wait, then how many were sent once back, for a while', async () => {
    const server = fakeServer();
    const { client } = await signedIn(server.handle, { backoff: { base: 60_000 } });
    const { container } = render(<OfflineBanner sentMessageMs={300} />, { wrapper: withClient(client) });
    expect(container).toBeEmptyDOMElement();

    server.state.offline = true;
    act(() => setBrowserOnline(false));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You are offline. The portal shows what this device has saved.'
    );
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'offline');

    await act(() => client.createResource(vital(71)));
    await act(() => client.createResource(vital(72)));
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. 2 changes will be sent when you are back online.'
    );
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'waiting');

    server.state.offline = false;
    act(() => setBrowserOnline(true));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Back online. 2 changes sent.'));
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'sent');
    // The news goes after sentMessageMs; the banner is gone while online with nothing waiting.
    await waitFor(() => expect(container).toBeEmptyDOMElement(), { timeout: 3000 });
  });

  it('banner: shows a status it is given (an app that learns of the network its own way)', () => {
    render(<OfflineBanner status={{ online: false, waiting: 1, sentSinceOffline: 0 }} />, {
      wrapper: withClient(createTestClient(() => fhirJson({})).client),
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. 1 change will be sent when you are back online.'
    );
  });

  it('pending write: saved on the device until sent, then nothing', async () => {
    const server = fakeServer();
    const { client } = await signedIn(server.handle, { backoff: { base: 60_000 } });
    server.state.offline = true;
    const queued = await client.createResource(vital(80));
    render(<PendingWriteStatus value={queued} />, { wrapper: withClient(client) });
    expect(screen.getByRole('status')).toHaveTextContent('Saved on this device; will send when you are back online');
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'pending');

    server.state.offline = false;
    await act(() => client.outbox!.flush());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("conflict dialog: both versions of what changed, and 'Keep my version' sends mine over the server's", async () => {
    const server = fakeServer();
    const mine = {
      resourceType: 'Patient' as const,
      id: '1',
      meta: { versionId: '1' },
      gender: 'female' as const,
      birthDate: '1980-01-01',
    };
    server.resources.set('Patient/1', { ...mine, gender: 'male' });
    const { client, fhirRequests } = await signedIn(server.handle);
    server.state.offline = true;
    await client.updateResource(mine);
    server.resources.set('Patient/1', { ...mine, meta: { versionId: '2' }, gender: 'other' });
    server.state.offline = false;
    await client.outbox?.flush();

    render(<OutboxConflictDialog />, { wrapper: withClient(client) });
    const dialog = await screen.findByRole('dialog', { name: 'Your change was not saved' });
    expect(dialog).toHaveAccessibleDescription(
      'This was changed on the server while you were offline. Choose which version to keep.'
    );
    // Only what differs, the user's value beside the server's.
    const rows = within(dialog)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Field', 'Your version', 'On the server'],
      ['gender', 'female', 'other'],
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my version' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fhirRequests().at(-1)).toMatchObject({ method: 'PUT', url: `${FHIR}Patient/1` });
    expect(fhirRequests().at(-1)?.headers['If-Match']).toBe('W/"2"');
    expect(server.resources.get('Patient/1').gender).toBe('female');
  });
});
