// Shared builders for the questionnaire engine's tests (not exported from the package).
import type { Questionnaire, QuestionnaireItem, QuestionnaireResponse } from '../fhir/types';
import { createQuestionnaireStore, type QuestionnaireStore } from './store';
import type { QuestionnaireStoreOptions } from './types';

export const NOW = new Date('2026-03-04T05:06:07.000Z');
export const AUTHORED = '2026-03-04T05:06:07.000Z';
export const Q_URL = 'https://example.org/Questionnaire/test';

/** A Questionnaire with the given items. */
export function questionnaire(item: QuestionnaireItem[], extra: Partial<Questionnaire> = {}): Questionnaire {
  return { resourceType: 'Questionnaire', status: 'active', url: Q_URL, item, ...extra };
}

/** A store with a fixed clock and a silent log. */
export function makeStore(q: unknown, options: QuestionnaireStoreOptions = {}): QuestionnaireStore {
  return createQuestionnaireStore(q, { now: () => NOW, log: () => {}, ...options });
}

/** The key of the nth instance of a linkId. */
export function keyOf(store: QuestionnaireStore, linkId: string, index = 0): string {
  const key = store.findKeys(linkId)[index];
  if (!key) throw new Error(`No instance ${index} of '${linkId}'`);
  return key;
}

/** The expected response around the given items. */
export function response(
  item: QuestionnaireResponse['item'],
  extra: Partial<QuestionnaireResponse> = {}
): QuestionnaireResponse {
  return {
    resourceType: 'QuestionnaireResponse',
    questionnaire: Q_URL,
    status: 'completed',
    authored: AUTHORED,
    item,
    ...extra,
  };
}
