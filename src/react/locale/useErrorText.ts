// Error text in the reader's language for any component or page: the `outcomes` family from the
// provider (FhirProvider/LocaleProvider `messages`), the caller's own texts winning.
import { useCallback } from 'react';
import { normalizeErrorString } from '../../fhir/outcomes';
import { defaultErrorOutcomeMessages, issueTranslator, type ErrorOutcomeMessages } from './outcomeMessages';
import { useMessages } from './MessagesContext';

/** The `outcomes` texts as the provider and the caller's own `messages` give them. */
export function useOutcomeMessages(messages?: Partial<ErrorOutcomeMessages>): ErrorOutcomeMessages {
  return useMessages('outcomes', defaultErrorOutcomeMessages, messages);
}

/**
 * A function that turns anything thrown (an OperationOutcomeError, an outcome, an Error) into the
 * text to show, each known issue in the reader's language and the server's text otherwise.
 */
export function useErrorText(messages?: Partial<ErrorOutcomeMessages>): (error: unknown) => string {
  const outcomes = useOutcomeMessages(messages);
  return useCallback((error: unknown) => normalizeErrorString(error, issueTranslator(outcomes)), [outcomes]);
}
