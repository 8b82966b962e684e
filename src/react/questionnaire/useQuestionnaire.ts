import { useEffect, useMemo, useRef } from 'react';
import type { Questionnaire, QuestionnaireResponse, Reference, ResourceType, ValueSet } from '../../fhir';
import { normalizeErrorString } from '../../fhir';
import {
  createQuestionnaireStore,
  loadFhirPath,
  type FhirPathEngine,
  type QuestionnaireMessages,
  type QuestionnaireStore,
  type QuestionnaireStoreOptions,
} from '../../questionnaire';
import { useFhirClient } from '../FhirProvider';
import { useRequest } from '../hooks/request';
import { whenIdle } from './whenIdle';

/** Options of {@link useQuestionnaire}. */
export interface UseQuestionnaireOptions {
  /** The questionnaire, or a reference to read it by. */
  questionnaire: Questionnaire | Reference;
  /** An existing response to continue (loads back exactly). */
  questionnaireResponse?: QuestionnaireResponse;
  subject?: Reference;
  encounter?: Reference;
  /** The response's source; defaults to the signed-in profile. */
  source?: Reference;
  /** Extra FHIRPath variables and launch context, e.g. { patient }. */
  variables?: Record<string, unknown>;
  /** How many value-set options to show; $expand asks for one more to know when to say so. */
  optionsDisplayLimit?: number;
  /** Called after each change with the response so far: status in-progress, no authored time. */
  onChange?: (response: QuestionnaireResponse) => void;
  /** The engine's texts (validation, upload and search failures); read when the engine is built. */
  messages?: Partial<QuestionnaireMessages>;
}

/** What {@link useQuestionnaire} returns. */
export interface UseQuestionnaireResult {
  /** The engine, once the questionnaire is at hand. */
  store?: QuestionnaireStore;
  questionnaire?: Questionnaire;
  loading: boolean;
  /** Reading the questionnaire by reference failed. */
  error?: string;
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

  const store = useMemo(() => {
    if (!questionnaire) return undefined;
    const opts = latest.current;
    const profile = client.getProfile();
    const storeOptions: QuestionnaireStoreOptions = {
      response: opts.questionnaireResponse,
      subject: opts.subject,
      encounter: opts.encounter,
      source: opts.source,
      profile: profile?.id ? { reference: `${profile.resourceType}/${profile.id}` } : undefined,
      variables: opts.variables,
      optionsDisplayLimit: opts.optionsDisplayLimit,
      messages: opts.messages,
      expandValueSet: (url: string, filter: string | undefined, count: number): Promise<ValueSet> =>
        client.valueSetExpand({ url, filter, count }),
      uploadAttachment: (file) => client.createAttachment(file),
      searchResources: (resourceType, params) => client.searchResources(resourceType as ResourceType, params),
      loadFhirPath: loadFhirPathWhenIdle,
    };
    return createQuestionnaireStore(questionnaire, storeOptions);
    // The store is the form's state: it is rebuilt only for another questionnaire or response.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, questionnaire, options.questionnaireResponse]);

  // Building the response walks the whole form, so it only happens when someone listens.
  const listening = !!options.onChange;
  useEffect(() => {
    if (!store || !listening) return;
    return store.subscribe(() => latest.current.onChange?.(store.buildResponse({ status: 'in-progress' })));
  }, [store, listening]);

  return {
    store,
    questionnaire,
    loading: read.loading,
    error: read.error && normalizeErrorString(read.error),
  };
}
