// The auth cards' class-name resolver, shared with every part through context.
import { createContext, useContext } from 'react';
import { getDefaultAuthClassNames, type AuthClassNames, type AuthSlotName } from './classNames';

const defaults = getDefaultAuthClassNames();

/** Resolves a part's class name (the user's or `fpk-${slot}`) plus extra classes. */
export type ClassNameOf = (slot: AuthSlotName, ...extra: (string | undefined | false)[]) => string;

export const AuthClassContext = /* @__PURE__ */ createContext<ClassNameOf>((slot) => defaults[slot]);

/** Builds the class name resolver for a card. */
export function makeClassNameOf(classNames: AuthClassNames | undefined): ClassNameOf {
  return (slot, ...extra) => [classNames?.[slot] ?? defaults[slot], ...extra].filter(Boolean).join(' ');
}

/** The class-name resolver of the nearest auth card. */
export function useCn(): ClassNameOf {
  return useContext(AuthClassContext);
}
