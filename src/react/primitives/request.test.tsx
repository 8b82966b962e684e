import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createTestClient, deferred, fhirJson, withClient } from '../test-utils';
import { useRequest, type UseRequestOptions } from './request';

type Load = (signal: AbortSignal, reload: boolean) => Promise<string>;

function setup(initialKey: string | undefined, load: Load, options?: UseRequestOptions) {
  const { client } = createTestClient(() => fhirJson({}));
  return renderHook(({ key }: { key: string | undefined }) => useRequest(key, load, options), {
    initialProps: { key: initialKey },
    wrapper: withClient(client),
  });
}

describe('useRequest', () => {
  it('loads nothing and is not loading without a key', () => {
    const load = vi.fn<Load>();
    const { result } = setup(undefined, load);
    expect(result.current).toMatchObject({ data: undefined, loading: false, error: undefined });
    expect(load).not.toHaveBeenCalled();
  });

  it('loads a key at once, then shows the answer', async () => {
    const { result } = setup('a', async () => 'answer a');
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current).toMatchObject({ data: 'answer a', loading: false }));
  });

  describe('when the key changes', () => {
    it('aborts the old request, drops its late answer and shows only the new one', async () => {
      const answers = { a: deferred<string>(), b: deferred<string>() };
      const signals: Record<string, AbortSignal> = {};
      const { result, rerender } = setup('a', (signal) => {
        const key = signals.a ? 'b' : 'a';
        signals[key] = signal;
        return answers[key].promise;
      });
      rerender({ key: 'b' });
      await waitFor(() => expect(signals.b).toBeDefined());
      expect(signals.a.aborted).toBe(true);
      await act(async () => answers.a.resolve('late a'));
      expect(result.current).toMatchObject({ data: undefined, loading: true });
      await act(async () => answers.b.resolve('answer b'));
      expect(result.current).toMatchObject({ data: 'answer b', loading: false });
    });

    it('keeps the last answer meanwhile with keepPreviousData', async () => {
      const b = deferred<string>();
      const answers = [Promise.resolve('a'), b.promise];
      const { result, rerender } = setup('a', () => answers.shift()!, { keepPreviousData: true });
      await waitFor(() => expect(result.current.data).toBe('a'));
      rerender({ key: 'b' });
      expect(result.current).toMatchObject({ data: 'a', loading: true });
      await act(async () => b.resolve('b'));
      expect(result.current).toMatchObject({ data: 'b', loading: false });
    });
  });

  it('aborts the request when the component unmounts', async () => {
    let seen: AbortSignal | undefined;
    const { unmount } = setup('a', (signal) => {
      seen = signal;
      return new Promise<string>(() => {});
    });
    await waitFor(() => expect(seen).toBeDefined());
    unmount();
    expect(seen!.aborted).toBe(true);
  });

  it('reports a failure as an OperationOutcomeError until refetch answers, and refetch says reload', async () => {
    const load = vi.fn<Load>().mockRejectedValueOnce(new Error('Server down')).mockResolvedValueOnce('answer');
    const { result } = setup('a', load);
    await waitFor(() => expect(result.current.error?.message).toBe('Server down'));
    expect(result.current.loading).toBe(false);
    await act(() => result.current.refetch());
    expect(result.current).toMatchObject({ data: 'answer', loading: false, error: undefined });
    expect(load.mock.calls.map(([, reload]) => reload)).toEqual([false, true]);
  });

  it('waits the debounce before the first load too with debounceFirstLoad, and needs no provider', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn<Load>(async () => 'answer');
      const { result } = renderHook(() => useRequest('a', load, { debounceMs: 100, debounceFirstLoad: true }));
      act(() => vi.advanceTimersByTime(99));
      expect(load).not.toHaveBeenCalled();
      expect(result.current.loading).toBe(true);
      await act(async () => vi.advanceTimersByTime(1));
      expect(load).toHaveBeenCalledTimes(1);
      expect(result.current).toMatchObject({ data: 'answer', loading: false });
    } finally {
      vi.useRealTimers();
    }
  });
});
