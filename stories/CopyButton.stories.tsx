import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CopyButton } from '../src/react';

const meta = {
  title: 'Inputs/CopyButton',
  component: CopyButton,
  args: { value: 'Patient/123', writeText: fn(async () => {}) },
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Idle. */
export const Idle: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Copy' })).toHaveAttribute('data-state', 'idle');
  },
};

/** Copied: says so, then goes back after 2,000 ms. */
export const Copied: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(args.writeText).toHaveBeenCalledWith('Patient/123');
    await expect(canvas.getByRole('button', { name: 'Copied' })).toHaveAttribute('data-state', 'copied');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy' })).toBeInTheDocument(), { timeout: 3000 });
  },
};

/** Failed: the clipboard refused. */
export const Failed: Story = {
  args: { writeText: fn(async () => Promise.reject(new Error('denied'))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(await canvas.findByRole('button', { name: 'Copy failed' })).toHaveAttribute('data-state', 'failed');
  },
};
