import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signedIn } from '../../client/offline/offline-test-helpers';
import { useResourceState } from '../hooks/useResource';
import { useSearchResources } from '../hooks/useSearch';
import { withClient } from '../test-utils';
import { useOnline } from './useOnline';
import { useOutbox } from './useOutbox';
import { useQueuedWrite } from './useQueuedWrite';

import { setBrowserOnline, vital } from './offline-test-setup';

afterEach(() => vi.restoreAllMocks());

function PatientView() {
  const { data, stale, offline } = useResourceState('Patient/1');
  return (
    <p>
      {data
        ? `${data.resourceType === 'Patient' ? data.gender : ''} ${stale ? 'stale' : 'fresh'} ${offline ? 'offline' : 'online'}`
        : 'none'}
    </p>
  );
}

function VitalList() {
  const { data, stale, offline } = useSearchResources('Observation', { code: 'hr' });
  return <p>{`${data?.length ?? '-'} vitals ${stale ? 'stale' : 'fresh'} ${offline ? 'offline' : 'online'}`}</p>;
}

function OutboxView() {
  const { waiting, sentSinceOffline, online, conflicts } = useOutbox();
  const connected = useOnline();
  return (
    <p>{`waiting ${waiting} sent ${sentSinceOffline} conflicts ${conflicts.length} ${online && connected ? 'online' : 'offline'}`}</p>
  );
}

function Queued({ value }: { value: unknown }) {
  return <p>{`write ${useQueuedWrite(value) ?? 'direct'}`}</p>;
}

describe('the hooks offline', () => {
  it('mark a resource and a search answered from the device as stale and offline', async () => {
    const server = fakeServer();
    server.resources.set('Patient/1', { resourceType: 'Patient', id: '1', meta: { versionId: '1' }, gender: 'male' });
    server.resources.set('Observation/1', { ...vital(70), id: '1' });
    const { client } = await signedIn((request) => {
      if (request.method === 'GET' && request.url.includes('Observation?')) {
        if (server.state.offline) throw new TypeError('Failed to fetch');
        return Response.json({
          resourceType: 'Bundle',
          type: 'searchset',
          entry: server.ofType('Observation').map((resource) => ({ resource })),
        });
      }
      return server.handle(request);
    });
    const view = (page: string) => (
      <>
        <PatientView />
        {/* A page opened again (after a reload or navigation): its search runs again. */}
        <VitalList key={page} />
      </>
    );
    const { rerender } = render(view('first'), { wrapper: withClient(client) });
    expect(await screen.findByText('male fresh online')).toBeInTheDocument();
    expect(await screen.findByText('1 vitals fresh online')).toBeInTheDocument();

    server.state.offline = true;
    act(() => client.invalidateAll());
    rerender(view('again'));

    expect(await screen.findByText('male stale offline')).toBeInTheDocument();
    expect(await screen.findByText('1 vitals stale offline')).toBeInTheDocument();
  });

  it('count writes waiting offline, then those sent when the connection is back', async () => {
    const server = fakeServer();
    const { client } = await signedIn(server.handle, { backoff: { base: 60_000 } });
    render(<OutboxView />, { wrapper: withClient(client) });
    expect(screen.getByText('waiting 0 sent 0 conflicts 0 online')).toBeInTheDocument();

    server.state.offline = true;
    act(() => setBrowserOnline(false));
    expect(await screen.findByText('waiting 0 sent 0 conflicts 0 offline')).toBeInTheDocument();
    await act(() => client.createResource(vital(71)));
    await act(() => client.createResource(vital(72)));
    expect(screen.getByText('waiting 2 sent 0 conflicts 0 offline')).toBeInTheDocument();

    server.state.offline = false;
    act(() => setBrowserOnline(true));

    expect(await screen.findByText('waiting 0 sent 2 conflicts 0 online')).toBeInTheDocument();
    expect(server.ofType('Observation')).toHaveLength(2);
  });

  it('follow the state of a queued write until it is sent', async () => {
    const server = fakeServer();
    const { client } = await signedIn(server.handle, { backoff: { base: 60_000 } });
    server.state.offline = true;
    const queued = await client.createResource(vital(80));
    const direct = { resourceType: 'Observation' };
    render(
      <>
        <Queued value={queued} />
        <Queued value={direct} />
      </>,
      { wrapper: withClient(client) }
    );
    expect(screen.getByText('write pending')).toBeInTheDocument();
    expect(screen.getByText('write direct')).toBeInTheDocument();

    server.state.offline = false;
    await act(() => client.outbox!.flush());

    expect(screen.getByText('write sent')).toBeInTheDocument();
  });
});
