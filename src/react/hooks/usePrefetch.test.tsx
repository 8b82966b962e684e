import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { usePrefetch, type UsePrefetchOptions } from './usePrefetch';

// jsdom has no IntersectionObserver: this one lets a test say what came into view.
let observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; observed: Element[] }[];
beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observed: Element[] = [];
      constructor(
        readonly callback: IntersectionObserverCallback,
        readonly options?: IntersectionObserverInit
      ) {
        observers.push(this);
      }
      observe(element: Element) {
        this.observed.push(element);
      }
      disconnect() {
        this.observed = [];
      }
    }
  );
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function PrefetchLink({ prefetch, options }: { prefetch: () => unknown; options?: UsePrefetchOptions }) {
  const props = usePrefetch(prefetch, options);
  return (
    <a href="/health-record/vitals" {...props}>
      Vitals
    </a>
  );
}

const comesIntoView = (ratio: number) =>
  act(() => {
    for (const o of observers) {
      o.callback(
        o.observed.map((target) => ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio }) as never),
        o as never
      );
    }
  });

describe('usePrefetch', () => {
  it('prefetches once a pointer has rested on the link for 100 ms', () => {
    const prefetch = vi.fn();
    render(<PrefetchLink prefetch={prefetch} options={{ viewportThreshold: false }} />);
    const link = screen.getByRole('link', { name: 'Vitals' });
    fireEvent.pointerEnter(link);
    act(() => vi.advanceTimersByTime(99));
    expect(prefetch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(prefetch).toHaveBeenCalledTimes(1);
    // Once is enough.
    fireEvent.pointerEnter(link);
    act(() => vi.advanceTimersByTime(200));
    fireEvent.focus(link);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('does not prefetch for a pointer that only passes over', () => {
    const prefetch = vi.fn();
    render(<PrefetchLink prefetch={prefetch} options={{ viewportThreshold: false }} />);
    const link = screen.getByRole('link', { name: 'Vitals' });
    fireEvent.pointerEnter(link);
    act(() => vi.advanceTimersByTime(60));
    fireEvent.pointerLeave(link);
    act(() => vi.advanceTimersByTime(500));
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('prefetches when the link takes keyboard focus', () => {
    const prefetch = vi.fn();
    render(<PrefetchLink prefetch={prefetch} options={{ viewportThreshold: false }} />);
    fireEvent.focus(screen.getByRole('link', { name: 'Vitals' }));
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('prefetches when half of the link comes into view, not before', () => {
    const prefetch = vi.fn();
    render(<PrefetchLink prefetch={prefetch} />);
    expect(observers.at(-1)?.options?.threshold).toBe(0.5);
    expect(observers.at(-1)?.observed).toEqual([screen.getByRole('link', { name: 'Vitals' })]);
    comesIntoView(0.3);
    expect(prefetch).not.toHaveBeenCalled();
    comesIntoView(0.5);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  describe('when the prefetch fails', () => {
    it('logs it and leaves the link working', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const prefetch = vi.fn(() => Promise.reject(new Error('offline')));
      render(<PrefetchLink prefetch={prefetch} options={{ viewportThreshold: false }} />);
      fireEvent.focus(screen.getByRole('link', { name: 'Vitals' }));
      await act(async () => {});
      expect(warn).toHaveBeenCalledWith('Prefetch failed', new Error('offline'));
      expect(screen.getByRole('link', { name: 'Vitals' })).toHaveAttribute('href', '/health-record/vitals');
      warn.mockRestore();
    });
  });

  describe('when disabled', () => {
    it('never prefetches', () => {
      const prefetch = vi.fn();
      render(<PrefetchLink prefetch={prefetch} options={{ disabled: true }} />);
      fireEvent.focus(screen.getByRole('link', { name: 'Vitals' }));
      comesIntoView(1);
      expect(prefetch).not.toHaveBeenCalled();
    });
  });
});
