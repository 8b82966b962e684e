import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Communication } from '../src/fhir';
import { BaseChat } from '../src/react';
import { chatMessage, conversation, PATIENT } from './chat-fixtures';

const meta = {
  title: 'Chat/BaseChat',
  component: BaseChat,
  args: { title: 'Dr. Julius Hibbert', communications: conversation(), profile: PATIENT.reference, onSend: fn() },
} satisfies Meta<typeof BaseChat>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (canvasElement: HTMLElement) => within(canvasElement).getByRole('log', { name: 'Messages' });

/** No messages yet. */
export const Empty: Story = {
  args: { communications: [] },
  play: async ({ canvasElement }) => {
    await expect(within(list(canvasElement)).getByRole('status')).toHaveTextContent('No messages yet.');
    await expect(within(canvasElement).getByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'placeholder',
      'Type a message...'
    );
  },
};

/** The first page is on its way. */
export const Loading: Story = {
  args: { communications: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(list(canvasElement)).getByRole('status')).toHaveTextContent('Loading messages...');
  },
};

/** Several days: a date before each day, a time on each message, own messages on the right. */
export const ManyDays: Story = {
  play: async ({ canvasElement }) => {
    const days = list(canvasElement).querySelectorAll('.fpk-chat-day');
    await expect(days).toHaveLength(4);
    const own = list(canvasElement).querySelector('.fpk-chat-message[data-own] .fpk-chat-bubble') as HTMLElement;
    const other = list(canvasElement).querySelector(
      '.fpk-chat-message:not([data-own]) .fpk-chat-bubble'
    ) as HTMLElement;
    // Own bubbles sit at the right edge, the other side's at the left.
    await expect(own.getBoundingClientRect().right).toBeGreaterThan(other.getBoundingClientRect().right);
    await expect(other.getBoundingClientRect().left).toBeLessThan(own.getBoundingClientRect().left);
    // The default height, but never taller than the screen (a small phone), so the field stays in view.
    await expect(canvasElement.querySelector('.fpk-chat')?.getBoundingClientRect().height).toBe(
      Math.min(600, window.innerHeight)
    );
  },
};

/** The user's last received message is marked delivered with its time. */
export const Delivered: Story = {
  play: async ({ canvasElement }) => {
    const delivered = within(canvasElement).getAllByText(/^Delivered/);
    await expect(delivered).toHaveLength(1);
    await expect(delivered[0].closest('.fpk-chat-message')).toHaveTextContent('Most days.');
  },
};

/** A message without a sender. */
export const UnknownSender: Story = {
  args: {
    communications: [{ ...chatMessage('x', new Date(), 'Who sent this?', false), sender: undefined } as Communication],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('[Unknown sender]')).toBeInTheDocument();
  },
};

/** Replies are disabled. */
export const Disabled: Story = {
  args: { inputDisabled: true },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Message' });
    await expect(input).toBeDisabled();
    await expect(input).toHaveAttribute('placeholder', 'Replies are disabled');
  },
};

/** Typing and Enter sends; the input empties. */
export const Send: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'See you next week{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('See you next week');
    await expect(input).toHaveValue('');
  },
};

const many = Array.from({ length: 5000 }, (_, i) =>
  chatMessage(`n${i}`, new Date(Date.UTC(2026, 0, 1) + i * 20 * 60_000), `Message number ${i + 1}`, i % 3 === 0)
);

/** 5,000 messages: only the rows on screen are in the DOM, and the view starts at the newest. */
export const FiveThousandMessages: Story = {
  args: { communications: many },
  play: async ({ canvasElement }) => {
    const rows = list(canvasElement).querySelectorAll('.fpk-chat-message');
    await expect(rows.length).toBeLessThan(60);
    await expect(await within(canvasElement).findByText('Message number 5000')).toBeVisible();
  },
};

const queuedMessage = chatMessage('queued', new Date(), 'Sent from the train', true, false);
const sendingMessage = chatMessage('sending', new Date(Date.now() + 1000), 'And this one is going out', true, false);

/** Messages written offline (client offline option): saved on the device, then sending; outlined until the server has them. */
export const Queued: Story = {
  args: {
    communications: [...conversation(), queuedMessage, sendingMessage],
    queuedState: (message) =>
      message === queuedMessage ? 'pending' : message === sendingMessage ? 'sending' : undefined,
  },
  play: async ({ canvasElement }) => {
    const queued = within(canvasElement).getByText('Sent from the train').closest('.fpk-chat-message');
    await expect(queued).toHaveAttribute('data-queued', 'pending');
    await expect(queued).toHaveTextContent('Saved on this device; will send when you are back online');
    const sending = within(canvasElement).getByText('And this one is going out').closest('.fpk-chat-message');
    await expect(sending).toHaveAttribute('data-queued', 'sending');
    await expect(sending).toHaveTextContent('Sending…');
    await expect(list(canvasElement).querySelectorAll('[data-queued]')).toHaveLength(2);
  },
};
