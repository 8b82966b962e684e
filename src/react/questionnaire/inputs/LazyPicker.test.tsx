import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Questionnaire, QuestionnaireResponse } from '../../../fhir';
import { createTestClient, fhirJson, withClient } from '../../test-utils';
import { QuestionnaireForm } from '../QuestionnaireForm';

// The pickers' chunk arrives when the test says, and counts how often it was asked for.
const chunk = vi.hoisted(() => {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { gate, open, requested: 0 };
});
vi.mock('./pickers', async (importOriginal) => {
  chunk.requested++;
  await chunk.gate;
  return importOriginal();
});

const fruit = ['Apple', 'Banana', 'Cherry'].map((display, i) => ({
  valueCoding: { system: 'http://example.org/fruit', code: String(i), display },
}));
const control = (code: string) => [
  {
    url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl',
    valueCodeableConcept: { coding: [{ code }] },
  },
];

function setup(questionnaire: Questionnaire) {
  const { client } = createTestClient(() => fhirJson({}));
  const onSubmit = vi.fn<(r: QuestionnaireResponse) => void>();
  const user = userEvent.setup();
  render(<QuestionnaireForm questionnaire={questionnaire} onSubmit={onSubmit} />, { wrapper: withClient(client) });
  return { user, onSubmit };
}

// In order: the module keeps its chunk once loaded, as an app does.
describe('the on-demand pickers', () => {
  describe('when the form has no drop-down, autocomplete or reference item', () => {
    it('never loads them', async () => {
      const { user } = setup({
        resourceType: 'Questionnaire',
        status: 'active',
        item: [
          { linkId: 'name', text: 'Name', type: 'string' },
          { linkId: 'fruit', text: 'Fruit', type: 'choice', answerOption: fruit, extension: control('radio-button') },
        ],
      });
      await user.type(screen.getByLabelText('Name'), 'Homer');
      await user.click(screen.getByRole('radio', { name: 'Banana' }));
      expect(chunk.requested).toBe(0);
    });
  });

  describe('when a drop-down shows before its code has arrived', () => {
    it('takes typing in a stand-in field, then hands the text, the focus and the open menu to the picker', async () => {
      const { user, onSubmit } = setup({
        resourceType: 'Questionnaire',
        status: 'active',
        item: [
          { linkId: 'drop', text: 'Drop fruit', type: 'choice', answerOption: fruit, extension: control('drop-down') },
        ],
      });
      const standIn = screen.getByRole('combobox', { name: 'Drop fruit' });
      expect(standIn).toHaveAttribute('aria-expanded', 'false');
      await user.type(standIn, 'an');
      expect(standIn).toHaveValue('an');
      expect(screen.getByRole('status')).toHaveTextContent('Loading options...');
      expect(chunk.requested).toBe(1);

      chunk.open();
      const listbox = await screen.findByRole('listbox');
      const picker = screen.getByRole('combobox', { name: 'Drop fruit' });
      expect(picker).toHaveValue('an');
      expect(picker).toHaveFocus();
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent)
      ).toEqual(['Banana']);
      await user.keyboard('{ArrowDown}{Enter}');
      expect(picker).toHaveValue('Banana');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(onSubmit.mock.calls[0][0].item).toEqual([{ linkId: 'drop', text: 'Drop fruit', answer: [fruit[1]] }]);
    });
  });

  describe('when the code is there', () => {
    it('shows the answer in a resting field and opens the options from the keyboard once tabbed to', async () => {
      const { user, onSubmit } = setup({
        resourceType: 'Questionnaire',
        status: 'active',
        item: [
          { linkId: 'name', text: 'Name', type: 'string' },
          {
            linkId: 'drop',
            text: 'Drop fruit',
            type: 'choice',
            answerOption: fruit,
            initial: [fruit[2]],
            extension: control('drop-down'),
          },
        ],
      });
      expect(screen.getByRole('combobox', { name: 'Drop fruit' })).toHaveValue('Cherry');
      await user.click(screen.getByLabelText('Name'));
      await user.tab();
      const picker = screen.getByRole('combobox', { name: 'Drop fruit' });
      expect(picker).toHaveFocus();
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      // ArrowDown opens the options with the first one highlighted.
      await user.keyboard('{ArrowDown}');
      expect(await screen.findByRole('listbox')).toBeInTheDocument();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('combobox', { name: 'Drop fruit' })).toHaveValue('Apple');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(onSubmit.mock.calls[0][0].item).toEqual([{ linkId: 'drop', text: 'Drop fruit', answer: [fruit[0]] }]);
    });
  });
});
