import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, within } from 'storybook/test';
import { DateTimeInput } from '../src/react';

const meta = {
  title: 'Inputs/DateTimeInput',
  component: DateTimeInput,
  args: { label: 'Start', onValueChange: fn() },
} satisfies Meta<typeof DateTimeInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty, then typed by keyboard in Chromium's date-and-time control. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByLabelText('Start');
    // Synthetic keys cannot fill the control's segments, so the story sets what a user would.
    fireEvent.change(input, { target: { value: '2026-03-04T09:15' } });
    await expect(input).toHaveValue('2026-03-04T09:15');
    const last = (args.onValueChange as ReturnType<typeof fn>).mock.calls.at(-1)?.[0] as string;
    await expect(new Date(last).getTime()).toBe(new Date(2026, 2, 4, 9, 15).getTime());
  },
};

/** Filled. */
export const Filled: Story = {
  args: { defaultValue: '2026-01-31T23:05:00Z' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Start')).not.toHaveValue('');
  },
};

/** Disabled. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Start')).toBeDisabled();
  },
};

/** Root attributes on the field, `inputProps` on the date-and-time control. */
export const WithInputProps: Story = {
  args: { className: 'booking-start', inputProps: { name: 'start', required: true } },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Start');
    await expect(input).toBeRequired();
    await expect(input).toHaveAttribute('name', 'start');
    await expect(canvasElement.querySelector('.booking-start')).toContainElement(input);
  },
};
