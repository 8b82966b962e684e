// The engine's state: one explicit object that every part of the engine reads and changes.
// Each part (tree.ts, live-response.ts, enable-state.ts, ...) is a set of functions over it;
// README.md in this folder follows one change through them.
import type {
  Extension,
  Questionnaire,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  Signature,
} from '../fhir/types';
import { defaultQuestionnaireMessages, QuestionnaireUrls, type QuestionnaireMessages } from './constants';
import { buildDefinitions, type Definitions, type ItemDef } from './definitions';
import type { CompiledFhirPath, FhirPathEngine } from './expressions';
import type * as ExpressionItems from './expression-items';
import type { Node, RootNode } from './nodes';
import type { QuestionnaireFormState, QuestionnaireStoreOptions } from './types';

/** The on-demand module that runs expressions. */
export type ExpressionRunner = typeof ExpressionItems;

/** A change listener. */
export type Listener = () => void;

/** Who is told about changes, and what changed since they were last told (notify.ts). */
export interface Notifications {
  /** Instances whose snapshot is stale, flushed at the end of the outermost batch. */
  readonly changed: Set<Node>;
  /** Something form-level changed (pages, signature, error count, issues). */
  formChanged: boolean;
  /** Nesting of batch(); listeners run when it returns to 0. */
  depth: number;
  readonly itemListeners: Map<string, Set<Listener>>;
  readonly listeners: Set<Listener>;
}

/** The FHIRPath side: present only once the engine has loaded (fhirpath-load.ts). */
export interface FhirPathState {
  engine: FhirPathEngine | undefined;
  /** What runs the expressions (expression-items.ts), loaded with the engine. */
  run: ExpressionRunner | undefined;
  /** Expressions have been evaluated once (at once for a questionnaire without any). */
  ready: boolean;
  /** Compiled expressions by base and text; shared across stores of one engine. */
  compiled: Map<string, CompiledFhirPath | Error>;
  /** Declared launch contexts the caller did not supply: they evaluate as empty. */
  readonly launchDefaults: Record<string, unknown>;
}

/** Form-level state: what getFormState() shows. */
export interface FormLevelState {
  fatalError: string | undefined;
  /** Problems that concern the whole form. */
  readonly issues: string[];
  /** Enabled instances with errors (item-errors.ts keeps it current). */
  errorCount: number;
  /** The same count per page (top-level instance). */
  readonly pageErrors: Map<Node, number>;
  readonly paged: boolean;
  currentPage: number;
  readonly signatureRequired: boolean;
  signature: Signature | undefined;
  submitAttempted: boolean;
  /** The form snapshot; cleared when something form-level changes. */
  snapshot: QuestionnaireFormState | undefined;
}

/** Everything one questionnaire store holds. */
export interface EngineState {
  readonly questionnaire: Questionnaire;
  readonly defs: Definitions;
  readonly options: QuestionnaireStoreOptions;
  readonly messages: QuestionnaireMessages;
  readonly now: () => Date;
  readonly log: (message: string, detail?: unknown) => void;
  /** How many value-set options are shown. */
  readonly displayLimit: number;
  /** The form's language (translation.ts picks texts in it); changed by store.setLanguage. */
  language: string | undefined;
  /** The response being continued, when one was given. */
  readonly existing: QuestionnaireResponse | undefined;
  /** Extensions of the loaded response other than the signature, carried into the built one. */
  readonly responseExtensions: Extension[];

  /** The instance tree (tree.ts): the root, every instance by key. */
  readonly root: RootNode;
  readonly nodes: Map<string, Node>;
  /** Instances of each def that computes something (enableWhen, expressions), to re-evaluate by def. */
  readonly instances: Map<ItemDef, Set<Node>>;
  /** Next key counter per parent and def; counters are never reused. */
  readonly keySeqs: WeakMap<Node | RootNode, Map<ItemDef, number>>;
  /** The live response (live-response.ts) is kept only when an expression can read it. */
  readonly keepLive: boolean;
  /** Live response items shared by the instances of one question under one parent. */
  readonly sharedLive: WeakMap<Node | RootNode, Map<ItemDef, QuestionnaireResponseItem>>;

  readonly fhirpath: FhirPathState;
  readonly form: FormLevelState;
  readonly notify: Notifications;
}

