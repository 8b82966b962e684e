// @vitest-environment node
import fc from 'fast-check';
import type { QuestionnaireItem, QuestionnaireResponseItem } from '../fhir/types';
import { answerValueKey } from './answers';
import { makeStore, questionnaire } from './test-helpers';
import type { QuestionnaireAnswer } from './types';

// Loading and compiling FHIRPath is slow on a busy shared CI machine.
vi.setConfig({ testTimeout: 30_000 });

const QUESTION_TYPES = [
  'boolean',
  'decimal',
  'integer',
  'date',
  'dateTime',
  'time',
  'string',
  'text',
  'url',
  'choice',
  'open-choice',
  'attachment',
  'reference',
  'quantity',
] as const;
const OPERATORS = ['exists', '=', '!=', '>', '<', '>=', '<='] as const;

type Spec = {
  type: string;
  repeats: boolean;
  hidden: boolean;
  required: boolean;
  children: Spec[];
  condition?: [number, number, number];
};

const specArb: fc.Arbitrary<Spec[]> = fc.letrec((tie) => ({
  item: fc.record({
    type: fc.oneof(fc.constantFrom(...QUESTION_TYPES), fc.constant('group'), fc.constant('display')),
    repeats: fc.boolean(),
    hidden: fc.boolean(),
    required: fc.boolean(),
    children: fc.oneof({ depthSize: 'small' }, fc.constant([]), tie('items') as fc.Arbitrary<Spec[]>),
    condition: fc.option(fc.tuple(fc.nat(), fc.nat(OPERATORS.length - 1), fc.integer({ min: -3, max: 3 })), {
      nil: undefined,
    }),
  }),
  items: fc.array(tie('item') as fc.Arbitrary<Spec>, { minLength: 1, maxLength: 4 }),
})).items as fc.Arbitrary<Spec[]>;

const options = [
  { valueCoding: { system: 's', code: 'a', display: 'A' } },
  { valueCoding: { system: 's', code: 'b', display: 'B' } },
];

function sample(type: string, n: number): QuestionnaireAnswer | undefined {
  switch (type) {
    case 'boolean':
      return { valueBoolean: n % 2 === 0 };
    case 'decimal':
      return { valueDecimal: n / 4 };
    case 'integer':
      return { valueInteger: n };
    case 'date':
      return { valueDate: `2020-01-${String((Math.abs(n) % 28) + 1).padStart(2, '0')}` };
    case 'dateTime':
      return { valueDateTime: `2020-01-01T${String(Math.abs(n) % 24).padStart(2, '0')}:00:00Z` };
    case 'time':
      return { valueTime: `${String(Math.abs(n) % 24).padStart(2, '0')}:00:00` };
    case 'string':
    case 'text':
      return { valueString: `s${n}` };
    case 'url':
      return { valueUri: `https://x.org/${n}` };
    case 'choice':
      return options[Math.abs(n) % 2];
    case 'open-choice':
      return n % 3 === 0 ? { valueString: `free ${n}` } : options[Math.abs(n) % 2];
    case 'attachment':
      return { valueAttachment: { url: `https://x.org/${n}.png` } };
    case 'reference':
      return { valueReference: { reference: `Patient/${n}` } };
    case 'quantity':
      return { valueQuantity: { value: n, unit: 'kg' } };
    default:
      return undefined;
  }
}

/** Builds items with unique linkIds; enableWhen names an earlier question. */
function build(specs: Spec[]): QuestionnaireItem[] {
  let counter = 0;
  const questions: { linkId: string; type: string }[] = [];
  const make = (list: Spec[]): QuestionnaireItem[] =>
    list.map((spec) => {
      const linkId = `i${counter++}`;
      const item: QuestionnaireItem = { linkId, type: spec.type as QuestionnaireItem['type'], text: `Item ${linkId}` };
      if (spec.repeats && spec.type !== 'display') item.repeats = true;
      if (spec.required) item.required = true;
      if (spec.hidden)
        item.extension = [{ url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-hidden', valueBoolean: true }];
      if (spec.type === 'choice' || spec.type === 'open-choice') item.answerOption = options;
      if (spec.condition && questions.length) {
        const [which, op, n] = spec.condition;
        const target = questions[which % questions.length];
        const operator = OPERATORS[op];
        const value = sample(target.type, n)!;
        const key = answerValueKey(value)!.replace('value', 'answer').replace('answerUri', 'answerString');
        item.enableWhen = [
          operator === 'exists'
            ? { question: target.linkId, operator, answerBoolean: n >= 0 }
            : ({ question: target.linkId, operator, [key]: (value as any)[answerValueKey(value)!] } as any),
        ];
      }
      if (spec.type !== 'group' && spec.type !== 'display') questions.push({ linkId, type: spec.type });
      if (spec.type === 'group' && spec.children.length) item.item = make(spec.children);
      return item;
    });
  return make(specs);
}

type Edit = { kind: 'set' | 'multi' | 'clear' | 'add' | 'remove'; target: number; n: number };
const editArb: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('set', 'set', 'multi', 'clear', 'add', 'remove'),
  target: fc.nat(),
  n: fc.integer({ min: -5, max: 5 }),
});

