// The provider's texts (FhirProvider/LocaleProvider `messages`), read by every styled component
// and hook through useMessages: its own `messages` prop first, then the provider's, then English.
import { createContext, useContext, useMemo } from 'react';
import type { LocaleMessages, MessageFamilies, MessageFamily } from './LocaleMessages';

/** The provider's texts by family; undefined: none given. */
export const MessagesContext = /* @__PURE__ */ createContext<LocaleMessages | undefined>(undefined);

/**
 * A family's texts as a component shows them: `defaults` (English), overlaid by the provider's
 * texts for `family`, overlaid by the component's own `messages` prop. Stable while its inputs are.
 */
export function useMessages<F extends MessageFamily>(
  family: F,
  defaults: MessageFamilies[F],
  own?: Partial<MessageFamilies[F]>
): MessageFamilies[F] {
  const provided = useContext(MessagesContext)?.[family];
  return useMemo(() => ({ ...defaults, ...provided, ...own }), [defaults, provided, own]);
}
