// The auth cards' class-name resolver, shared with every part through context.
import { createContext, useContext } from 'react';
import type { AuthClassNames, AuthSlotName } from './classNames';
import { slotClassName } from '../primitives/classNames';

/** Resolves a part's class name (`fpk-${slot}` and the user's) plus extra classes. */
export type ClassNameOf = (slot: AuthSlotName, ...extra: (string | undefined | false)[]) => string;

/** Builds the class name resolver for a card. */
export function makeClassNameOf(classNames: AuthClassNames | undefined): ClassNameOf {
  return (slot, ...extra) => slotClassName(slot, classNames, ...extra);
}

// Outside a card (AltchaField in a team's own form) the default rule, extra classes included:
// the caller's className must not be dropped.
export const AuthClassContext = /* @__PURE__ */ createContext<ClassNameOf>(makeClassNameOf(undefined));

/** The class-name resolver of the nearest auth card. */
export function useCn(): ClassNameOf {
  return useContext(AuthClassContext);
}
