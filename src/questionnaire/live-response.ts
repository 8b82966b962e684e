// The live response: a QuestionnaireResponse kept current as answers and enable states change,
// because it is what FHIRPath expressions read (%resource, %context). It is kept only when the
// questionnaire has an expression (state.keepLive); otherwise every function here returns at once.
// Each refresh is local: a parent's item list, or one question's answers.
import type { QuestionnaireResponseItem, QuestionnaireResponseItemAnswer } from '../fhir/types';
import { isQuestion, type Node, type RootNode } from './nodes';
import type { EngineState } from './state';
import { allInstances, parentOf } from './tree';

/** Recomputes the live `item` list of a parent from its enabled children. O(children). */
export function refreshLiveChildren(s: EngineState, parent: Node | RootNode): void {
  if (!s.keepLive) return;
  const items: QuestionnaireResponseItem[] = [];
  const seen = new Set<QuestionnaireResponseItem>();
  for (const child of parent.children) {
    if (!child.enabled || child.def.type === 'display') continue;
    if (seen.has(child.live!)) continue;
    seen.add(child.live!);
    items.push(child.live!);
  }
  if (parent === s.root) {
    s.root.live.item = items;
    return;
  }
  const node = parent as Node;
  if (isQuestion(node.def)) {
    refreshLiveAnswers(s, node);
  } else if (items.length) node.live!.item = items;
  else delete node.live!.item;
}

/** Recomputes the shared live item of a question from all its instances. O(instances). */
export function refreshLiveAnswers(s: EngineState, node: Node): void {
  if (!s.keepLive) return;
  const parent = parentOf(s, node);
  const answers: QuestionnaireResponseItemAnswer[] = [];
  let orphanChildren: QuestionnaireResponseItem[] = [];
  for (const sibling of parent.children) {
    if (sibling.def !== node.def || !sibling.enabled) continue;
    const unique: QuestionnaireResponseItem[] = sibling.children.length
      ? [...new Set(sibling.children.filter((c) => c.enabled && c.def.type !== 'display').map((c) => c.live!))]
      : [];
    sibling.answers.forEach((answer, i) => {
      answers.push(i === sibling.answers.length - 1 && unique.length ? { ...answer, item: unique } : answer);
    });
    if (!sibling.answers.length && unique.length) orphanChildren = orphanChildren.concat(unique);
  }
  const live = node.live!;
  if (answers.length) live.answer = answers;
  else delete live.answer;
  if (orphanChildren.length) live.item = orphanChildren;
  else delete live.item;
}

/**
 * The whole live response, once the tree is built: every question once (instances under one
 * parent share their live item), then the groups from the bottom up, then the root.
 */
export function refreshLiveResponse(s: EngineState): void {
  if (!s.keepLive) return;
  const ordered = allInstances(s);
  const refreshed = new Set<QuestionnaireResponseItem>();
  for (const node of ordered) {
    if (!isQuestion(node.def) || refreshed.has(node.live!)) continue;
    refreshed.add(node.live!);
    refreshLiveAnswers(s, node);
  }
  for (let i = ordered.length - 1; i >= 0; i--) if (!isQuestion(ordered[i].def)) refreshLiveChildren(s, ordered[i]);
  refreshLiveChildren(s, s.root);
}
