import { useFhirClient, usePrefetch } from 'fhir-portal-kit/react';
import { forwardRef, type FocusEvent, type PointerEvent, type Ref, type RefObject } from 'react';
import { Link, NavLink, useResolvedPath, type LinkProps, type NavLinkProps } from 'react-router';
import { prefetchRoute } from './prefetchRoute';

/** Prefetch props for a link to `to`: its code and data load after 100 ms of hover, on focus, or half in view. */
function useRoutePrefetch(
  to: LinkProps['to'],
  props: Pick<LinkProps, 'onPointerEnter' | 'onPointerLeave' | 'onFocus'>
) {
  const client = useFhirClient();
  const { pathname } = useResolvedPath(to);
  const prefetch = usePrefetch<HTMLAnchorElement>(() => prefetchRoute(client, pathname));
  // The caller's handlers run too.
  return {
    ref: prefetch.ref,
    onPointerEnter: (event: PointerEvent<HTMLAnchorElement>) => {
      props.onPointerEnter?.(event);
      prefetch.onPointerEnter(event);
    },
    onPointerLeave: (event: PointerEvent<HTMLAnchorElement>) => {
      props.onPointerLeave?.(event);
      prefetch.onPointerLeave(event);
    },
    onFocus: (event: FocusEvent<HTMLAnchorElement>) => {
      props.onFocus?.(event);
      prefetch.onFocus(event);
    },
  };
}

function mergeRefs<T>(...refs: (Ref<T> | undefined)[]) {
  return (value: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(value);
      else if (ref) (ref as RefObject<T | null>).current = value;
    }
  };
}

/** A router Link that prefetches its route (portal.md section 9: 100 ms hover, half in view). */
export const PrefetchLink = forwardRef<HTMLAnchorElement, LinkProps>(function PrefetchLink(props, ref) {
  const { ref: prefetchRef, ...handlers } = useRoutePrefetch(props.to, props);
  return <Link {...props} {...handlers} ref={mergeRefs(ref, prefetchRef)} />;
});

/** A router NavLink that prefetches its route, as PrefetchLink does. */
export const PrefetchNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function PrefetchNavLink(props, ref) {
  const { ref: prefetchRef, ...handlers } = useRoutePrefetch(props.to, props);
  return <NavLink {...props} {...handlers} ref={mergeRefs(ref, prefetchRef)} />;
});
