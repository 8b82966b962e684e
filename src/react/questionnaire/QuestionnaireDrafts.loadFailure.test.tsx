// The drafts chunk (the saver, its status line and the resume offer) loads on demand; here that
// load fails, as it does offline or after a deploy replaced the chunk.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Questionnaire, QuestionnaireResponse } from '../../fhir';
import { createTestClient, fhirJson, withClient } from '../test-utils';
import { QuestionnaireForm } from './QuestionnaireForm';

vi.mock('./draftsOnDemand', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'Patient Intake',
  item: [{ linkId: 'first', text: 'First Name', type: 'string' }],
};

const savedDraft: QuestionnaireResponse = {
  resourceType: 'QuestionnaireResponse',
  id: 'qr-7',
  status: 'in-progress',
  item: [{ linkId: 'first', text: 'First Name', answer: [{ valueString: 'Homer' }] }],
};

describe('QuestionnaireForm with a saved draft when the drafts part cannot load', () => {
  it('keeps the draft: the form opens with its answers instead of the resume offer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = createTestClient(() => fhirJson({}));
    render(<QuestionnaireForm questionnaire={questionnaire} draft={savedDraft} onSaveDraft={vi.fn()} />, {
      wrapper: withClient(client),
    });
    expect(await screen.findByLabelText('First Name')).toHaveValue('Homer');
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
  });
});
