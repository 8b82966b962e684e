import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SecretInput } from '../src/react';

const meta = {
  title: 'Inputs/SecretInput',
  component: SecretInput,
  args: { label: 'Client secret', defaultValue: 'a-long-client-secret-value', onValueChange: fn() },
} satisfies Meta<typeof SecretInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hidden: 8 dots whatever the length. */
export const Hidden: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Client secret' })).toHaveValue('••••••••');
  },
};

/** Revealed by keyboard, then edited. */
export const Revealed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Reveal' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const input = canvas.getByRole('textbox', { name: 'Client secret' });
    await expect(input).toHaveValue('a-long-client-secret-value');
    await userEvent.type(input, '!');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('a-long-client-secret-value!');
  },
};

/** Empty. */
export const Empty: Story = {
  args: { defaultValue: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Client secret' })).toHaveValue('');
  },
};
