// The frame of the account-security cards (ChangePasswordForm, MfaSettings): a section named by
// its heading, the class-name context for its parts, and the user's ref and attributes on the root.
import {
  forwardRef,
  useId,
  useMemo,
  useRef,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { AuthClassContext, makeClassNameOf } from './authClassContext';
import type { AuthClassNames } from './classNames';
import { Heading, type HeadingLevel } from './fields';

/** What both account-security cards take besides their own props. */
export interface SettingsCardProps extends Omit<HTMLAttributes<HTMLElement>, 'children' | 'title'> {
  /** Level of the card's heading; 2 by default, to sit under the page's h1. */
  readonly headingLevel?: HeadingLevel;
  readonly classNames?: AuthClassNames;
}

/** Sets every ref it is given. */
function setRefs<T>(value: T, ...refs: (Ref<T> | undefined)[]): void {
  for (const ref of refs) {
    if (typeof ref === 'function') ref(value);
    else if (ref) ref.current = value;
  }
}

/** A root ref for the card's own use (focus), merged with the user's. */
export function useCardRoot(ref: Ref<HTMLElement>): [RefObject<HTMLElement | null>, (el: HTMLElement | null) => void] {
  const root = useRef<HTMLElement | null>(null);
  const callback = useMemo(() => (el: HTMLElement | null) => setRefs(el, root, ref), [ref]);
  return [root, callback];
}

/** The card: `<section>` labelled by its heading, `fpk-auth fpk-auth-settings`, loading on data-loading. */
export const SettingsCard = /* @__PURE__ */ forwardRef<
  HTMLElement,
  SettingsCardProps & { readonly title: string; readonly loading: boolean; readonly children: ReactNode }
>(function SettingsCard({ title, loading, headingLevel = 2, classNames, className, children, ...rest }, ref) {
  const cn = useMemo(() => makeClassNameOf(classNames), [classNames]);
  const headingId = useId();
  return (
    <AuthClassContext.Provider value={cn}>
      <section
        aria-labelledby={headingId}
        {...rest}
        ref={ref}
        className={cn('auth', cn('auth-settings', className))}
        data-loading={loading ? '' : undefined}
        aria-busy={loading || undefined}
      >
        <Heading level={headingLevel} id={headingId}>
          {title}
        </Heading>
        {children}
      </section>
    </AuthClassContext.Provider>
  );
});
