import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Questionnaire } from '../../fhir';
import { createTestClient, fhirJson, withClient } from '../test-utils';
import { QuestionnaireForm } from './QuestionnaireForm';

// The pad's chunk fails to load while `chunk.fails` is true, as a lost connection would make it.
const chunk = vi.hoisted(() => ({ fails: true }));
vi.mock('./SignaturePad', async (importOriginal) => {
  if (chunk.fails) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

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

describe('the signature pad of a form that requires a signature', () => {
  describe('when its code cannot be loaded', () => {
    it("says so, keeps the signature required, and loads it with 'Try again'", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { client } = createTestClient(() => fhirJson({}));
      const onSubmit = vi.fn();
      const user = userEvent.setup();
      render(<QuestionnaireForm questionnaire={questionnaire} onSubmit={onSubmit} />, {
        wrapper: withClient(client),
      });
      expect(screen.getByRole('status')).toHaveTextContent('Loading the signature pad…');
      expect(await screen.findByText('The signature pad could not be loaded.')).toHaveAttribute('role', 'alert');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(onSubmit).not.toHaveBeenCalled();
      expect(screen.getByText('Signature is required.')).toBeInTheDocument();

      chunk.fails = false;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      await user.type(await screen.findByLabelText('Or type your full name to sign'), 'Homer Simpson');
      expect(screen.queryByText('The signature pad could not be loaded.')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
    });
  });
});
