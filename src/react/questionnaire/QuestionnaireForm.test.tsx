import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Questionnaire, QuestionnaireResponse } from '../../fhir';
import { createTestClient, fhirJson, withClient } from '../test-utils';
import { QuestionnaireForm } from './QuestionnaireForm';

const ITEM_CONTROL = 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl';
const control = (code: string) => [
  {
    url: ITEM_CONTROL,
    valueCodeableConcept: { coding: [{ system: 'http://hl7.org/fhir/questionnaire-item-control', code }] },
  },
];

function setup(
  questionnaire: Questionnaire,
  props: Partial<Parameters<typeof QuestionnaireForm>[0]> = {},
  respond = (_: any) => fhirJson({})
) {
  const { client, requests } = createTestClient(respond);
  const onSubmit = vi.fn<(r: QuestionnaireResponse) => void>();
  const user = userEvent.setup();
  render(<QuestionnaireForm questionnaire={questionnaire} onSubmit={onSubmit} {...props} />, {
    wrapper: withClient(client),
  });
  return { user, onSubmit, requests, client };
}

const submitted = (onSubmit: ReturnType<typeof vi.fn>) => onSubmit.mock.calls.at(-1)?.[0] as QuestionnaireResponse;

describe('QuestionnaireForm', () => {
  describe('when the questionnaire has simple questions', () => {
    const questionnaire: Questionnaire = {
      resourceType: 'Questionnaire',
      status: 'active',
      url: 'https://example.org/q/simple',
      title: 'Simple form',
      item: [
        { linkId: 'name', text: 'Your name', type: 'string', required: true },
        { linkId: 'age', text: 'Age', type: 'integer' },
        { linkId: 'weight', text: 'Weight', type: 'decimal' },
        { linkId: 'notes', text: 'Notes', type: 'text' },
        { linkId: 'smoker', text: 'Do you smoke?', type: 'boolean' },
      ],
    };

    it('shows the title, labels, a required asterisk and typed inputs', () => {
      setup(questionnaire);
      expect(screen.getByRole('heading', { name: 'Simple form' })).toBeInTheDocument();
      expect(screen.getByLabelText(/Your name/)).toHaveAttribute('aria-required', 'true');
      expect(screen.getByText('*', { exact: false })).toHaveAttribute('aria-hidden', 'true');
      expect(screen.getByLabelText('Age')).toHaveAttribute('step', '1');
      expect(screen.getByLabelText('Weight')).toHaveAttribute('step', 'any');
      expect(screen.getByLabelText('Notes').tagName).toBe('TEXTAREA');
      expect(screen.getByRole('checkbox', { name: 'Do you smoke?' })).not.toBeChecked();
      expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    });

    it('submits the answers typed, leaving out empty ones', async () => {
      const { user, onSubmit } = setup(questionnaire, {
        subject: { reference: 'Patient/p1' },
        source: { reference: 'Patient/p1' },
      });
      await user.type(screen.getByLabelText(/Your name/), 'Homer');
      await user.type(screen.getByLabelText('Weight'), '81.5');
      await user.click(screen.getByRole('checkbox', { name: 'Do you smoke?' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      const response = submitted(onSubmit);
      expect(response).toMatchObject({
        resourceType: 'QuestionnaireResponse',
        status: 'completed',
        questionnaire: 'https://example.org/q/simple',
        subject: { reference: 'Patient/p1' },
        source: { reference: 'Patient/p1' },
      });
      expect(response.item?.map((i) => [i.linkId, i.answer])).toEqual([
        ['name', [{ valueString: 'Homer' }]],
        ['weight', [{ valueDecimal: 81.5 }]],
        ['smoker', [{ valueBoolean: true }]],
      ]);
    });

    it('blocks submit on a missing required answer, shows the error and focuses the field', async () => {
      const { user, onSubmit } = setup(questionnaire);
      await user.type(screen.getByLabelText('Age'), '42');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(onSubmit).not.toHaveBeenCalled();
      const name = screen.getByLabelText(/Your name/);
      expect(name).toHaveFocus();
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(name).toHaveAccessibleDescription('This field is required.');
      expect(screen.getByLabelText('Age')).toHaveValue(42);
    });

    it('shows no required error for tabbing through an untouched field, only after a change or a submit', async () => {
      const { user } = setup(questionnaire);
      await user.click(screen.getByLabelText(/Your name/));
      await user.tab();
      expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
      expect(screen.getByLabelText(/Your name/)).not.toHaveAttribute('aria-invalid', 'true');
      await user.type(screen.getByLabelText(/Your name/), 'x');
      await user.clear(screen.getByLabelText(/Your name/));
      expect(screen.getByLabelText(/Your name/)).toHaveAccessibleDescription('This field is required.');
    });

    it('keeps every answer when onSubmit fails', async () => {
      const { client } = createTestClient(() => fhirJson({}));
      const onSubmit = vi.fn().mockRejectedValue(new Error('Server down'));
      const user = userEvent.setup();
      render(<QuestionnaireForm questionnaire={questionnaire} onSubmit={onSubmit} />, { wrapper: withClient(client) });
      await user.type(screen.getByLabelText(/Your name/), 'Homer');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(screen.getByLabelText(/Your name/)).toHaveValue('Homer');
    });

    it('replaces texts through messages and submitButtonText', () => {
      setup(questionnaire, { submitButtonText: 'Send', messages: { addItem: 'More' } });
      expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    });

    it('leaves the buttons out with excludeButtons', () => {
      setup(questionnaire, { excludeButtons: true });
      expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    });
  });

  describe('when onChange listens', () => {
    it("hands it 'in-progress' responses without an authored time while typing; only Submit completes", async () => {
      const onChange = vi.fn<(r: QuestionnaireResponse) => void>();
      const { user, onSubmit } = setup(
        { resourceType: 'Questionnaire', status: 'active', item: [{ linkId: 'name', text: 'Name', type: 'string' }] },
        { onChange }
      );
      await user.type(screen.getByLabelText('Name'), 'Bart');
      const draft = onChange.mock.calls.at(-1)?.[0];
      expect(draft?.status).toBe('in-progress');
      expect(draft?.authored).toBeUndefined();
      expect(draft?.item).toEqual([{ linkId: 'name', text: 'Name', answer: [{ valueString: 'Bart' }] }]);
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(submitted(onSubmit).status).toBe('completed');
      expect(submitted(onSubmit).authored).toEqual(expect.any(String));
    });
  });

  describe('when items repeat', () => {
    const questionnaire: Questionnaire = {
      resourceType: 'Questionnaire',
      status: 'active',
      item: [
        { linkId: 'phone', text: 'Phone', type: 'string', repeats: true },
        {
          linkId: 'contact',
          text: 'Emergency contact',
          type: 'group',
          repeats: true,
          item: [{ linkId: 'contact-name', text: 'Contact name', type: 'string' }],
        },
      ],
    };

    it("adds items with 'Add Item' and groups with 'Add Group: {text}'", async () => {
      const { user, onSubmit } = setup(questionnaire);
      await user.type(screen.getByLabelText('Phone'), '555-1');
      await user.click(screen.getByRole('button', { name: 'Add Item' }));
      const phones = screen.getAllByLabelText('Phone');
      expect(phones).toHaveLength(2);
      await user.type(phones[1], '555-2');
      await user.click(screen.getByRole('button', { name: 'Add Group: Emergency contact' }));
      expect(screen.getAllByLabelText('Contact name')).toHaveLength(2);
      await user.type(screen.getAllByLabelText('Contact name')[1], 'Marge');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      const response = submitted(onSubmit);
      expect(response.item?.filter((i) => i.linkId === 'phone').flatMap((i) => i.answer)).toEqual([
        { valueString: '555-1' },
        { valueString: '555-2' },
      ]);
      const contacts = response.item?.filter((i) => i.linkId === 'contact') ?? [];
      expect(contacts.at(-1)?.item).toEqual([
        { linkId: 'contact-name', text: 'Contact name', answer: [{ valueString: 'Marge' }] },
      ]);
    });
  });

  describe('when choices are shown', () => {
    const options = [
      { valueCoding: { system: 'http://example.org/c', code: 'a', display: 'Apple' } },
      { valueCoding: { system: 'http://example.org/c', code: 'b', display: 'Banana' } },
      { valueCoding: { system: 'http://example.org/c', code: 'c', display: 'Cherry' } },
    ];
    const questionnaire: Questionnaire = {
      resourceType: 'Questionnaire',
      status: 'active',
      item: [
        {
          linkId: 'radio',
          text: 'Radio fruit',
          type: 'choice',
          answerOption: options,
          extension: control('radio-button'),
        },
        {
          linkId: 'checks',
          text: 'Check fruit',
          type: 'choice',
          repeats: true,
          answerOption: options,
          extension: control('check-box'),
        },
        { linkId: 'drop', text: 'Drop fruit', type: 'choice', answerOption: options, extension: control('drop-down') },
        { linkId: 'none', text: 'Nothing here', type: 'choice' },
      ],
    };

    it('answers radio buttons, check boxes and a drop-down by keyboard, with codings', async () => {
      const { user, onSubmit } = setup(questionnaire);
      await user.click(
        within(screen.getByRole('group', { name: 'Radio fruit' })).getByRole('radio', { name: 'Banana' })
      );
      const checks = screen.getByRole('group', { name: 'Check fruit' });
      await user.click(within(checks).getByRole('checkbox', { name: 'Apple' }));
      await user.click(within(checks).getByRole('checkbox', { name: 'Cherry' }));
      await user.click(screen.getByRole('combobox', { name: 'Drop fruit' }));
      expect(await screen.findByRole('listbox')).toBeInTheDocument();
      await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
      // Queried again: until the picker's code has loaded, a plain field of the same name stands in.
      expect(screen.getByRole('combobox', { name: 'Drop fruit' })).toHaveValue('Banana');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      const answers = Object.fromEntries(submitted(onSubmit).item!.map((i) => [i.linkId, i.answer]));
      expect(answers.radio).toEqual([options[1]]);
      expect(answers.checks).toEqual([options[0], options[2]]);
      expect(answers.drop).toEqual([options[1]]);
    });

    it('gives an empty answer when every choice is cleared', async () => {
      const { user, onSubmit } = setup(questionnaire);
      const checks = screen.getByRole('group', { name: 'Check fruit' });
      await user.click(within(checks).getByRole('checkbox', { name: 'Apple' }));
      await user.click(within(checks).getByRole('checkbox', { name: 'Apple' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(submitted(onSubmit).item?.find((i) => i.linkId === 'checks')).toEqual({
        linkId: 'checks',
        text: 'Check fruit',
        answer: [],
      });
    });

    it("shows an option list with no options as a disabled 'No Answers Defined' field", () => {
      setup(questionnaire);
      const field = screen.getByLabelText('Nothing here');
      expect(field).toBeDisabled();
      expect(field).toHaveAttribute('placeholder', 'No Answers Defined');
    });
  });

  describe('when options come from a value set', () => {
    const questionnaire: Questionnaire = {
      resourceType: 'Questionnaire',
      status: 'active',
      item: [
        { linkId: 'lang', text: 'Language', type: 'choice', answerValueSet: 'http://example.org/vs/languages' },
        { linkId: 'broken', text: 'Broken', type: 'choice', answerValueSet: 'http://example.org/vs/unreachable' },
        { linkId: 'other', text: 'Other', type: 'string' },
      ],
    };
    const contains = Array.from({ length: 51 }, (_, i) => ({
      system: 'urn:ietf:bcp:47',
      code: `l${i}`,
      display: `Language ${i}`,
    }));

    it('expands it with count = limit + 1, says when options are truncated, and answers a coding', async () => {
      const { user, onSubmit, requests } = setup(questionnaire, { optionsDisplayLimit: 50 }, (req: any) =>
        req.url.includes('unreachable')
          ? fhirJson(
              {
                resourceType: 'OperationOutcome',
                issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
              },
              404
            )
          : fhirJson({ resourceType: 'ValueSet', status: 'active', expansion: { timestamp: '2026-01-01', contains } })
      );
      await user.click(screen.getByRole('combobox', { name: 'Language' }));
      expect(await screen.findByText('Showing first 50 options')).toBeInTheDocument();
      const request = requests.find((r) => r.url.includes('languages'))!;
      const url = new URL(request.url);
      expect(url.pathname).toBe('/fhir/R4/ValueSet/$expand');
      expect(url.searchParams.get('url')).toBe('http://example.org/vs/languages');
      expect(url.searchParams.get('count')).toBe('51');
      await user.click(screen.getByRole('option', { name: 'Language 3' }));
      await user.click(screen.getByRole('combobox', { name: 'Broken' }));
      expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
      await user.type(screen.getByLabelText('Other'), 'still works');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      const answers = Object.fromEntries(submitted(onSubmit).item!.map((i) => [i.linkId, i.answer]));
      expect(answers.lang).toEqual([{ valueCoding: { system: 'urn:ietf:bcp:47', code: 'l3', display: 'Language 3' } }]);
      expect(answers.other).toEqual([{ valueString: 'still works' }]);
    });
  });

  describe('when radio buttons come from a value set', () => {
    it('expands the value set up front and answers the chosen coding', async () => {
      const questionnaire: Questionnaire = {
        resourceType: 'Questionnaire',
        status: 'active',
        item: [
          {
            linkId: 'health',
            text: 'Your health',
            type: 'choice',
            answerValueSet: 'http://example.org/vs/health',
            extension: control('radio-button'),
          },
        ],
      };
      const { user, onSubmit } = setup(questionnaire, {}, () =>
        fhirJson({
          resourceType: 'ValueSet',
          status: 'active',
          expansion: {
            timestamp: '2026-01-01',
            contains: [
              { system: 'http://example.org/h', code: 'good', display: 'Good' },
              { system: 'http://example.org/h', code: 'poor', display: 'Poor' },
            ],
          },
        })
      );
      await user.click(await screen.findByRole('radio', { name: 'Poor' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(submitted(onSubmit).item?.[0].answer).toEqual([
        { valueCoding: { system: 'http://example.org/h', code: 'poor', display: 'Poor' } },
      ]);
    });
  });

  describe('when an item is enabled by another', () => {
    const questionnaire: Questionnaire = {
      resourceType: 'Questionnaire',
      status: 'active',
      item: [
        { linkId: 'pregnant', text: 'Are you pregnant?', type: 'boolean' },
        {
          linkId: 'due',
          text: 'Estimated delivery date',
          type: 'date',
          enableWhen: [{ question: 'pregnant', operator: '=', answerBoolean: true }],
        },
      ],
    };

    it('shows the dependent item only while the condition holds', async () => {
      const { user } = setup(questionnaire);
      expect(screen.queryByLabelText('Estimated delivery date')).not.toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: 'Are you pregnant?' }));
      expect(screen.getByLabelText('Estimated delivery date')).toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: 'Are you pregnant?' }));
      expect(screen.queryByLabelText('Estimated delivery date')).not.toBeInTheDocument();
    });
  });

  describe('when the questionnaire is paged', () => {
    const questionnaire: Questionnaire = {
      resourceType: 'Questionnaire',
      status: 'active',
      item: [
        {
          linkId: 'p1',
          text: 'About you',
          type: 'group',
          extension: control('page'),
          item: [{ linkId: 'first', text: 'First name', type: 'string', required: true }],
        },
        {
          linkId: 'p2',
          text: 'Your visit',
          type: 'group',
          extension: control('page'),
          item: [{ linkId: 'reason', text: 'Reason', type: 'string' }],
        },
      ],
    };

    it('shows a stepper, blocks Next until the page is valid, and goes Back', async () => {
      const { user, onSubmit } = setup(questionnaire);
      const steps = screen.getByRole('list', { name: 'Form pages' });
      expect(
        within(steps)
          .getAllByRole('listitem')
          .map((li) => li.textContent)
      ).toEqual(['1About you', '2Your visit']);
      expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByLabelText(/First name/)).toBeInTheDocument();
      await user.type(screen.getByLabelText(/First name/), 'Lisa');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByLabelText('Reason')).toBeInTheDocument();
      expect(screen.getByText('Step 2 of 2')).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByLabelText(/First name/)).toHaveValue('Lisa');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await user.type(screen.getByLabelText('Reason'), 'Checkup');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(submitted(onSubmit).item?.map((i) => i.linkId)).toEqual(['p1', 'p2']);
    });

    it('shows every page at once with disablePagination', () => {
      setup(questionnaire, { disablePagination: true });
      expect(screen.getByLabelText(/First name/)).toBeInTheDocument();
      expect(screen.getByLabelText('Reason')).toBeInTheDocument();
    });
  });

  describe('when a signature is required', () => {
    const questionnaire: Questionnaire = {
      resourceType: 'Questionnaire',
      status: 'active',
      extension: [
        {
          url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-signatureRequired',
          valueCodeableConcept: { coding: [{ code: '1.2.840.10065.1.12.1.1' }] },
        },
      ],
      item: [{ linkId: 'consent', text: 'I agree', type: 'boolean' }],
    };

    it("says 'Signature is required.' after a submit without one, and signs by typing", async () => {
      const { user, onSubmit, client } = setup(questionnaire);
      vi.spyOn(client, 'getProfile');
      // The pad is a chunk of its own, loaded when the form renders.
      expect(await screen.findByRole('img', { name: 'Signature input area' })).toHaveAttribute('width', '500');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Signature is required.');
      expect(onSubmit).not.toHaveBeenCalled();
      await user.type(screen.getByLabelText('Or type your full name to sign'), 'Homer Simpson');
      expect(screen.queryByText('Signature is required.')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      const signature = submitted(onSubmit).extension?.find((e) => e.url.includes('signature'))?.valueSignature;
      expect(signature?.type?.[0]).toMatchObject({ code: 'ProofOfOrigin', display: 'Proof of Origin' });
      expect(atob(signature!.data!)).toContain('Homer Simpson');
    });

    describe('when the questionnaire is also paged', () => {
      const paged: Questionnaire = {
        ...questionnaire,
        item: [
          {
            linkId: 'p1',
            text: 'About you',
            type: 'group',
            extension: control('page'),
            item: [{ linkId: 'first', text: 'First name', type: 'string' }],
          },
          {
            linkId: 'p2',
            text: 'Consent',
            type: 'group',
            extension: control('page'),
            item: [{ linkId: 'consent', text: 'I agree', type: 'boolean' }],
          },
        ],
      };

      it("shows the pad on the last page, says 'Signature is required.', and submits once signed", async () => {
        const { user, onSubmit } = setup(paged);
        expect(screen.queryByRole('img', { name: 'Signature input area' })).not.toBeInTheDocument();
        await user.click(screen.getByRole('button', { name: 'Next' }));
        expect(await screen.findByRole('img', { name: 'Signature input area' })).toBeInTheDocument();
        await user.click(screen.getByRole('button', { name: 'Submit' }));
        expect(screen.getByRole('alert')).toHaveTextContent('Signature is required.');
        expect(onSubmit).not.toHaveBeenCalled();
        await user.type(screen.getByLabelText('Or type your full name to sign'), 'Marge Simpson');
        await user.click(screen.getByRole('button', { name: 'Back' }));
        await user.click(screen.getByRole('button', { name: 'Next' }));
        expect(screen.getByLabelText('Or type your full name to sign')).toHaveValue('Marge Simpson');
        await user.click(screen.getByRole('button', { name: 'Submit' }));
        const signature = submitted(onSubmit).extension?.find((e) => e.url.includes('signature'))?.valueSignature;
        expect(atob(signature!.data!)).toContain('Marge Simpson');
      });
    });

    it('clears the signature with Clear', async () => {
      const { user, onSubmit } = setup(questionnaire);
      await user.type(await screen.findByLabelText('Or type your full name to sign'), 'H');
      await user.click(screen.getByRole('button', { name: 'Clear' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(onSubmit).not.toHaveBeenCalled();
      expect(screen.getByText('Signature is required.')).toBeInTheDocument();
    });
  });

  describe('when a quantity offers units', () => {
    const questionnaire: Questionnaire = {
      resourceType: 'Questionnaire',
      status: 'active',
      item: [
        {
          linkId: 'height',
          text: 'Height',
          type: 'quantity',
          extension: [
            {
              url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption',
              valueCoding: { system: 'http://unitsofmeasure.org', code: 'cm', display: 'cm' },
            },
            {
              url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption',
              valueCoding: { system: 'http://unitsofmeasure.org', code: '[in_i]', display: 'in' },
            },
          ],
        },
      ],
    };

    it('answers a valueQuantity with the chosen unit', async () => {
      const { user, onSubmit } = setup(questionnaire);
      await user.type(screen.getByLabelText('Height'), '70');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'http://unitsofmeasure.org|[in_i]');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(submitted(onSubmit).item?.[0].answer).toEqual([
        { valueQuantity: { value: 70, unit: 'in', system: 'http://unitsofmeasure.org', code: '[in_i]' } },
      ]);
    });
  });

  describe('when the questionnaire is given by reference', () => {
    it('reads it, then renders it', async () => {
      const { requests } = setup({ reference: 'Questionnaire/q1' } as any, {}, () =>
        fhirJson({
          resourceType: 'Questionnaire',
          id: 'q1',
          status: 'active',
          title: 'Read by reference',
          item: [{ linkId: 'a', text: 'A', type: 'string' }],
        })
      );
      expect(await screen.findByRole('heading', { name: 'Read by reference' })).toBeInTheDocument();
      expect(requests[0].url).toBe('http://localhost:8103/fhir/R4/Questionnaire/q1');
    });

    it("says 'Loading questionnaire...' while reading, replaceable through messages", async () => {
      setup({ reference: 'Questionnaire/q1' } as any, { messages: { loadingQuestionnaire: 'Chargement…' } }, () =>
        fhirJson({ resourceType: 'Questionnaire', id: 'q1', status: 'active', title: 'Later', item: [] })
      );
      expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
      expect(await screen.findByRole('heading', { name: 'Later' })).toBeInTheDocument();
    });
  });

  describe('when the input is not a questionnaire', () => {
    it('shows one clear message at the top instead of a blank form', () => {
      setup({ resourceType: 'Patient' } as any);
      expect(screen.getByRole('alert')).toHaveTextContent('This questionnaire cannot be shown');
    });
  });
});
