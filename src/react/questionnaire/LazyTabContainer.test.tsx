import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Questionnaire } from '../../fhir';
import { createTestClient, fhirJson, withClient } from '../test-utils';
import { QuestionnaireForm } from './QuestionnaireForm';

// The tabs' chunk fails to load while `chunk.fails` is true, as a lost connection would make it.
const chunk = vi.hoisted(() => ({ fails: true }));
vi.mock('./TabContainer', async (importOriginal) => {
  if (chunk.fails) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  item: [
    {
      linkId: 'tabs',
      type: 'group',
      extension: [
        {
          url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl',
          valueCodeableConcept: {
            coding: [{ system: 'http://hl7.org/fhir/questionnaire-item-control', code: 'tab-container' }],
          },
        },
      ],
      item: [
        {
          linkId: 't1',
          text: 'Medical history',
          type: 'group',
          item: [{ linkId: 'h', text: 'Past illnesses', type: 'string' }],
        },
        {
          linkId: 't2',
          text: 'Family history',
          type: 'group',
          item: [{ linkId: 'f', text: 'Family illnesses', type: 'string' }],
        },
      ],
    },
  ],
};

function setup() {
  const { client } = createTestClient(() => fhirJson({}));
  const onSubmit = vi.fn();
  render(<QuestionnaireForm questionnaire={questionnaire} onSubmit={onSubmit} />, { wrapper: withClient(client) });
  return { onSubmit, user: userEvent.setup() };
}

describe('a tab-container group', () => {
  describe('when its tabs cannot be loaded', () => {
    it('shows its groups one after another, every item answerable', async () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { user, onSubmit } = setup();
      await vi.waitFor(() =>
        expect(error).toHaveBeenCalledWith('Could not load the questionnaire tabs', expect.any(Error))
      );
      expect(screen.queryByRole('tab')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Medical history' })).toBeVisible();
      expect(screen.getByRole('heading', { name: 'Family history' })).toBeVisible();
      await user.type(screen.getByLabelText('Family illnesses'), 'Asthma');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(JSON.stringify(onSubmit.mock.calls[0][0])).toContain(
        JSON.stringify({ linkId: 'f', text: 'Family illnesses', answer: [{ valueString: 'Asthma' }] })
      );
    });
  });

  describe('when its tabs have loaded', () => {
    it('shows its groups as tabs, the first selected', async () => {
      chunk.fails = false;
      setup();
      expect(await screen.findByRole('tab', { name: 'Medical history' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tab', { name: 'Family history' })).toHaveAttribute('aria-selected', 'false');
      expect(screen.getByLabelText('Family illnesses')).not.toBeVisible();
    });
  });
});
