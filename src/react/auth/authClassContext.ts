// The auth cards' class-name resolver, shared with every part through context.
import { createContext, useContext } from 'react';
import { getDefaultAuthClassNames, type AuthClassNames, type AuthSlotName } from './classNames';
import { slotClassName } from '../primitives/classNames';

const defaults = getDefaultAuthClassNames();

/** Resolves a part's class name (`fpk-${slot}` and the user's) plus extra classes. */
export type ClassNameOf = (slot: AuthSlotName, ...extra: (string | undefined | false)[]) => string;

export const AuthClassContext = /* @__PURE__ */ createContext<ClassNameOf>((slot) => defaults[slot]);

/** Builds the class name resolver for a card. */
export function makeClassNameOf(classNames: AuthClassNames | undefined): ClassNameOf {
  return (slot, ...extra) => slotClassName(slot, classNames, ...extra);
}

/** The class-name resolver of the nearest auth card. */
export function useCn(): ClassNameOf {
  return useContext(AuthClassContext);
}
