import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MultiSelect } from '../src/react';

const OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'French' },
  { value: 'es', label: 'Spanish' },
  { value: 'de', label: 'German' },
];

const meta = {
  title: 'Inputs/MultiSelect',
  component: MultiSelect,
  args: { label: 'Languages', options: OPTIONS, onValueChange: fn() },
} satisfies Meta<typeof MultiSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Several values picked by keyboard, one removed. */
export const Pick: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Languages' }));
    await userEvent.keyboard('{ArrowDown}{Enter}{ArrowDown}{Enter}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['en', 'fr']);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove English' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['fr']);
  },
};

/** At most two: a third drops the oldest. */
export const MaxValues: Story = {
  args: { maxValues: 2, defaultValue: ['en', 'fr'] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Languages' }), 'ger');
    await userEvent.click(canvas.getByRole('option', { name: 'German' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['fr', 'de']);
  },
};

/** Creatable: a non-blank search can become a new value. */
export const Creatable: Story = {
  args: { creatable: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Languages' }), 'Welsh');
    await userEvent.click(canvas.getByRole('option', { name: '+ Create Welsh' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['Welsh']);
  },
};

/** Nothing found when not creatable. */
export const NothingFound: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Languages' }), 'Welsh');
    await expect(canvas.getByText('Nothing found')).toBeVisible();
  },
};