/** linkId + answer pairs of a response, answers stripped of nested items. */
function flatten(items: QuestionnaireResponseItem[] | undefined, into: string[] = []): string[] {
  for (const item of items ?? []) {
    for (const answer of item.answer ?? []) {
      const { item: nested, ...value } = answer;
      into.push(`${item.linkId}=${JSON.stringify(value)}`);
      flatten(nested, into);
    }
    flatten(item.item, into);
  }
  return into;
}

describe('fuzz', () => {
  it('never throws, loses no answer, and round-trips the response', () => {
    fc.assert(
      fc.property(specArb, fc.array(editArb, { maxLength: 25 }), (specs, edits) => {
        const q = questionnaire(build(specs));
        const store = makeStore(q);
        for (const edit of edits) {
          const keys = store.getKeys();
          const key = keys[edit.target % keys.length];
          const state = store.getItemState(key)!;
          if (edit.kind === 'set') {
            const answer = sample(state.type, edit.n);
            if (answer) store.setAnswer(key, answer);
          } else if (edit.kind === 'multi') {
            // Repeating choices hold several answers in one instance.
            const answers = [sample(state.type, edit.n), sample(state.type, edit.n + 1)].filter((a) => a !== undefined);
            if (answers.length) store.setAnswers(key, state.repeats ? answers : answers.slice(0, 1));
          } else if (edit.kind === 'clear') store.setAnswers(key, []);
          else if (edit.kind === 'add') store.addRepeat(key);
          else store.removeRepeat(key);
        }
        // Every answer of an enabled instance (whose ancestors are enabled) is in the response, and nothing else.
        const expected: string[] = [];
        const walk = (keys: readonly string[]) => {
          for (const key of keys) {
            const state = store.getItemState(key)!;
            if (!state.enabled) continue;
            for (const answer of state.answers) expected.push(`${state.linkId}=${JSON.stringify(answer)}`);
            walk(state.childKeys);
          }
        };
        walk(store.getFormState().rootKeys);
        const built = store.buildResponse();
        expect(flatten(built.item).sort()).toEqual(expected.sort());
        store.validate();
        const again = makeStore(q, { response: built });
        expect(again.buildResponse()).toEqual(built);
      }),
      { numRuns: 150 }
    );
  });

  it('never throws on malformed questionnaires and responses', () => {
    const junk = fc.anything({ maxDepth: 3 });
    const itemish = fc.record(
      {
        linkId: fc.oneof(fc.string(), fc.constant('a'), fc.constant(undefined), fc.integer()),
        type: fc.oneof(fc.constantFrom(...QUESTION_TYPES, 'group', 'display', 'nonsense'), junk),
        repeats: fc.oneof(fc.boolean(), junk),
        enableWhen: fc.oneof(
          fc.constant(undefined),
          fc.array(
            fc.record({
              question: fc.constantFrom('a', 'b', 'zz'),
              operator: fc.constantFrom(...OPERATORS, 'bad'),
              answerString: fc.string(),
            })
          )
        ),
        initial: fc.oneof(fc.constant(undefined), fc.array(junk, { maxLength: 2 })),
        item: fc.oneof(
          fc.constant(undefined),
          fc.array(fc.record({ linkId: fc.constantFrom('a', 'b'), type: fc.constantFrom('string', 'group') }), {
            maxLength: 3,
          })
        ),
        extension: fc.oneof(
          fc.constant(undefined),
          junk,
          fc.array(
            fc.record({
              url: fc.oneof(fc.string(), fc.constant('http://hl7.org/fhir/StructureDefinition/questionnaire-hidden')),
              valueBoolean: fc.boolean(),
            }),
            { maxLength: 2 }
          )
        ),
        answerOption: fc.oneof(fc.constant(undefined), junk, fc.array(junk, { maxLength: 2 })),
        answerValueSet: fc.oneof(fc.constant(undefined), junk, fc.constant('#vs')),
        text: fc.oneof(fc.constant(undefined), junk),
      },
      { requiredKeys: [] }
    );
    fc.assert(
      fc.property(
        fc.oneof(
          junk,
          fc.record(
            {
              resourceType: fc.constant('Questionnaire'),
              extension: junk,
              contained: junk,
              item: fc.oneof(junk, fc.array(itemish, { maxLength: 5 })),
            },
            { requiredKeys: ['resourceType'] }
          )
        ),
        fc.oneof(
          fc.constant(undefined),
          junk,
          fc.record({
            resourceType: fc.constant('QuestionnaireResponse'),
            item: fc.oneof(
              junk,
              fc.array(
                fc.record({
                  linkId: fc.constantFrom('a', 'b', 'c'),
                  answer: fc.array(junk, { maxLength: 2 }),
                  item: fc.oneof(
                    fc.constant(undefined),
                    fc.array(fc.record({ linkId: fc.constantFrom('a', 'b') }), { maxLength: 2 })
                  ),
                }),
                { maxLength: 4 }
              )
            ),
          })
        ),
        (q, response) => {
          const store = makeStore(q, { response: response as any });
          for (const key of store.getKeys()) {
            store.getItemState(key);
            store.setAnswer(key, { valueString: 'x' });
            store.addRepeat(key);
          }
          store.validate();
          store.buildResponse();
          store.getFormState();
        }
      ),
      { numRuns: 300 }
    );
  });
});
