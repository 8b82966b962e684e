import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Questionnaire, QuestionnaireResponse, Reference, ResourceType, ValueSet } from '../../fhir';
import type { OperationOutcomeError } from '../../fhir';
import {
  createQuestionnaireStore,
  loadFhirPath,
  type FhirPathEngine,
  type QuestionnaireDrafts,
  type QuestionnaireMessages,
  type QuestionnaireStore,
  type QuestionnaireStoreOptions,
} from '../../questionnaire';
import { useFhirClient } from '../FhirProvider';
import { useLocale } from '../locale/LocaleContext';
import { useRequest } from '../primitives/request';
import { useControllableState } from '../primitives/useControllableState';
import { useQuestionnaireDrafts, type UseQuestionnaireDraftsOptions } from './useQuestionnaireDrafts';
import { whenIdle } from './whenIdle';

/** Options of {@link useQuestionnaire}. */
export interface UseQuestionnaireOptions extends Omit<UseQuestionnaireDraftsOptions, 'draftId'> {
  /** The questionnaire, or a reference to read it by. */
  questionnaire: Questionnaire | Reference;
  /**
   * The response the form shows (controlled). The form is rebuilt from it whenever it is a
   * response other than the one the form last reported through `onValueChange`, so passing back
   * what the form reported costs nothing and passing another response (a reset) shows it.
   */
  value?: QuestionnaireResponse;
  /** The response an uncontrolled form starts from. */
  defaultValue?: QuestionnaireResponse;
  /** Called after each change with the response so far: status in-progress, no authored time. */
  onValueChange?: (response: QuestionnaireResponse) => void;
  /** An existing response to continue (loads back exactly); `defaultValue` by its older name. */
  questionnaireResponse?: QuestionnaireResponse;
  subject?: Reference;
  encounter?: Reference;
  /** The response's source; defaults to the signed-in profile. */
  source?: Reference;
  /** Extra FHIRPath variables and launch context, e.g. { patient }. */
  variables?: Record<string, unknown>;
  /**
   * The form's language: its texts from the questionnaire's translations, $expand's
   * displayLanguage and the response's `language`. The provider's locale, else the browser's.
   */
  locale?: string;
  /** How many value-set options to show; $expand asks for one more to know when to say so. */
  optionsDisplayLimit?: number;
  /** Called after each change with the response so far; `onValueChange` by its older name. */
  onChange?: (response: QuestionnaireResponse) => void;
  /** The engine's texts (validation, upload and search failures); read when the engine is built. */
  messages?: Partial<QuestionnaireMessages>;
  /**
   * A saved in-progress response found for this form. The user is asked first (`resumePending`):
   * resume loads its answers, start over begins empty; either way drafts and the submit update
   * this response by its id rather than create another.
   */
  draft?: QuestionnaireResponse;
}

/** What {@link useQuestionnaire} returns. */
export interface UseQuestionnaireResult {
  /** The engine, once the questionnaire is at hand. */
  store?: QuestionnaireStore;
  questionnaire?: Questionnaire;
  /** The questionnaire is being read by its reference. */
  loading: boolean;
  /** Reading the questionnaire by reference failed; cleared by a successful `refetch`. */
  error?: OperationOutcomeError;
  /** Reads the questionnaire by its reference again (after `error`); a no-op for a given resource. */
  refetch(): Promise<void>;
  /** The response the form shows: the controlled `value`, else the last one `onValueChange` was given. */
  value?: QuestionnaireResponse;
  /** A draft was given and the user has not yet chosen to resume it or start over. */
  resumePending: boolean;
  /** Continues from the draft's answers. */
  resumeDraft(): void;
  /** Starts with empty answers; the draft is overwritten by the next save. */
  startOver(): void;
  /** Draft saving, when `onSaveDraft` is given and the engine is built. */
  drafts?: QuestionnaireDrafts;
}

// Anything with a resourceType goes to the engine, which reports a wrong one itself; only a
// plain Reference is read from the server first.
function isQuestionnaireResource(value: UseQuestionnaireOptions['questionnaire']): value is Questionnaire {
  return typeof (value as Questionnaire)?.resourceType === 'string';
}

/**
 * The FHIRPath engine, loaded once the page is idle: a form with expressions renders and takes
 * typing at once, its first paint does not wait for the engine's download, and its expressions
 * apply when the engine lands.
 */
