import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Questionnaire, QuestionnaireResponse } from '../../fhir';
import { createTestClient, fhirJson, withClient } from '../test-utils';
import { QuestionnaireForm } from './QuestionnaireForm';

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  url: 'https://example.org/q/intake',
  title: 'Patient Intake',
  item: [
    { linkId: 'first', text: 'First Name', type: 'string', required: true },
    { linkId: 'last', text: 'Last Name', type: 'string' },
  ],
};

const savedDraft: QuestionnaireResponse = {
  resourceType: 'QuestionnaireResponse',
  id: 'qr-7',
  questionnaire: 'https://example.org/q/intake',
  status: 'in-progress',
  item: [{ linkId: 'first', text: 'First Name', answer: [{ valueString: 'Homer' }] }],
};

type SaveDraft = (r: QuestionnaireResponse) => Promise<QuestionnaireResponse | void>;

function setup(props: Partial<Parameters<typeof QuestionnaireForm>[0]> = {}) {
  const { client, requests } = createTestClient(() => fhirJson({}));
  const onSubmit = vi.fn<(r: QuestionnaireResponse) => void>();
  const onSaveDraft = vi.fn<SaveDraft>(async (r) => ({ ...r, id: r.id ?? 'created-1' }));
  const user = userEvent.setup();
  const view = render(
    <QuestionnaireForm questionnaire={questionnaire} onSubmit={onSubmit} onSaveDraft={onSaveDraft} {...props} />,
    { wrapper: withClient(client) }
  );
  return { user, onSubmit, onSaveDraft, requests, view };
}

const answersOf = (response: QuestionnaireResponse) => response.item?.map((i) => [i.linkId, i.answer]);

describe('QuestionnaireForm drafts', () => {
  describe('when the user types', () => {
    it('saves what was typed as one in-progress response a delay after the last key', async () => {
      const { user, onSaveDraft } = setup({ draftDelay: 150 });
      await user.type(screen.getByLabelText(/First Name/), 'Marge');
      expect(onSaveDraft).not.toHaveBeenCalled();
      await waitFor(() => expect(onSaveDraft).toHaveBeenCalledTimes(1));
      const sent = onSaveDraft.mock.calls[0][0];
      expect(sent).toMatchObject({ status: 'in-progress', questionnaire: 'https://example.org/q/intake' });
      expect(answersOf(sent)).toEqual([['first', [{ valueString: 'Marge' }]]]);
      expect(await screen.findByText('Your answers are saved.')).toBeInTheDocument();
    });

    it('saves at once when the page is hidden, and when the form goes away', async () => {
      const { user, onSaveDraft, view } = setup({ draftDelay: 60_000 });
      await user.type(screen.getByLabelText(/First Name/), 'Bart');
      act(() => void window.dispatchEvent(new Event('pagehide')));
      expect(onSaveDraft).toHaveBeenCalledTimes(1);
      await user.type(screen.getByLabelText('Last Name'), 'Simpson');
      view.unmount();
      expect(onSaveDraft).toHaveBeenCalledTimes(2);
      expect(answersOf(onSaveDraft.mock.calls[1][0])).toEqual([
        ['first', [{ valueString: 'Bart' }]],
        ['last', [{ valueString: 'Simpson' }]],
      ]);
      // Created once, then updated by the id the first save returned.
      expect(onSaveDraft.mock.calls.map(([r]) => r.id)).toEqual([undefined, 'created-1']);
    });

    it('says so when a save fails, and keeps the answers', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { user } = setup({ draftDelay: 50, onSaveDraft: () => Promise.reject(new Error('Failed to fetch')) });
      await user.type(screen.getByLabelText(/First Name/), 'Ned');
      expect(await screen.findByRole('alert')).toHaveTextContent('Your answers could not be saved just now.');
      expect(screen.getByLabelText(/First Name/)).toHaveValue('Ned');
    });
  });

  describe('when submitted', () => {
    it('sends the response the first draft save created, completed, and saves no draft after', async () => {
      const { user, onSaveDraft, onSubmit } = setup({ draftDelay: 100 });
      await user.type(screen.getByLabelText(/First Name/), 'Homer');
      await waitFor(() => expect(onSaveDraft).toHaveBeenCalledTimes(1));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      const sent = onSubmit.mock.calls[0][0];
      expect(sent).toMatchObject({ id: 'created-1', status: 'completed' });
      expect(answersOf(sent)).toEqual([['first', [{ valueString: 'Homer' }]]]);
      await new Promise((r) => setTimeout(r, 250));
      expect(onSaveDraft).toHaveBeenCalledTimes(1);
    });

    it('waits for a save under way, so a quick submit still completes that response', async () => {
      let finish!: () => void;
      const onSaveDraft = vi.fn<SaveDraft>(
        (r) => new Promise<QuestionnaireResponse>((ok) => (finish = () => ok({ ...r, id: 'slow-3' })))
      );
      const { user, onSubmit } = setup({ draftDelay: 10, onSaveDraft });
      await user.type(screen.getByLabelText(/First Name/), 'Lisa');
      await waitFor(() => expect(onSaveDraft).toHaveBeenCalledTimes(1));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(onSubmit).not.toHaveBeenCalled();
      act(() => finish());
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0][0]).toMatchObject({ id: 'slow-3', status: 'completed' });
    });
  });

  describe('when a saved draft is found', () => {
    it('asks first, and Resume brings its answers back and completes it on submit', async () => {
      const { user, onSubmit } = setup({ draft: savedDraft });
      expect(screen.getByRole('heading', { name: 'Patient Intake' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Resume your saved answers?' })).toHaveFocus();
      expect(screen.queryByLabelText(/First Name/)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Resume' }));
      expect(screen.getByLabelText(/First Name/)).toHaveValue('Homer');
      expect(screen.getByRole('heading', { name: 'Patient Intake' })).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0][0]).toMatchObject({ id: 'qr-7', status: 'completed' });
    });

    it('Start over shows empty fields and the next save replaces that draft', async () => {
      const { user, onSaveDraft } = setup({ draft: savedDraft, draftDelay: 50 });
      await user.click(screen.getByRole('button', { name: 'Start over' }));
      expect(screen.getByLabelText(/First Name/)).toHaveValue('');
      await user.type(screen.getByLabelText('Last Name'), 'Flanders');
      await waitFor(() => expect(onSaveDraft).toHaveBeenCalledTimes(1));
      const sent = onSaveDraft.mock.calls[0][0];
      expect(sent.id).toBe('qr-7');
      expect(answersOf(sent)).toEqual([['last', [{ valueString: 'Flanders' }]]]);
    });

    it('takes its texts from messages', () => {
      setup({ draft: savedDraft, messages: { resumeTitle: '¿Continuar?', resume: 'Continuar', startOver: 'Empezar' } });
      expect(screen.getByRole('heading', { name: '¿Continuar?' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Empezar' })).toBeInTheDocument();
    });
  });
});
