// @vitest-environment node
import type { Element, QuestionnaireItem, ValueSet } from '../fhir/types';
import { keyOf, makeStore, questionnaire, response } from './test-helpers';
import { TRANSLATION_EXTENSION, translatedText } from './translation';

/** An element carrying the translation extension, one per [language, text]. */
const translations = (...pairs: [string, string][]): Element => ({
  extension: pairs.map(([lang, content]) => ({
    url: TRANSLATION_EXTENSION,
    extension: [
      { url: 'lang', valueCode: lang },
      { url: 'content', valueString: content },
    ],
  })),
});

const never = { system: 'http://example.org/frequency', code: 'never', display: 'Never' };
const often = { system: 'http://example.org/frequency', code: 'often', display: 'Often' };

const items: QuestionnaireItem[] = [
  {
    linkId: 'intro',
    type: 'display',
    text: 'Please answer every question.',
    _text: translations(['es', 'Responda todas las preguntas.'], ['ar', 'يُرجى الإجابة عن جميع الأسئلة.']),
  },
  {
    linkId: 'lonely',
    type: 'choice',
    prefix: '1.',
    _prefix: translations(['ar', '١.']),
    text: 'How often do you feel lonely?',
    _text: translations(
      ['es', '¿Con qué frecuencia se siente solo?'],
      ['es-MX', '¿Qué tan seguido se siente solo?'],
      ['ar', 'كم مرة تشعر بالوحدة؟']
    ),
    answerOption: [
      { valueCoding: { ...never, _display: translations(['es', 'Nunca'], ['ar', 'أبدًا']) } },
      { valueCoding: often },
      { valueString: 'Sometimes', _valueString: translations(['es', 'A veces']) },
    ],
    item: [
      {
        linkId: 'lonely-help',
        type: 'display',
        text: 'Think of the last two weeks.',
        _text: translations(['es', 'Piense en las últimas dos semanas.']),
        extension: [
          {
            url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl',
            valueCodeableConcept: {
              coding: [{ system: 'http://hl7.org/fhir/questionnaire-item-control', code: 'help' }],
            },
          },
        ],
      },
    ],
  },
];
const form = questionnaire(items, { title: 'Wellbeing', _title: translations(['es', 'Bienestar'], ['ar', 'الرفاه']) });

describe('translatedText', () => {
  const element = translations(['es', 'Hola'], ['es-MX', 'Qué onda'], ['ar', 'مرحبًا']);
  it('takes the exact tag first', () => {
    expect(translatedText('Hello', element, 'es-MX')).toBe('Qué onda');
    expect(translatedText('Hello', element, 'es')).toBe('Hola');
  });
  it('falls back to the base language, whatever the case of the tag', () => {
    expect(translatedText('Hello', element, 'es-AR')).toBe('Hola');
    expect(translatedText('Hello', element, 'AR-eg')).toBe('مرحبًا');
  });
  it('keeps the original text for a language without a translation, and without a language', () => {
    expect(translatedText('Hello', element, 'fr')).toBe('Hello');
    expect(translatedText('Hello', element, undefined)).toBe('Hello');
    expect(translatedText('Hello', undefined, 'es')).toBe('Hello');
  });
  it('does not take a regional translation for the bare language', () => {
    expect(translatedText('Hello', translations(['es-MX', 'Qué onda']), 'es')).toBe('Hello');
  });
});

