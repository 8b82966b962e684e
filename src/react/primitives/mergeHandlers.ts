// A prop getter's handler and the caller's for the same event, as one: the caller's runs first
// and can stop ours with `event.preventDefault()` (Radix's composeEventHandlers), so a caller's
// `onClick` or `onKeyDown` is never lost and can still opt out of what the component does.

/** The caller's handler first, then ours unless the caller called `event.preventDefault()`. */
export function mergeHandlers<E extends { readonly defaultPrevented: boolean }>(
  theirs: ((event: E) => void) | undefined,
  ours: ((event: E) => void) | undefined
): (event: E) => void {
  return (event) => {
    theirs?.(event);
    if (!event.defaultPrevented) ours?.(event);
  };
}
