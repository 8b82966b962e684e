import { useCallback, useRef, useState } from 'react';

/** Props every value input takes: controlled through `value`, uncontrolled through `defaultValue`. */
export interface ValueProps<T> {
  /** The current value; when given, the input is controlled and shows only this. */
  readonly value?: T;
  /** The first value of an uncontrolled input. */
  readonly defaultValue?: T;
  /** Called with every new value the user makes. */
  readonly onValueChange?: (value: T) => void;
}

/**
 * One state for controlled and uncontrolled inputs (the Radix pattern): `value` wins when it is
 * not undefined, otherwise the input keeps its own state starting at `defaultValue`.
 */
export function useControllableState<T>({
  value,
  defaultValue,
  onValueChange,
}: ValueProps<T>): [T | undefined, (next: T) => void] {
  const [own, setOwn] = useState(defaultValue);
  const controlled = value !== undefined;
  // The latest handler, so the setter keeps one identity across renders.
  const handler = useRef(onValueChange);
  handler.current = onValueChange;
  const set = useCallback(
    (next: T) => {
      if (!controlled) setOwn(next);
      handler.current?.(next);
    },
    [controlled]
  );
  return [controlled ? value : own, set];
}
