import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Element, Questionnaire, QuestionnaireResponse } from '../../fhir';
import { TRANSLATION_EXTENSION } from '../../questionnaire';
import { LocaleProvider } from '../locale/LocaleProvider';
import { BASE_URL, createTestClient, fhirJson, withClient } from '../test-utils';
import { QuestionnaireForm } from './QuestionnaireForm';

const translations = (es: string, ar: string): Element => ({
  extension: Object.entries({ es, ar }).map(([lang, content]) => ({
    url: TRANSLATION_EXTENSION,
    extension: [
      { url: 'lang', valueCode: lang },
      { url: 'content', valueString: content },
    ],
  })),
});

const radio = [
  {
    url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl',
    valueCodeableConcept: {
      coding: [{ system: 'http://hl7.org/fhir/questionnaire-item-control', code: 'radio-button' }],
    },
  },
];
const STRESS_VS = 'http://example.org/ValueSet/stress';

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  url: 'https://example.org/q/screening',
  title: 'Screening',
  _title: translations('Evaluación', 'الفحص'),
  item: [
    {
      linkId: 'intro',
      type: 'display',
      text: 'Please answer the questions below.',
      _text: translations('Responda las preguntas a continuación.', 'يُرجى الإجابة عن الأسئلة أدناه.'),
    },
    {
      linkId: 'transport',
      type: 'choice',
      text: 'Has lack of transportation kept you from appointments?',
      _text: translations(
        '¿La falta de transporte le ha impedido acudir a sus citas?',
        'هل منعك نقص المواصلات من حضور مواعيدك؟'
      ),
      extension: radio,
      answerOption: [
        { valueCoding: { code: 'yes', display: 'Yes', _display: translations('Sí', 'نعم') } },
        { valueCoding: { code: 'no', display: 'No', _display: translations('No', 'لا') } },
      ],
    },
    {
      linkId: 'stress',
      type: 'choice',
      text: 'Do you feel stress these days?',
      _text: translations('¿Siente estrés en estos días?', 'هل تشعر بالتوتر هذه الأيام؟'),
      extension: radio,
      answerValueSet: STRESS_VS,
    },
  ],
};

/** The server's $expand: the display in the displayLanguage it was asked for. */
const STRESS_DISPLAYS: Record<string, string> = { es: 'Mucho', ar: 'كثيرًا', 'en-US': 'Very much' };

function renderIn(locale: string) {
  const { client, requests } = createTestClient((request) => {
    const url = new URL(request.url);
    const display = STRESS_DISPLAYS[url.searchParams.get('displayLanguage') ?? 'en-US'];
    return fhirJson({
      resourceType: 'ValueSet',
      status: 'active',
      expansion: {
        timestamp: '2026-01-01',
        contains: [{ system: 'http://example.org/stress', code: 'very-much', display }],
      },
    });
  });
  const onSubmit = vi.fn<(r: QuestionnaireResponse) => void>();
  const Client = withClient(client);
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <Client>
      <LocaleProvider locale={locale}>{children}</LocaleProvider>
    </Client>
  );
  render(<QuestionnaireForm questionnaire={questionnaire} onSubmit={onSubmit} />, { wrapper });
  return { user: userEvent.setup(), onSubmit, requests };
}

describe('QuestionnaireForm in the patient language', () => {
  describe('when the provider locale is Spanish', () => {
    it('shows the title, texts and options from the translations and sends displayLanguage=es', async () => {
      const { user, onSubmit, requests } = renderIn('es');
      expect(screen.getByRole('heading', { name: 'Evaluación' })).toBeInTheDocument();
      expect(screen.getByText('Responda las preguntas a continuación.')).toBeInTheDocument();
      const transport = screen.getByRole('group', {
        name: '¿La falta de transporte le ha impedido acudir a sus citas?',
      });
      expect(transport).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'Sí' }));
      await user.click(await screen.findByRole('radio', { name: 'Mucho' }));

      const expand = requests.find((r) => r.url.includes('$expand'))!;
      expect(expand.method).toBe('GET');
      expect(expand.url).toBe(
        `${BASE_URL}fhir/R4/ValueSet/$expand?url=${encodeURIComponent(STRESS_VS)}&count=51&displayLanguage=es`
      );

      await user.click(screen.getByRole('button', { name: 'Submit' }));
      const response = onSubmit.mock.calls[0][0];
      expect(response.language).toBe('es');
      const answers = Object.fromEntries(response.item!.map((i) => [i.linkId, i.answer![0].valueCoding]));
      expect(answers.transport).toMatchObject({ code: 'yes', display: 'Yes' });
      expect(answers.stress).toEqual({ system: 'http://example.org/stress', code: 'very-much', display: 'Mucho' });
    });
  });

  describe('when the provider locale is Arabic', () => {
    it('shows the Arabic translations and expands the value set in Arabic', async () => {
      const { user, onSubmit, requests } = renderIn('ar');
      expect(screen.getByRole('heading', { name: 'الفحص' })).toBeInTheDocument();
      expect(screen.getByText('يُرجى الإجابة عن الأسئلة أدناه.')).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'هل منعك نقص المواصلات من حضور مواعيدك؟' })).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'لا' }));
      expect(await screen.findByRole('radio', { name: 'كثيرًا' })).toBeInTheDocument();
      expect(new URL(requests.find((r) => r.url.includes('$expand'))!.url).searchParams.get('displayLanguage')).toBe(
        'ar'
      );
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(onSubmit.mock.calls[0][0].language).toBe('ar');
    });
  });
});
