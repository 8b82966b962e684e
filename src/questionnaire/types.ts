import type {
  Attachment,
  Coding,
  QuestionnaireItem,
  QuestionnaireResponse,
  QuestionnaireResponseItemAnswer,
  Reference,
  Resource,
  Signature,
  ValueSet,
  ValueSetComposeIncludeConceptDesignation,
} from '../fhir/types';
import type { QuestionnaireMessages } from './constants';
import type { FhirPathLoader } from './expressions';

/** One answer as it goes into the response: exactly one value[x]. */
export type QuestionnaireAnswer = QuestionnaireResponseItemAnswer;

/** The control an item is shown with: its itemControl code when recognised, else its type's default. */
export type ItemControl =
  // groups
  | 'group'
  | 'page'
  | 'tab-container'
  | 'gtable'
  | 'table'
  | 'grid'
  // display
  | 'display'
  | 'help'
  | 'flyover'
  | 'legal'
  | 'lower'
  | 'upper'
  | 'prompt'
  | 'unit'
  // questions
  | 'boolean'
  | 'number'
  | 'slider'
  | 'date'
  | 'dateTime'
  | 'time'
  | 'text-box'
  | 'text-area'
  | 'url'
  | 'drop-down'
  | 'check-box'
  | 'radio-button'
  | 'autocomplete'
  | 'multi-select'
  | 'attachment'
  | 'reference'
  | 'quantity';

/** An option the user can pick for a choice or open-choice item. */
export interface AnswerOptionView {
  /** The answer this option produces. */
  answer: QuestionnaireAnswer;
  /** Text to show. */
  label: string;
  /** Prefix such as 'a)' from the optionPrefix extension. */
  prefix?: string;
  /** Score from the ordinalValue / itemWeight extension. */
  score?: number;
  /** Switched off by an answerOptionsToggleExpression: shown but not selectable. */
  disabled?: boolean;
}

/** Constraints read from the item and its extensions, for inputs and validation. */
export interface ItemConstraints {
  minLength?: number;
  maxLength?: number;
  regex?: string;
  /** Lower bound as a number (decimal, integer, quantity) or an ISO string (date, dateTime, time). */
  minValue?: number | string;
  maxValue?: number | string;
  maxDecimalPlaces?: number;
  entryFormat?: string;
  minOccurs?: number;
  maxOccurs?: number;
  /** Allowed units of a quantity item. */
  unitOptions?: Coding[];
  /** Fixed unit from questionnaire-unit. */
  unit?: Coding;
  sliderStepValue?: number;
  /** Attachment limits. */
  mimeTypes?: string[];
  maxSize?: number;
  /** Allowed resource types of a reference item. */
  referenceResources?: string[];
}

/** The state of one item instance; a new object only when that item changed. */
export interface QuestionnaireItemState {
  /** Stable key of this instance (each repeat has its own), e.g. 'group[0]/name[1]'. */
  key: string;
  linkId: string;
  type: QuestionnaireItem['type'];
  text?: string;
  prefix?: string;
  /** The questionnaire item this instance comes from. */
  item: QuestionnaireItem;
  /** Key of the enclosing instance, undefined at the top level. */
  parentKey?: string;
  /** Keys of the child instances in questionnaire order. */
  childKeys: readonly string[];
  /** 0-based position among the repeats of this item under the same parent. */
  repeatIndex: number;
  /** Number of instances of this item under the same parent. */
  repeatCount: number;
  /** Answers of this instance; for a repeating non-choice item, at most one per instance. */
  answers: readonly QuestionnaireAnswer[];
  /** Answered by the user or loaded from a response (for showing errors only once touched). */
  touched: boolean;
  /** enableWhen / enableWhenExpression and all ancestors allow it. Disabled items leave the response. */
  enabled: boolean;
  /** questionnaire-hidden on it or an ancestor: not shown, but its answers stay in the response. */
  hidden: boolean;
  /** enabled and not hidden. */
  visible: boolean;
  readOnly: boolean;
  required: boolean;
  /** The item repeats (group or question). */
  repeats: boolean;
  control: ItemControl;
  constraints: ItemConstraints;
  /** Blocking errors: validation messages and validation-error extension texts. */
  errors: readonly string[];
  /** Non-blocking problems found at load or while evaluating (cycles, unknown items, failed expressions). */
  issues: readonly string[];
  /** 'Expression evaluation failed: {message}' when one of its expressions failed. */
  expressionError?: string;
  canAddRepeat: boolean;
  canRemoveRepeat: boolean;
  /** Options from answerOption, answerExpression or a loaded value set. */
  options: readonly AnswerOptionView[];
  optionsLoading: boolean;
  /** Set when loading the value set failed. */
  optionsError?: string;
  /** Set when the value set had more entries than the display limit. */
  optionsTruncated: boolean;
  /**
   * One of its expressions (calculated, enableWhen, initial, answer, option toggle) waits for the
   * FHIRPath engine: until it lands the item shows what it has and takes typing.
   */
  pending: boolean;
  /** An attachment item's file is being uploaded. */
  uploading: boolean;
  /** Why the last file could not be attached (too large, wrong type, upload failed). */
  uploadError?: string;
}

