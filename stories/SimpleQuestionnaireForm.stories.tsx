import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Questionnaire } from '../src/fhir';
import { SimpleQuestionnaireForm } from '../src/react';

const questions: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  item: [
    { linkId: 'intro', type: 'display', text: 'A few questions before your visit.' },
    { linkId: 'reason', type: 'string', text: 'Reason for the visit', required: true },
    {
      linkId: 'history',
      type: 'group',
      text: 'Your history',
      item: [{ linkId: 'medications', type: 'text', text: 'Medicines you take' }],
    },
  ],
};

/** The scheduler's default questions step, shown on its own (Scheduler's `renderQuestionnaire` replaces it). */
const meta = {
  title: 'Scheduler/SimpleQuestionnaireForm',
  component: SimpleQuestionnaireForm,
  args: {
    questionnaire: questions,
    submitLabel: 'Next',
    now: () => new Date('2026-03-02T09:00:00Z'),
    onSubmit: fn(),
  },
} satisfies Meta<typeof SimpleQuestionnaireForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: every question a labelled field, groups as fieldsets. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('A few questions before your visit.')).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Your history' })).toBeVisible();
  },
};

/** Answered by keyboard: Enter submits a completed QuestionnaireResponse. */
export const AnsweredByKeyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Reason for the visit/ }), 'Knee pain');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Medicines you take' }), 'None');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        resourceType: 'QuestionnaireResponse',
        status: 'completed',
        authored: '2026-03-02T09:00:00.000Z',
        item: expect.arrayContaining([
          expect.objectContaining({ linkId: 'reason', answer: [{ valueString: 'Knee pain' }] }),
        ]),
      })
    );
  },
};

/** Coming back: the answers given before are filled in. */
export const WithEarlierAnswers: Story = {
  args: {
    defaultResponse: {
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      item: [{ linkId: 'reason', answer: [{ valueString: 'Follow-up' }] }],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: /Reason for the visit/ })).toHaveValue('Follow-up');
  },
};
