// A styled component takes its hook's options and, beside them, any HTML attribute for its root.
// The hook must get only its options, so the component lists them; the list is checked complete
// at compile time, so an option added to the hook later cannot fall silently into the root's
// attributes.
import { useCallback, type Ref, type RefCallback } from 'react';

type Unlisted<T, K> = Exclude<keyof T, K>;

/**
 * The option keys of `T`, checked complete: `optionKeys<UseSignInOptions>()(['clientId', …])`
 * fails to compile, naming the keys left out, when the list misses one.
 */
export function optionKeys<T>() {
  return <const K extends keyof T>(
    keys: readonly K[] & ([Unlisted<T, K>] extends [never] ? unknown : { readonly unlisted: Unlisted<T, K> })
  ): readonly K[] => keys;
}

/** Splits props into the listed options and the rest (the root's attributes). */
export function splitProps<P extends object, K extends keyof P>(
  props: P,
  keys: readonly K[]
): [Pick<P, K>, Omit<P, K>] {
  const picked: Partial<P> = {};
  const rest: Partial<P> = { ...props };
  for (const key of keys) {
    if (key in props) picked[key] = props[key];
    delete rest[key];
  }
  return [picked as Pick<P, K>, rest as Omit<P, K>];
}

function assignRef<T>(ref: Ref<T> | undefined, node: T | null): void {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

/** One ref callback that sets both refs: a component's own ref to its root and the caller's. */
export function useMergedRef<T>(own: Ref<T> | undefined, forwarded: Ref<T> | undefined): RefCallback<T> {
  return useCallback(
    (node: T | null) => {
      assignRef(own, node);
      assignRef(forwarded, node);
    },
    [own, forwarded]
  );
}
