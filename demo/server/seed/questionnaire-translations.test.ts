// The demo's intake and screening questionnaires read in Spanish and Arabic through the engine,
// every text, help text and answer display translated; their value sets designate both languages.
import { describe, expect, it } from 'vitest';
import type { Questionnaire, QuestionnaireItem } from '../../../src/fhir/types';
import { createQuestionnaireStore } from '../../../src/questionnaire';
import { intakeQuestionnaire, screeningQuestionnaire } from './questionnaires';
import { buildValueSets } from './valuesets';

/** The canonical urls of the value sets an item tree names. */
function valueSetsOf(items: QuestionnaireItem[] = [], out = new Set<string>()): Set<string> {
  for (const item of items) {
    if (item.answerValueSet) out.add(item.answerValueSet);
    valueSetsOf(item.item, out);
  }
  return out;
}

describe.each([
  ['screening', screeningQuestionnaire()],
  ['intake', intakeQuestionnaire()],
] as [string, Questionnaire][])('the %s questionnaire', (_name, questionnaire) => {
  describe.each(['es', 'ar'])("in '%s'", (language) => {
    const english = createQuestionnaireStore(questionnaire, { log: () => {} });
    const store = createQuestionnaireStore(questionnaire, { language, log: () => {} });

    it('shows a translated title', () => {
      expect(store.getFormState().title).toBeTruthy();
      expect(store.getFormState().title).not.toBe(english.getFormState().title);
    });

    it('shows every item text, help text and answer display translated', () => {
      const untranslated: string[] = [];
      for (const key of store.getKeys()) {
        const [shown, original] = [store.getItemState(key)!, english.getItemState(key)!];
        // Words that are the same in Spanish ('No') are translated too; only an absent translation shows the English.
        if (original.text && !shown.item._text) untranslated.push(original.text);
        shown.options.forEach((option, i) => {
          if (option.label === original.options[i].label && !option.answer.valueCoding?._display)
            untranslated.push(option.label);
        });
      }
      expect(untranslated).toEqual([]);
    });
  });

  it('names value sets whose every concept has a Spanish and an Arabic designation', () => {
    const stored = new Map(buildValueSets().map((vs) => [vs.url, vs]));
    for (const url of valueSetsOf(questionnaire.item)) {
      for (const include of stored.get(url)!.compose!.include) {
        for (const concept of include.concept ?? []) {
          expect(
            concept.designation?.map((d) => d.language),
            `${url} ${concept.code}`
          ).toEqual(['es', 'ar']);
        }
      }
    }
  });
});
