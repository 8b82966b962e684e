import { FakeWebSocket } from '../../client/subscriptions/fake-websocket';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { Bundle } from '../../fhir';
import { LiveFakeWebSocket, lastSocket, withSubscriptions } from '../live-test-utils';
import { createTestClient, fhirJson, withClient } from '../test-utils';
import { SUBSCRIPTION_REMOVAL_DELAY_MS, useSubscription } from './useSubscription';

const CRITERIA = 'Communication?recipient=Patient/1';

function Live({ criteria = CRITERIA }: { criteria?: string }) {
  const [texts, setTexts] = useState<string[]>([]);
  const state = useSubscription(criteria, (bundle: Bundle) => {
    const resource = bundle.entry?.[1]?.resource as { payload?: { contentString?: string }[] } | undefined;
    setTexts((t) => [...t, resource?.payload?.[0]?.contentString ?? '']);
  });
  return (
    <div>
      <p>State: {state}</p>
      <ul aria-label="Received">
        {texts.map((t, i) => (
          <li key={i}>{t}</li>
        ))}
      </ul>
    </div>
  );
}

const message = (text: string) => ({
  resourceType: 'Communication' as const,
  id: text,
  status: 'completed' as const,
  payload: [{ contentString: text }],
});

async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', LiveFakeWebSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup() {
  const { client, requests } = createTestClient(
    withSubscriptions(() => fhirJson({}, 404)),
    { accessToken: 'token' }
  );
  const subscriptionPosts = () => requests.filter((r) => r.method === 'POST' && r.url.endsWith('/Subscription'));
  return { client, requests, subscriptionPosts };
}

describe('useSubscription', () => {
  it('connects, reports the state and delivers notifications', async () => {
    const { client, subscriptionPosts } = setup();
    render(<Live />, { wrapper: withClient(client) });
    expect(screen.getByText('State: connecting')).toBeInTheDocument();
    await settle();
    act(() => lastSocket().open());
    await settle();
    expect(screen.getByText('State: connected')).toBeInTheDocument();
    expect(subscriptionPosts()).toHaveLength(1);
    act(() => lastSocket().notify(message('Hello')));
    expect(screen.getByRole('listitem')).toHaveTextContent('Hello');
  });

  describe('when the socket drops', () => {
    it('reports disconnected, then connected again after the reconnect binds anew', async () => {
      const { client } = setup();
      render(<Live />, { wrapper: withClient(client) });
      await settle();
      act(() => lastSocket().open());
      await settle();
      const first = lastSocket();
      act(() => first.drop());
      expect(screen.getByText('State: disconnected')).toBeInTheDocument();
      // The first retry waits at least the minimum reconnect delay of 1000 ms.
      await settle(999);
      expect(lastSocket()).toBe(first);
      await settle(4001);
      expect(lastSocket()).not.toBe(first);
      act(() => lastSocket().open());
      await settle();
      expect(screen.getByText('State: connected')).toBeInTheDocument();
      expect(lastSocket().sent).toContainEqual({ type: 'bind-with-token', payload: { token: 'token-sub1' } });
    });
  });

  describe('when two components use the same criteria', () => {
    it('shares one subscription', async () => {
      const { client, subscriptionPosts } = setup();
      render(
        <>
          <Live />
          <Live />
        </>,
        { wrapper: withClient(client) }
      );
      await settle();
      expect(subscriptionPosts()).toHaveLength(1);
    });

    it('tells a component that joins later that the shared subscription is connected', async () => {
      const { client, subscriptionPosts } = setup();
      const onSubscriptionConnect = vi.fn();
      function Joiner() {
        const state = useSubscription(CRITERIA, () => undefined, { onSubscriptionConnect });
        return <p>Joiner: {state}</p>;
      }
      const view = render(<Live />, { wrapper: withClient(client) });
      await settle();
      act(() => lastSocket().open());
      await settle();
      expect(screen.getByText('State: connected')).toBeInTheDocument();
      view.rerender(
        <>
          <Live />
          <Joiner />
        </>
      );
      await settle();
      expect(screen.getByText('Joiner: connected')).toBeInTheDocument();
      expect(onSubscriptionConnect).toHaveBeenCalledExactlyOnceWith('sub1');
      expect(subscriptionPosts()).toHaveLength(1);
    });
  });

  describe('when unmounted', () => {
    it('keeps the subscription 3000 ms, so a quick remount does not subscribe again', async () => {
      const { client, subscriptionPosts } = setup();
      const view = render(<Live />, { wrapper: withClient(client) });
      await settle();
      act(() => lastSocket().open());
      await settle();
      view.unmount();
      await settle(SUBSCRIPTION_REMOVAL_DELAY_MS - 1);
      expect((await client.getSubscriptionManager()).getCriteriaCount()).toBe(1);
      render(<Live />, { wrapper: withClient(client) });
      await settle();
      // The remounted component shares the confirmed subscription: connected, with no new handshake.
      expect(screen.getByText('State: connected')).toBeInTheDocument();
      await settle(SUBSCRIPTION_REMOVAL_DELAY_MS);
      expect(subscriptionPosts()).toHaveLength(1);
      expect((await client.getSubscriptionManager()).getCriteriaCount()).toBe(1);
      expect(lastSocket().sent).not.toContainEqual({ type: 'unbind-from-token', payload: { token: 'token-sub1' } });
    });

    it('unbinds 3000 ms after the last user unmounts', async () => {
      const { client } = setup();
      const view = render(<Live />, { wrapper: withClient(client) });
      await settle();
      act(() => lastSocket().open());
      await settle();
      view.unmount();
      await settle(SUBSCRIPTION_REMOVAL_DELAY_MS);
      expect((await client.getSubscriptionManager()).getCriteriaCount()).toBe(0);
      expect(lastSocket().sent).toContainEqual({ type: 'unbind-from-token', payload: { token: 'token-sub1' } });
    });
  });
});
