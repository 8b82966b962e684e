import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { HumanNameInput } from '../src/react';

const meta = {
  title: 'Inputs/HumanNameInput',
  component: HumanNameInput,
  args: { label: 'Name', onValueChange: fn() },
} satisfies Meta<typeof HumanNameInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Empty, then typed: given and family names come first; use, prefix and suffix wait behind
 * 'More', opened here by keyboard.
 */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('textbox', { name: 'Prefix' })).toBeNull();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Given names' }), 'Ada May');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Family name' }), 'Lovelace');
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ given: ['Ada', 'May'], family: 'Lovelace' });
    // Tab to the button; Space opens it.
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'More' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('textbox', { name: 'Suffix' })).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Suffix' }), 'Jr');
    await expect(args.onValueChange).toHaveBeenLastCalledWith({
      given: ['Ada', 'May'],
      family: 'Lovelace',
      suffix: ['Jr'],
    });
  },
};

/** Filled. */
export const Filled: Story = {
  args: { defaultValue: { use: 'official', prefix: ['Dr.'], given: ['Grace'], family: 'Hopper' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Family name' })).toHaveValue('Hopper');
    // A name with a use or prefix shows 'More' open: nothing it holds is hidden.
    await expect(canvas.getByRole('combobox', { name: 'Use' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Use' })).toHaveValue('official');
    await expect(canvas.getByRole('textbox', { name: 'Prefix' })).toHaveValue('Dr.');
  },
};

/** Read-only. */
export const ReadOnly: Story = {
  args: { readOnly: true, defaultValue: { given: ['Grace'], family: 'Hopper' } },
  play: async ({ canvasElement }) => {
    const family = within(canvasElement).getByRole('textbox', { name: 'Family name' });
    await userEvent.type(family, 'x');
    await expect(family).toHaveValue('Hopper');
  },
};
