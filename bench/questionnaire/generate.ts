import type { Questionnaire, QuestionnaireItem } from '../../src/fhir';

const TYPES: QuestionnaireItem['type'][] = [
  'string',
  'integer',
  'decimal',
  'date',
  'boolean',
  'choice',
  'text',
  'string',
  'choice',
  'string',
];
const OPTIONS = ['Never', 'Sometimes', 'Often', 'Always'].map((display, i) => ({
  valueCoding: { system: 'http://example.org/frequency', code: String(i), display },
}));

/**
 * A questionnaire of `size` questions: a realistic mix of types in groups of 20, a tenth of them
 * with enableWhen on an earlier answer, plus a 'driver' boolean that 20 items depend on.
 */
export function generateQuestionnaire(size: number): Questionnaire {
  const groups: QuestionnaireItem[] = [];
  const driver: QuestionnaireItem = { linkId: 'driver', text: 'Show the follow-up questions', type: 'boolean' };
  const followUps: QuestionnaireItem[] = Array.from({ length: 20 }, (_, i) => ({
    linkId: `follow-${i}`,
    text: `Follow-up question ${i + 1}`,
    type: 'string',
    enableWhen: [{ question: 'driver', operator: '=', answerBoolean: true }],
  }));
  groups.push({
    linkId: 'g-driver',
    text: 'Follow-ups',
    type: 'group',
    item: [{ linkId: 'typing', text: 'Type here', type: 'string' }, driver, ...followUps],
  });
  let n = 0;
  for (let g = 0; n < size; g++) {
    const items: QuestionnaireItem[] = [];
    for (let i = 0; i < 20 && n < size; i++, n++) {
      const type = TYPES[n % TYPES.length];
      const item: QuestionnaireItem = { linkId: `q${n}`, text: `Question ${n + 1}`, type };
      if (type === 'choice') {
        item.answerOption = OPTIONS;
        item.extension = [
          {
            url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl',
            valueCodeableConcept: { coding: [{ code: n % 3 ? 'radio-button' : 'drop-down' }] },
          },
        ];
      }
      // A tenth depend on the previous question being answered.
      if (n % 10 === 9 && i > 0) item.enableWhen = [{ question: `q${n - 1}`, operator: 'exists', answerBoolean: true }];
      items.push(item);
    }
    groups.push({ linkId: `g${g}`, text: `Section ${g + 1}`, type: 'group', item: items });
  }
  return {
    resourceType: 'Questionnaire',
    status: 'active',
    title: `Generated questionnaire (${size} items)`,
    item: groups,
  };
}
