import type { QuestionnaireStore } from './store';

/**
 * The answers of a store's response as one string to compare: what a draft saver takes as the
 * answers the server already holds. Apart from drafts.ts, so the form can read them before the
 * saver's chunk arrives.
 */
export function answersOf(store: QuestionnaireStore): string {
  return JSON.stringify(store.buildResponse({ status: 'in-progress' }).item ?? []);
}