describe('a questionnaire with translations', () => {
  describe('when the form is in Spanish', () => {
    const store = makeStore(form, { language: 'es' });
    it('shows the title, item texts, help text and option labels in Spanish', () => {
      expect(store.getFormState().title).toBe('Bienestar');
      expect(store.getItemState(keyOf(store, 'intro'))!.text).toBe('Responda todas las preguntas.');
      expect(store.getItemState(keyOf(store, 'lonely'))!.text).toBe('¿Con qué frecuencia se siente solo?');
      expect(store.getItemState(keyOf(store, 'lonely-help'))!.text).toBe('Piense en las últimas dos semanas.');
      expect(store.getItemState(keyOf(store, 'lonely'))!.options.map((o) => o.label)).toEqual([
        'Nunca',
        'Often',
        'A veces',
      ]);
    });
    it('keeps the original prefix where it has no Spanish one', () => {
      expect(store.getItemState(keyOf(store, 'lonely'))!.prefix).toBe('1.');
    });
    it("answers with the questionnaire's own coding and records the language", () => {
      const key = keyOf(store, 'lonely');
      store.setAnswer(key, store.getItemState(key)!.options[0].answer);
      const built = store.buildResponse();
      expect(built.language).toBe('es');
      expect(built.item![0].text).toBe('How often do you feel lonely?');
      const coding = built.item![0].answer![0].valueCoding!;
      expect({ system: coding.system, code: coding.code, display: coding.display }).toEqual(never);
    });
  });

  it("takes a regional translation for a regional form, and the base language's for another region", () => {
    const mexico = makeStore(form, { language: 'es-MX' });
    expect(mexico.getItemState(keyOf(mexico, 'lonely'))!.text).toBe('¿Qué tan seguido se siente solo?');
    const spain = makeStore(form, { language: 'es-ES' });
    expect(spain.getItemState(keyOf(spain, 'lonely'))!.text).toBe('¿Con qué frecuencia se siente solo?');
    expect(spain.getFormState().title).toBe('Bienestar');
  });

  it('shows the Arabic prefix, and the original texts where Arabic has none', () => {
    const store = makeStore(form, { language: 'ar' });
    const lonely = store.getItemState(keyOf(store, 'lonely'))!;
    expect(lonely.prefix).toBe('١.');
    expect(lonely.options.map((o) => o.label)).toEqual(['أبدًا', 'Often', 'Sometimes']);
    expect(store.getItemState(keyOf(store, 'lonely-help'))!.text).toBe('Think of the last two weeks.');
  });

  it('shows the original texts in a language without translations, and without a language', () => {
    for (const store of [makeStore(form, { language: 'fr' }), makeStore(form)]) {
      expect(store.getFormState().title).toBe('Wellbeing');
      expect(store.getItemState(keyOf(store, 'lonely'))!.text).toBe('How often do you feel lonely?');
      expect(store.getItemState(keyOf(store, 'lonely'))!.options[0].label).toBe('Never');
    }
    expect(makeStore(form).buildResponse().language).toBeUndefined();
  });

  it('switches language keeping the answers, and the response records the new one', () => {
    const store = makeStore(form, { language: 'es' });
    const key = keyOf(store, 'lonely');
    store.setAnswer(key, { valueCoding: often });
    store.setLanguage('ar');
    expect(store.getFormState().title).toBe('الرفاه');
    expect(store.getItemState(key)!.text).toBe('كم مرة تشعر بالوحدة؟');
    expect(store.getItemState(key)!.options[0].label).toBe('أبدًا');
    expect(store.getItemState(key)!.answers).toEqual([{ valueCoding: often }]);
    expect(store.buildResponse()).toEqual(
      response([{ linkId: 'lonely', text: 'How often do you feel lonely?', answer: [{ valueCoding: often }] }], {
        language: 'ar',
      })
    );
  });

  it('keeps the language of a continued response when the form names none', () => {
    const store = makeStore(form, {
      response: { resourceType: 'QuestionnaireResponse', status: 'in-progress', language: 'es' },
    });
    expect(store.buildResponse().language).toBe('es');
  });
});

describe('value-set options in the form language', () => {
  const colors: ValueSet = {
    resourceType: 'ValueSet',
    id: 'colors',
    status: 'active',
    compose: {
      include: [
        {
          system: 'http://example.org/colors',
          concept: [
            {
              code: 'red',
              display: 'Red',
              designation: [
                { language: 'es', value: 'Rojo' },
                { language: 'ar', value: 'أحمر' },
              ],
            },
            { code: 'blue', display: 'Blue' },
          ],
        },
      ],
    },
  };

  it("labels a contained value set's concepts by their designations", () => {
    const q = questionnaire([{ linkId: 'color', type: 'choice', answerValueSet: '#colors' }], { contained: [colors] });
    const store = makeStore(q, { language: 'ar' });
    expect(store.getItemState(keyOf(store, 'color'))!.options.map((o) => o.label)).toEqual(['أحمر', 'Blue']);
  });

  it('expands with the language as displayLanguage and labels designations of the expansion', async () => {
    const q = questionnaire([{ linkId: 'color', type: 'choice', answerValueSet: 'http://example.org/vs/colors' }]);
    const expandValueSet = vi.fn(async () => ({
      contains: [
        {
          system: 'http://example.org/colors',
          code: 'red',
          display: 'Red',
          designation: [{ language: 'es', value: 'Rojo' }],
        },
        { system: 'http://example.org/colors', code: 'blue', display: 'Azul' },
      ],
    }));
    const store = makeStore(q, { language: 'es-MX', expandValueSet });
    const key = keyOf(store, 'color');
    await store.loadOptions(key);
    expect(expandValueSet).toHaveBeenCalledWith('http://example.org/vs/colors', undefined, 51, 'es-MX');
    expect(store.getItemState(key)!.options.map((o) => o.label)).toEqual(['Rojo', 'Azul']);
  });

  it('expands again in the new language after a switch', async () => {
    const q = questionnaire([{ linkId: 'color', type: 'choice', answerValueSet: 'http://example.org/vs/colors' }]);
    const expandValueSet = vi.fn(async (_url: string, _filter: string | undefined, _count: number, lang?: string) => ({
      contains: [{ system: 'http://example.org/colors', code: 'red', display: lang === 'ar' ? 'أحمر' : 'Rojo' }],
    }));
    const store = makeStore(q, { language: 'es', expandValueSet });
    const key = keyOf(store, 'color');
    await store.loadOptions(key);
    store.setLanguage('ar');
    expect(store.getItemState(key)!.options).toEqual([]);
    await store.loadOptions(key);
    expect(expandValueSet).toHaveBeenLastCalledWith('http://example.org/vs/colors', undefined, 51, 'ar');
    expect(store.getItemState(key)!.options.map((o) => o.label)).toEqual(['أحمر']);
  });
});