/** Where the signature goes on the response (the core questionnaireresponse-signature extension). */
export const SIGNATURE_EXTENSION = 'http://hl7.org/fhir/StructureDefinition/questionnaireresponse-signature';
const LAUNCH_CONTEXT = 'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-launchContext';

/** A list from untrusted input: the value when it is an array, else empty. */
export const asList = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);

/**
 * The state of a new store, before its tree is built (load.ts builds it): the questionnaire read
 * into definitions, the given response checked. Never throws; what cannot be read becomes
 * `fatalError` or a form issue.
 */
export function createEngineState(input: unknown, options: QuestionnaireStoreOptions): EngineState {
  const isQuestionnaire = !!input && typeof input === 'object' && (input as any).resourceType === 'Questionnaire';
  const given = input as Questionnaire;
  const questionnaire: Questionnaire = isQuestionnaire
    ? Array.isArray(given.extension ?? []) && Array.isArray(given.contained ?? [])
      ? given
      : {
          ...given,
          extension: Array.isArray(given.extension) ? given.extension : undefined,
          contained: Array.isArray(given.contained) ? given.contained : undefined,
        }
    : { resourceType: 'Questionnaire', status: 'unknown' };
  let defs: Definitions;
  let fatalError: string | undefined = isQuestionnaire ? undefined : 'Not a Questionnaire.';
  try {
    defs = buildDefinitions(questionnaire);
  } catch (error) {
    fatalError = `The questionnaire could not be read: ${error instanceof Error ? error.message : String(error)}`;
    defs = buildDefinitions({ resourceType: 'Questionnaire', status: 'unknown' });
  }
  const issues: string[] = [...defs.issues];

  const launchDefaults: Record<string, unknown> = {};
  for (const ext of questionnaire.extension ?? []) {
    if (ext?.url !== LAUNCH_CONTEXT || !Array.isArray(ext.extension)) continue;
    const name = ext.extension.find((e) => e?.url === 'name');
    const value = name?.valueCoding?.code ?? name?.valueId ?? name?.valueString;
    if (value) launchDefaults[value] = [];
  }

  const existing =
    options.response &&
    typeof options.response === 'object' &&
    options.response.resourceType === 'QuestionnaireResponse'
      ? options.response
      : undefined;
  if (options.response && !existing) issues.push('The given response is not a QuestionnaireResponse; it was ignored.');
  if (
    existing?.questionnaire &&
    questionnaire.url &&
    !existing.questionnaire.startsWith(questionnaire.url) &&
    existing.questionnaire !== `Questionnaire/${questionnaire.id}`
  ) {
    issues.push(`The response is for ${existing.questionnaire}, not ${questionnaire.url}.`);
  }

  const root: RootNode = {
    children: [],
    live: { resourceType: 'QuestionnaireResponse', status: 'in-progress', item: [] },
  };
  if (questionnaire.url) root.live.questionnaire = questionnaire.url;

  return {
    questionnaire,
    defs,
    options,
    messages: { ...defaultQuestionnaireMessages, ...options.messages },
    now: options.now ?? (() => new Date()),
    log: options.log ?? ((message: string, detail?: unknown) => console.warn(message, detail ?? '')),
    displayLimit: options.optionsDisplayLimit ?? 50,
    language: options.language || undefined,
    existing,
    responseExtensions: asList(existing?.extension).filter(
      (e) => e && typeof e.url === 'string' && e.url !== SIGNATURE_EXTENSION
    ),
    root,
    nodes: new Map(),
    instances: new Map(),
    keySeqs: new WeakMap(),
    // The live response is what FHIRPath reads; without expressions nothing does.
    keepLive: defs.hasExpressions,
    sharedLive: new WeakMap(),
    fhirpath: { engine: undefined, run: undefined, ready: !defs.hasExpressions, compiled: new Map(), launchDefaults },
    form: {
      fatalError,
      issues,
      errorCount: 0,
      pageErrors: new Map(),
      paged: defs.roots[0]?.type === 'group' && defs.roots[0]?.control === 'page',
      currentPage: 0,
      signatureRequired: !!questionnaire.extension?.some((e) => e?.url === QuestionnaireUrls.signatureRequired),
      signature: asList(existing?.extension).find((e) => e?.url === SIGNATURE_EXTENSION)?.valueSignature,
      submitAttempted: false,
      snapshot: undefined,
    },
    notify: { changed: new Set(), formChanged: false, depth: 0, itemListeners: new Map(), listeners: new Set() },
  };
}