const loadFhirPathWhenIdle = (): Promise<FhirPathEngine> =>
  new Promise<void>((resolve) => whenIdle(resolve)).then(loadFhirPath);

/**
 * The headless questionnaire: reads the questionnaire when given a reference and builds the
 * engine with the client's value-set expansion, attachment upload and resource search, the
 * signed-in profile, and FHIRPath loaded when the page is idle.
 */
export function useQuestionnaire(options: UseQuestionnaireOptions): UseQuestionnaireResult {
  const client = useFhirClient();
  const given = options.questionnaire;
  const reference = isQuestionnaireResource(given) ? undefined : given?.reference;
  // A questionnaire given by reference is read through the request primitive, keyed by the
  // reference string: a new object with the same reference is the same questionnaire.
  const read = useRequest(reference, (signal) => client.readReference<Questionnaire>({ reference }, { signal }));
  const questionnaire = isQuestionnaireResource(given) ? given : read.data;
  const latest = useRef(options);
  latest.current = options;
  const language = useLocale(options.locale);
  const latestLanguage = useRef(language);
  latestLanguage.current = language;
  // The draft's answers are loaded only once the user chose to resume; until they chose, no
  // engine is built (the form would be thrown away).
  const [choice, setChoice] = useState<'resume' | 'start-over'>();
  const resumePending = !!options.draft && !choice;
  const [value, setValue] = useControllableState({
    value: options.value,
    defaultValue: options.defaultValue ?? options.questionnaireResponse,
    onValueChange: options.onValueChange,
  });
  // The engine holds the answers; the response it was built from changes only when `value` is
  // one the engine did not report itself (a controlled value echoed back is already shown).
  const reported = useRef<QuestionnaireResponse | undefined>(undefined);
  const [source, setSource] = useState(value);
  if (value !== source && value !== reported.current) setSource(value);
  const response = choice === 'resume' ? options.draft : source;

  const store = useMemo(() => {
    if (!questionnaire || resumePending) return undefined;
    const opts = latest.current;
    const profile = client.getProfile();
    const storeOptions: QuestionnaireStoreOptions = {
      response,
      subject: opts.subject,
      encounter: opts.encounter,
      source: opts.source,
      profile: profile?.id ? { reference: `${profile.resourceType}/${profile.id}` } : undefined,
      variables: opts.variables,
      optionsDisplayLimit: opts.optionsDisplayLimit,
      messages: opts.messages,
      language: latestLanguage.current,
      expandValueSet: (url, filter, count, displayLanguage): Promise<ValueSet> =>
        client.valueSetExpand({ url, filter, count, displayLanguage }),
      uploadAttachment: (file) => client.createAttachment(file),
      searchResources: (resourceType, params) => client.searchResources(resourceType as ResourceType, params),
      loadFhirPath: loadFhirPathWhenIdle,
    };
    return createQuestionnaireStore(questionnaire, storeOptions);
    // The store is the form's state: it is rebuilt only for another questionnaire or response.
  }, [client, questionnaire, response, resumePending]);

  // Another language keeps the answers: the store shows its texts in it, no rebuild.
  useEffect(() => store?.setLanguage(language), [store, language]);

  const drafts = useQuestionnaireDrafts(store, {
    onSaveDraft: options.onSaveDraft,
    draftDelay: options.draftDelay,
    draftId: options.draft?.id,
  });

  // Building the response walks the whole form, so it only happens when someone listens.
  const listening = !!options.onChange || !!options.onValueChange;
  useEffect(() => {
    if (!store || !listening) return;
    return store.subscribe(() => {
      const next = store.buildResponse({ status: 'in-progress' });
      reported.current = next;
      // The engine holds the answers: an uncontrolled form with only `onChange` keeps no copy, so
      // typing re-renders the field, not the form.
      if (latest.current.value !== undefined || latest.current.onValueChange) setValue(next);
      latest.current.onChange?.(next);
    });
  }, [store, listening, setValue]);

  return {
    store,
    questionnaire,
    loading: read.loading,
    error: read.error,
    refetch: read.refetch,
    value,
    resumePending,
    resumeDraft: useCallback(() => setChoice('resume'), []),
    startOver: useCallback(() => setChoice('start-over'), []),
    drafts,
  };
}
