import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, type ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import type { Questionnaire, QuestionnaireResponse } from '../src/fhir';
import { FhirProvider, QuestionnaireForm } from '../src/react';

// The form never calls the client for drafts (the host saves them); this one answers nothing.
function WithClient({ children }: { children: ReactNode }) {
  const client = useMemo(
    () =>
      new FhirClient({
        baseUrl: 'http://localhost:8103/',
        fetch: async () => new Response('{}', { status: 404 }),
        storage: new ClientStorage(new MemoryStorage()),
      }),
    []
  );
  return <FhirProvider client={client}>{children}</FhirProvider>;
}

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  url: 'https://example.org/Questionnaire/intake',
  title: 'Patient intake',
  item: [
    { linkId: 'first', text: 'First Name', type: 'string', required: true },
    { linkId: 'last', text: 'Last Name', type: 'string' },
  ],
};

const draft: QuestionnaireResponse = {
  resourceType: 'QuestionnaireResponse',
  id: 'draft-1',
  questionnaire: questionnaire.url,
  status: 'in-progress',
  item: [{ linkId: 'first', text: 'First Name', answer: [{ valueString: 'Marge' }] }],
};

const meta = {
  title: 'Questionnaire/Drafts',
  component: QuestionnaireForm,
  decorators: [(Story) => <WithClient>{Story()}</WithClient>],
  args: {
    questionnaire,
    onSubmit: fn(),
    onSaveDraft: fn(async (response: QuestionnaireResponse) => ({ ...response, id: response.id ?? 'draft-1' })),
    draftDelay: 300,
  },
} satisfies Meta<typeof QuestionnaireForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Answers are saved as typed: 'Your answers are saved.' under the form after each pause. */
export const SavingAsTyped: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/First Name/), 'Homer');
    await canvas.findByText('Your answers are saved.');
    await expect(args.onSaveDraft).toHaveBeenCalledTimes(1);
  },
};

/** A saved draft was found: the form asks first, and Resume brings its answers back. */
export const ResumeSavedAnswers: Story = {
  args: { draft },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Resume your saved answers?' })).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(canvas.getByLabelText(/First Name/)).toHaveValue('Marge'));
  },
};

/** A save failed (no connection): the form says so and keeps the answers. */
export const SaveFailed: Story = {
  args: {
    onSaveDraft: fn(async (_: QuestionnaireResponse): Promise<QuestionnaireResponse> => {
      throw new Error('Failed to fetch');
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/First Name/), 'Ned');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('could not be saved');
  },
};
