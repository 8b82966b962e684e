/**
 * src/questionnaire: the headless questionnaire engine. No React, no DOM at module load.
 *
 * `createQuestionnaireStore(questionnaire, options)` owns the form state. The React layer
 * subscribes item by item:
 * `useSyncExternalStore(store.subscribeItem(key), () => store.getItemState(key))`; a snapshot
 * keeps its identity until that item changes, so a keystroke re-renders that item and what
 * depends on it. `subscribe` + `getFormState` serve form-level parts (pages, signature, validity).
 *
 * Choices written down here:
 * - Keys: `linkId[n]` joined by '/', with `n` a per-parent counter that is never reused, so a
 *   removed repeat does not shift the keys of the others.
 * - Repeating groups and repeating non-choice questions repeat as instances (one answer each,
 *   merged into one response item for questions); repeating choice/open-choice items hold several
 *   answers in one instance.
 * - A question the user cleared stays in the response with `answer: []` ("clearing all
 *   selections yields an empty answer"); untouched empty questions are left out.
 * - Disabled items leave the response; hidden items (questionnaire-hidden) stay, and are not
 *   validated since the user cannot fix them.
 * - Signature: `Signature.type` is `{ system: 'https://fhir-portal-kit.dev/signature-type',
 *   code: 'ProofOfOrigin', display: 'Proof of Origin' }`; it is put on the response in the core
 *   `questionnaireresponse-signature` extension.
 * - A failed expression is recorded as 'Expression evaluation failed: {message}' on the item state
 *   (`expressionError`, `issues`) and on the response item in the extension
 *   `https://fhir-portal-kit.dev/StructureDefinition/expression-error` (valueString). A server's
 *   `questionnaire-validationError` extension on a loaded response item shows as an error until
 *   the user edits the item.
 * - Required comes from a boolean `required` or `...required` extension on the loaded response
 *   item when present, else from the questionnaire item.
 * - Expressions: FHIRPath through the `fhirpath` package, loaded with `import()` only when the
 *   questionnaire has an expression. Dependencies come from a static scan (linkId literals and
 *   %variables); an expression whose reads cannot be told is re-evaluated on every change.
 *   Declared launch contexts the caller does not pass evaluate as empty; x-fhir-query variables
 *   are not run (they need a server), so expressions using them report a failure on their item.
 * - Default error texts are in `defaultQuestionnaireMessages`; replace any through `messages`.
 * - I/O comes in as functions: `expandValueSet` (value-set options), `uploadAttachment`
 *   (attachment items, through `attachFile`) and `searchResources` (reference items, through
 *   `searchReferences`, whose results become the item's options). Without one, the item shows
 *   that it is unavailable.
 * - Until FHIRPath has loaded, the form works without expressions: items that compute something
 *   are `pending`, an enableWhenExpression counts as met, and nothing is calculated; once it
 *   lands everything is evaluated and `ready` turns true.
 * - Drafts (`createQuestionnaireDrafts`): the answers so far go to a caller's `save` as an
 *   in-progress response 1 s after the last change (a flush saves at once); the first save
 *   creates, the id it returns is carried by later saves and by the completed response, so a
 *   submit updates the draft rather than adds a second response.
 * - Languages (`language`, `setLanguage`): texts come from the core `translation` extension on
 *   `_title`, `_text`, `_prefix`, an option's `valueCoding._display` / `_valueString` and an
 *   optionPrefix's `_valueString`, and from concepts' designations (translation.ts): exact tag,
 *   then base language ('es-MX' takes 'es'), else the original. Value sets are expanded with the
 *   language as displayLanguage. The response records `language`; its answers are the Codings as
 *   defined (codes, and the questionnaire's own display with its translations) or as the value
 *   set's expansion in that language gave them, and its items' `text` stays the original.
 * - How the engine is built, and the path of one change: README.md in this folder.
 */
export { createQuestionnaireStore, type QuestionnaireStore } from './store';
export type {
  AnswerOptionView,
  ItemConstraints,
  ItemControl,
  QuestionnaireAnswer,
  QuestionnaireAttachmentUpload,
  QuestionnaireFormState,
  QuestionnaireItemState,
  QuestionnairePage,
  QuestionnaireStoreOptions,
  QuestionnaireValidationError,
  ValueSetExpansion as QuestionnaireValueSetExpansion,
} from './types';
export { QuestionnaireUrls, defaultQuestionnaireMessages, type QuestionnaireMessages } from './constants';
export { loadFhirPath, type FhirPathEngine, type FhirPathLoader, type CompiledFhirPath } from './expressions';
export { valueKeyForType } from './answers';
export { evaluateEnableWhen } from './enable-when';
export { optionLabel } from './options';
export { TRANSLATION_EXTENSION, designatedText, translatedText } from './translation';
export type { QuestionnaireFile } from './attachments';
export {
  createQuestionnaireDrafts,
  DEFAULT_DRAFT_DELAY,
  type QuestionnaireDrafts,
  type QuestionnaireDraftsOptions,
  type QuestionnaireDraftStatus,
  type SaveQuestionnaireDraft,
} from './drafts';
