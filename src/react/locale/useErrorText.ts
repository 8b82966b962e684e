// Error text in the reader's language for any component or page: the `outcomes` family from the
// provider (FhirProvider/LocaleProvider `messages`), the caller's own texts winning.
// English needs no table: the server's own text is English (defaultErrorOutcomeMessages repeats it
// for reference and for the pseudo-locale), so a component given no translation shows the
// server's text and carries none of these strings.
import { useCallback, useContext, useMemo } from 'react';
import { normalizeErrorString } from '../../fhir/outcomes';
import { MessagesContext } from './MessagesContext';
import { issueTranslator, type ErrorOutcomeMessages } from './outcomeMessages';

/** The `outcomes` texts the provider and the caller's own `messages` give; a text neither gives stays the server's. */
export function useOutcomeMessages(messages?: Partial<ErrorOutcomeMessages>): Partial<ErrorOutcomeMessages> {
  const provided = useContext(MessagesContext)?.outcomes;
  return useMemo(() => ({ ...provided, ...messages }), [provided, messages]);
}

/**
 * A function that turns anything thrown (an OperationOutcomeError, an outcome, an Error) into the
 * text to show, each known issue in the reader's language and the server's text otherwise.
 */
export function useErrorText(messages?: Partial<ErrorOutcomeMessages>): (error: unknown) => string {
  const outcomes = useOutcomeMessages(messages);
  return useCallback((error: unknown) => normalizeErrorString(error, issueTranslator(outcomes)), [outcomes]);
}
