import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SignaturePad } from '../src/react';

const meta = {
  title: 'Questionnaire/SignaturePad',
  component: SignaturePad,
  args: {
    label: 'Signature',
    clearLabel: 'Clear signature',
    typedLabel: 'Or type your full name',
    onChange: fn(),
  },
} satisfies Meta<typeof SignaturePad>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: draw with a pointer, or type a name (the keyboard way to sign). */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Or type your full name' })).toHaveValue('');
  },
};

/** Signed by keyboard: typing a name hands the form an SVG signature; Clear takes it back. */
export const SignedByKeyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Or type your full name' }), 'Marge Simpson');
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith(expect.stringMatching(/^[A-Za-z0-9+/=]+$/)));
    await userEvent.click(canvas.getByRole('button', { name: 'Clear signature' }));
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith(undefined));
  },
};

/** Invalid: a required signature left empty is marked for assistive technology. */
export const Invalid: Story = {
  args: { invalid: true },
};