/** One page of a paged form. */
export interface QuestionnairePage {
  key: string;
  title: string;
  enabled: boolean;
  valid: boolean;
}

/** Form-level state; a new object only when something form-level changed. */
export interface QuestionnaireFormState {
  /** Set only when nothing can render (not a Questionnaire). */
  fatalError?: string;
  title?: string;
  /** Keys of the top-level instances. */
  rootKeys: readonly string[];
  /** False until expressions have been evaluated once (true at once without expressions). */
  ready: boolean;
  /** Pages when the first item is a group with the 'page' control, else undefined. */
  pages?: readonly QuestionnairePage[];
  currentPage: number;
  signatureRequired: boolean;
  signature?: Signature;
  submitAttempted: boolean;
  /** 'Signature is required.' after a submit attempt without a signature. */
  signatureError?: string;
  /** Number of enabled, validated items with errors. */
  errorCount: number;
  valid: boolean;
  /** Problems that concern the whole form (response items that match nothing, loader failure). */
  issues: readonly string[];
}

/** A validation error as returned by validate(). */
export interface QuestionnaireValidationError {
  key: string;
  linkId: string;
  message: string;
}

/** Result of expanding a value set. */
export interface ValueSetExpansion {
  contains: {
    system?: string;
    code?: string;
    display?: string;
    /** Displays in other languages; the one in the form's language is shown. */
    designation?: ValueSetComposeIncludeConceptDesignation[];
  }[];
}

/** A file handed to `uploadAttachment`. */
export interface QuestionnaireAttachmentUpload {
  data: Blob;
  filename?: string;
  contentType: string;
}

/** What the store needs from outside. */
export interface QuestionnaireStoreOptions {
  /** An existing response to continue. */
  response?: QuestionnaireResponse;
  /**
   * Expands a value set (ValueSet/$expand) and returns the expansion or the ValueSet. Given a
   * `language`, the engine passes it as `displayLanguage` (send it as $expand's displayLanguage).
   */
  expandValueSet?: (
    url: string,
    filter: string | undefined,
    count: number,
    displayLanguage?: string
  ) => Promise<ValueSet | ValueSetExpansion>;
  /** Uploads an attachment item's file and returns the Attachment pointing at it (e.g. FhirClient.createAttachment). */
  uploadAttachment?: (file: QuestionnaireAttachmentUpload) => Promise<Attachment | undefined>;
  /** Searches resources of one type for a reference item (e.g. FhirClient.searchResources). */
  searchResources?: (resourceType: string, params: Record<string, string>) => Promise<readonly Resource[]>;
  /** The clock; defaults to Date. */
  now?: () => Date;
  /** Loads the FHIRPath engine; only called when the questionnaire has an expression. */
  loadFhirPath?: FhirPathLoader;
  /** Subject of the response (the patient). */
  subject?: Reference;
  encounter?: Reference;
  /** The response's source; defaults to `profile`. */
  source?: Reference;
  /** The signed-in user's profile reference: signer and source when none given. */
  profile?: Reference;
  /** Launch context and extra variables for FHIRPath, e.g. { patient, user, encounter }. */
  variables?: Record<string, unknown>;
  /**
   * The form's language tag (e.g. 'es', 'ar', 'es-MX'): texts and option labels come from the
   * questionnaire's translation extensions and designations in it (exact tag, then base
   * language, else the original), value sets are expanded in it, and the response records it.
   */
  language?: string;
  /** Option display limit; value sets are expanded with count = limit + 1. Default 50. */
  optionsDisplayLimit?: number;
  messages?: Partial<QuestionnaireMessages>;
  /** Where load and evaluation problems are logged; defaults to console.warn. */
  log?: (message: string, detail?: unknown) => void;
}
