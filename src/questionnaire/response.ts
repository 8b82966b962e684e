// Building the QuestionnaireResponse from the instance tree (the live response, kept for
// FHIRPath, is a different thing: see live-response.ts).
import type {
  Extension,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
} from '../fhir/types';
import { QuestionnaireUrls } from './constants';
import type { ItemDef } from './definitions';
import { isQuestion, type Node } from './nodes';
import { SIGNATURE_EXTENSION, type EngineState } from './state';

/**
 * The QuestionnaireResponse: status completed and authored now (a submit), or with
 * `status: 'in-progress'` the draft of a form still being filled, without authored.
 */
export function buildResponse(s: EngineState, status: 'completed' | 'in-progress'): QuestionnaireResponse {
  const { questionnaire, options } = s;
  const source = options.source ?? options.profile;
  const questionnaireRef = questionnaire.url
    ? questionnaire.url
    : questionnaire.id
      ? `Questionnaire/${questionnaire.id}`
      : undefined;
  // The language the answers were given in: the form's, else the one the continued response had.
  const language = s.language ?? s.existing?.language;
  const response: QuestionnaireResponse = {
    resourceType: 'QuestionnaireResponse',
    ...(s.existing?.id ? { id: s.existing.id } : {}),
    ...(language ? { language } : {}),
    ...(questionnaireRef ? { questionnaire: questionnaireRef } : {}),
    status,
    ...(options.subject ? { subject: options.subject } : {}),
    ...(options.encounter ? { encounter: options.encounter } : {}),
    // Submission sets completed and authored; a draft has neither.
    ...(status === 'completed' ? { authored: s.now().toISOString() } : {}),
    ...(source ? { source } : {}),
    item: buildResponseItems(s.root.children),
  };
  const extensions = [...s.responseExtensions];
  if (s.form.signature) extensions.push({ url: SIGNATURE_EXTENSION, valueSignature: s.form.signature });
  if (extensions.length) response.extension = extensions;
  return response;
}

/** Response items for instances in questionnaire order: enabled only, question instances merged, empty untouched items left out. */
export function buildResponseItems(children: Node[]): QuestionnaireResponseItem[] {
  const items: QuestionnaireResponseItem[] = [];
  let i = 0;
  while (i < children.length) {
    const node = children[i];
    const def = node.def;
    if (!node.enabled || def.type === 'display') {
      i++;
      continue;
    }
    if (isQuestion(def)) {
      // All instances of a question under one parent form one response item.
      const group: Node[] = [];
      while (i < children.length && children[i].def === def) {
        if (children[i].enabled) group.push(children[i]);
        i++;
      }
      const item = questionItem(def, group);
      if (item) items.push(item);
      continue;
    }
    const nested = buildResponseItems(node.children);
    if (nested.length || node.touched) {
      items.push({
        ...(node.responseId ? { id: node.responseId } : {}),
        ...(node.responseExtensions || node.expressionErrors?.size ? { extension: extensionsOf(node) } : {}),
        linkId: def.linkId,
        ...(def.item.text !== undefined ? { text: def.item.text } : {}),
        ...(nested.length ? { item: nested } : {}),
      });
    }
    i++;
  }
  return items;
}

function extensionsOf(node: Node): Extension[] {
  const list = [...(node.responseExtensions ?? [])];
  for (const message of node.expressionErrors?.values() ?? [])
    list.push({ url: QuestionnaireUrls.expressionError, valueString: message });
  return list;
}

function questionItem(def: ItemDef, group: Node[]): QuestionnaireResponseItem | undefined {
  const answers: QuestionnaireResponseItemAnswer[] = [];
  let orphans: QuestionnaireResponseItem[] = [];
  let touched = false;
  let head: Node | undefined;
  for (const node of group) {
    head ??= node;
    touched ||= node.touched;
    const nested = buildResponseItems(node.children);
    node.answers.forEach((answer, index) => {
      const copy: QuestionnaireResponseItemAnswer = { ...answer };
      if (index === node.answers.length - 1 && nested.length) copy.item = nested;
      answers.push(copy);
    });
    if (!node.answers.length && nested.length) orphans = orphans.concat(nested);
  }
  if (!head || (!answers.length && !orphans.length && !touched)) return undefined;
  const withExtensions = group.find((n) => n.responseExtensions || n.expressionErrors?.size);
  return {
    ...(head.responseId ? { id: head.responseId } : {}),
    ...(withExtensions ? { extension: extensionsOf(withExtensions) } : {}),
    linkId: def.linkId,
    ...(def.item.text !== undefined ? { text: def.item.text } : {}),
    // Clearing every choice keeps the item with an empty answer list.
    answer: answers,
    ...(orphans.length ? { item: orphans } : {}),
  };
}
