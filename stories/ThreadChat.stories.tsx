import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FhirProvider, NotificationsProvider, ThreadChat } from '../src/react';
import {
  chatMessage,
  conversation,
  createStoryClient,
  DOCTOR,
  PATIENT,
  storySocket,
  StoryWebSocket,
} from './chat-fixtures';

// Toasts are portalled to document.body, so play functions query the whole page.
const page = () => within(document.body);

/** The story's in-memory server and the providers ThreadChat needs; `failPosts` makes every send fail. */
function LiveServer({ failPosts = false, children }: { failPosts?: boolean; children: ReactNode }) {
  const [{ client, server }] = useState(() => createStoryClient(conversation(), failPosts));
  (window as unknown as { storyServer: typeof server }).storyServer = server;
  return (
    <FhirProvider client={client}>
      <NotificationsProvider autoClose={false}>{children}</NotificationsProvider>
    </FhirProvider>
  );
}

const meta = {
  title: 'Chat/ThreadChat',
  // The docs page's prop table is ThreadChat's own; the server comes from the decorator.
  component: ThreadChat,
  args: { title: 'Dr. Julius Hibbert', participants: [PATIENT, DOCTOR] },
  decorators: [
    (Story, { parameters }) => (
      <LiveServer failPosts={parameters.failPosts === true}>
        <Story />
      </LiveServer>
    ),
  ],
} satisfies Meta<typeof ThreadChat>;

export default meta;
type Story = StoryObj<typeof meta>;

const server = () => (window as unknown as { storyServer: { messages: ReturnType<typeof conversation> } }).storyServer;

/** A live conversation between the patient and the doctor. */
export const Live: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Will do. Should I also book a follow-up?');
    await waitFor(() => expect(canvasElement.querySelector('[data-connection="connected"]')).not.toBeNull());
    // The doctor answers; the notification shows it at once.
    const reply = chatMessage('live1', new Date(), 'Yes, book a one-hour slot.', false);
    storySocket().notify(reply);
    await expect(await canvas.findByText('Yes, book a one-hour slot.')).toBeInTheDocument();
  },
};

/** The connection drops: a red toast says the chat is reconnecting. */
export const Disconnected: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-connection="connected"]')).not.toBeNull());
    StoryWebSocket.serverUp = false;
    storySocket().drop();
    const alert = await page().findByRole('alert');
    await expect(alert).toHaveTextContent('Live chat disconnected. Attempting to reconnect...');
    await expect(alert).toHaveAttribute('data-color', 'red');
  },
};

/** It comes back: a green toast, and a refetch shows what was sent meanwhile, once. */
export const Reconnected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('[data-connection="connected"]')).not.toBeNull());
    StoryWebSocket.serverUp = false;
    storySocket().drop();
    await page().findByRole('alert');
    server().messages.push(chatMessage('away', new Date(), 'Sent while you were offline.', false));
    StoryWebSocket.serverUp = true;
    const status = await page().findByText('Live chat reconnected.', {}, { timeout: 5000 });
    await expect(status.closest('[data-color]')).toHaveAttribute('data-color', 'green');
    await expect(await canvas.findByText('Sent while you were offline.')).toBeInTheDocument();
    await expect(canvas.getAllByText('Sent while you were offline.')).toHaveLength(1);
  },
};

/** A failed send: the red 'Error' notice with the message, and the typed text kept. */
export const SendFailed: Story = {
  parameters: { failPosts: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Will do. Should I also book a follow-up?');
    const input = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'Please keep this{Enter}');
    const alert = await page().findByRole('alert');
    await expect(alert).toHaveTextContent('Error');
    await expect(alert).toHaveTextContent('Message could not be saved');
    await expect(input).toHaveValue('Please keep this');
  },
};
