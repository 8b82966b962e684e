import { useCallback, useEffect, useRef, useState, type FocusEvent, type PointerEvent } from 'react';

/** How long a pointer rests on a link before its target is prefetched. */
export const PREFETCH_HOVER_DELAY_MS = 100;
/** How much of a link must be in view before its target is prefetched. */
export const PREFETCH_VIEWPORT_THRESHOLD = 0.5;

/** Options of {@link usePrefetch}. */
export interface UsePrefetchOptions {
  /** Milliseconds a pointer must rest on the element. Default 100. */
  readonly hoverDelay?: number;
  /** Fraction of the element in view that starts the prefetch; false turns it off. Default 0.5. */
  readonly viewportThreshold?: number | false;
  /** Turns prefetching off (e.g. on a metered connection). */
  readonly disabled?: boolean;
}

/** What {@link usePrefetch} answers: props to spread on the link (or any element). */
export interface PrefetchProps<E extends Element> {
  readonly ref: (element: E | null) => void;
  readonly onPointerEnter: (event: PointerEvent<E>) => void;
  readonly onPointerLeave: (event: PointerEvent<E>) => void;
  readonly onFocus: (event: FocusEvent<E>) => void;
}

/**
 * Calls `prefetch` once, ahead of a click: when a pointer rests on the element for 100 ms, when
 * it takes keyboard focus, or when half of it comes into view. The app's `prefetch` loads the
 * target route's code and data (a dynamic import, a search into the client's cache); a failure
 * is logged and the click then loads as usual.
 */
export function usePrefetch<E extends Element = HTMLAnchorElement>(
  prefetch: () => unknown,
  options: UsePrefetchOptions = {}
): PrefetchProps<E> {
  const { hoverDelay = PREFETCH_HOVER_DELAY_MS, viewportThreshold = PREFETCH_VIEWPORT_THRESHOLD, disabled } = options;
  const prefetchRef = useRef(prefetch);
  useEffect(() => {
    prefetchRef.current = prefetch;
  });
  const done = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [element, setElement] = useState<E | null>(null);

  const run = useCallback(() => {
    if (done.current || disabled) return;
    done.current = true;
    try {
      void Promise.resolve(prefetchRef.current()).catch((error: unknown) => console.warn('Prefetch failed', error));
    } catch (error) {
      console.warn('Prefetch failed', error);
    }
  }, [disabled]);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!element || viewportThreshold === false || disabled || typeof IntersectionObserver === 'undefined') {
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= viewportThreshold)) {
          run();
          observer.disconnect();
        }
      },
      { threshold: viewportThreshold }
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, viewportThreshold, disabled, run]);

  return {
    ref: setElement,
    onPointerEnter: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(run, hoverDelay);
    },
    onPointerLeave: () => clearTimeout(timer.current),
    onFocus: run,
  };
}
