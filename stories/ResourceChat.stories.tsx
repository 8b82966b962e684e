import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Communication, Observation } from '../src/fhir';
import { FhirProvider, NotificationsProvider, ResourceChat } from '../src/react';
import { chatMessage, createStoryClient, type StoryServer } from './chat-fixtures';

const observation: Observation = {
  resourceType: 'Observation',
  id: 'bp1',
  status: 'final',
  code: { text: 'Blood pressure' },
  subject: { reference: 'Patient/homer' },
  encounter: { reference: 'Encounter/visit1' },
};

function comments(now = new Date()): Communication[] {
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  const about = { basedOn: [{ reference: 'Observation/bp1' }], encounter: { reference: 'Encounter/visit1' } };
  return [
    { ...chatMessage('c1', hoursAgo(5), 'This reading is higher than last month.', false), ...about },
    { ...chatMessage('c2', hoursAgo(4), 'I measured it right after climbing the stairs.', true), ...about },
  ];
}

let storyServer: StoryServer | undefined;

/** The story's in-memory server and the providers ResourceChat needs. */
function CommentServer({ children }: { children: ReactNode }) {
  const [{ client, server }] = useState(() => createStoryClient(comments()));
  storyServer = server;
  return (
    <FhirProvider client={client}>
      <NotificationsProvider autoClose={false}>{children}</NotificationsProvider>
    </FhirProvider>
  );
}

const meta = {
  title: 'Chat/ResourceChat',
  component: ResourceChat,
  args: { title: 'Comments on Blood pressure', resource: observation, height: 400 },
  decorators: [
    (Story) => (
      <CommentServer>
        <Story />
      </CommentServer>
    ),
  ],
} satisfies Meta<typeof ResourceChat>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Comments on an Observation; a new one is based on it and carries its encounter. */
export const Comments: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('This reading is higher than last month.');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'I will measure again tonight.{Enter}');
    await expect(await canvas.findByText('I will measure again tonight.')).toBeInTheDocument();
    await waitFor(() => expect(storyServer?.messages).toHaveLength(3));
    await expect(storyServer?.messages[2]).toMatchObject({
      status: 'in-progress',
      basedOn: [{ reference: 'Observation/bp1' }],
      encounter: { reference: 'Encounter/visit1' },
      subject: { reference: 'Patient/homer' },
    });
  },
};
