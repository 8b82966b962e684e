// Snapshots: the immutable views subscribers read. An instance's snapshot is built on first read
// and kept until notify.ts drops it because the instance changed, so an unchanged item hands
// React the same object and does not re-render. The same holds for the form's snapshot.
import type { ValueSet } from '../fhir/types';
import { answerIdentity } from './answers';
import type { ItemDef } from './definitions';
import { requiredOf } from './item-errors';
import type { Node, OptionsState } from './nodes';
import { optionsFromAnswerOptions, optionsFromExpansion } from './options';
import type { EngineState } from './state';
import { parentOf } from './tree';
import { translatedText } from './translation';
import type { QuestionnaireFormState, QuestionnaireItemState, QuestionnairePage } from './types';

const NO_OPTIONS: OptionsState = { options: [], loading: false, truncated: false };

/** Items that show options: choices, any item with answerOption or answerValueSet, and references (their search results). */
function hasOptions(def: ItemDef): boolean {
  return (
    def.type === 'choice' ||
    def.type === 'open-choice' ||
    def.type === 'reference' ||
    !!def.item.answerOption?.length ||
    !!def.item.answerValueSet
  );
}

/** The item computes something through FHIRPath (initialExpression only on a fresh form). */
export function hasExpression(s: EngineState, def: ItemDef): boolean {
  return !!(
    def.calculatedExpression ||
    def.enableWhenExpression ||
    def.answerExpression ||
    def.optionToggles.length ||
    (def.initialExpression && !s.existing)
  );
}

/** The options of an instance; answerOption and contained value sets are read on first use. */
export function optionsOf(s: EngineState, node: Node): OptionsState {
  if (node.optionsState) return node.optionsState;
  const item = node.def.item;
  if (Array.isArray(item.answerOption) && item.answerOption.length) {
    node.optionsState = {
      options: optionsFromAnswerOptions(item.answerOption, s.language),
      loading: false,
      truncated: false,
    };
  } else if (item.answerValueSet?.startsWith('#')) {
    const contained = s.questionnaire.contained?.find(
      (r) => r?.resourceType === 'ValueSet' && r.id === item.answerValueSet!.slice(1)
    ) as ValueSet | undefined;
    const result = optionsFromExpansion(contained, s.displayLimit, s.language);
    node.optionsState = {
      ...result,
      loading: false,
      ...(contained ? {} : { error: s.messages.valueSetNotFound(item.answerValueSet) }),
    };
  } else node.optionsState = { options: [], loading: false, truncated: false };
  return node.optionsState;
}

/** The snapshot of one instance; the same object until the instance changes. */
export function itemSnapshot(s: EngineState, node: Node): QuestionnaireItemState {
  if (node.state) return node.state;
  const def = node.def;
  // Only items that repeat as instances have siblings of their own definition.
  let repeatIndex = 0;
  let repeatCount = 1;
  if (def.repeatsAsInstances) {
    repeatCount = 0;
    for (const sibling of parentOf(s, node).children) {
      if (sibling.def !== def) continue;
      if (sibling === node) repeatIndex = repeatCount;
      repeatCount++;
    }
  }
  const max = def.constraints.maxOccurs;
  const opts = hasOptions(def) ? optionsOf(s, node) : NO_OPTIONS;
  const failed = node.expressionErrors?.size ? [...node.expressionErrors.values()] : undefined;
  const state: QuestionnaireItemState = {
    key: node.key,
    linkId: def.linkId,
    type: def.type,
    item: def.item,
    childKeys: node.childKeys,
    repeatIndex,
    repeatCount,
    answers: node.answers,
    touched: node.touched,
    enabled: node.enabled,
    hidden: node.hidden,
    visible: node.enabled && !node.hidden,
    readOnly: def.readOnly || !!def.calculatedExpression,
    required: requiredOf(node),
    repeats: !!def.item.repeats,
    control: def.control,
    constraints: def.constraints,
    errors: node.errors,
    issues: failed || opts.error ? [...def.issues, ...(failed ?? []), ...(opts.error ? [opts.error] : [])] : def.issues,
    canAddRepeat: def.repeatsAsInstances && node.enabled && !def.readOnly && (max === undefined || repeatCount < max),
    canRemoveRepeat: def.repeatsAsInstances && repeatCount > Math.max(1, def.constraints.minOccurs ?? 0),
    options: node.disabledOptions?.size
      ? opts.options.map((o) => (node.disabledOptions!.has(answerIdentity(o.answer)) ? { ...o, disabled: true } : o))
      : opts.options,
    optionsLoading: opts.loading,
    optionsTruncated: opts.truncated,
    pending: !s.fhirpath.ready && hasExpression(s, def),
    uploading: !!node.upload?.uploading,
  };
  // Optional keys are absent, not undefined. Texts are in the form's language where translated.
  const text = translatedText(def.item.text, def.item._text, s.language);
  const prefix = translatedText(def.item.prefix, def.item._prefix, s.language);
  if (text !== undefined) state.text = text;
  if (prefix !== undefined) state.prefix = prefix;
  if (node.parent) state.parentKey = node.parent.key;
  if (failed) state.expressionError = failed[0];
  if (opts.error) state.optionsError = opts.error;
  if (node.upload?.error) state.uploadError = node.upload.error;
  return (node.state = state);
}

/** The pages of a paged form (its top-level instances), else undefined. Not cached: page validity follows every answer. */
export function pages(s: EngineState): QuestionnairePage[] | undefined {
  if (!s.form.paged) return undefined;
  return s.root.children.map((node) => ({
    key: node.key,
    title: translatedText(node.def.item.text, node.def.item._text, s.language) ?? node.def.linkId,
    enabled: node.enabled,
    valid: (s.form.pageErrors.get(node) ?? 0) === 0,
  }));
}

/** The form-level snapshot; the same object until something form-level changes. */
export function formSnapshot(s: EngineState): QuestionnaireFormState {
  const form = s.form;
  if (form.snapshot) return form.snapshot;
  const signatureError =
    form.submitAttempted && form.signatureRequired && !form.signature ? s.messages.signatureRequired : undefined;
  const title = translatedText(s.questionnaire.title, s.questionnaire._title, s.language);
  form.snapshot = {
    ...(form.fatalError ? { fatalError: form.fatalError } : {}),
    ...(title ? { title } : {}),
    rootKeys: s.root.children.map((c) => c.key),
    ready: s.fhirpath.ready,
    ...(form.paged ? { pages: pages(s) } : {}),
    currentPage: form.currentPage,
    signatureRequired: form.signatureRequired,
    ...(form.signature ? { signature: form.signature } : {}),
    submitAttempted: form.submitAttempted,
    ...(signatureError ? { signatureError } : {}),
    errorCount: form.errorCount,
    valid: form.errorCount === 0 && !signatureError && !form.fatalError,
    issues: [...form.issues],
  };
  return form.snapshot;
}
