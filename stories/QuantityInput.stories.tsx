import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { QuantityInput } from '../src/react';

const meta = {
  title: 'Inputs/QuantityInput',
  component: QuantityInput,
  args: { label: 'Dose', onValueChange: fn() },
} satisfies Meta<typeof QuantityInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty, then typed with a comparator. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Comparator' }), '<=');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Value' }), '2.5');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Unit' }), 'mg');
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ comparator: '<=', value: 2.5, unit: 'mg' });
  },
};

/** Filled. */
export const Filled: Story = {
  args: { defaultValue: { value: 120, unit: 'mm[Hg]' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Value' })).toHaveValue('120');
  },
};

/** Invalid: what is not a number shows a message at the field and stays as typed. */
export const Invalid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const value = canvas.getByRole('textbox', { name: 'Value' });
    await userEvent.type(value, 'twelve');
    await expect(value).toHaveAttribute('aria-invalid', 'true');
    await expect(value).toHaveAccessibleDescription('Enter a number');
    await expect(value).toHaveValue('twelve');
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

/** Disabled. */
export const Disabled: Story = {
  args: { disabled: true, defaultValue: { value: 5, unit: 'kg' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Value' })).toBeDisabled();
  },
};

/** In a locale that writes decimals with a comma: shown and typed with one. */
export const FrenchDecimals: Story = {
  args: { locale: 'fr-FR', defaultValue: { value: 2.5, unit: 'mg' } },
  play: async ({ canvasElement, args }) => {
    const value = within(canvasElement).getByRole('textbox', { name: 'Value' });
    await expect(value).toHaveValue('2,5');
    await userEvent.clear(value);
    await userEvent.type(value, '0,75');
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ value: 0.75, unit: 'mg' });
  },
};
