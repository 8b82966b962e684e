import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AddressInput } from '../src/react';

const meta = {
  title: 'Inputs/AddressInput',
  component: AddressInput,
  args: { label: 'Address', onValueChange: fn() },
} satisfies Meta<typeof AddressInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Empty: what a patient fills comes first (lines, city, state, postal code); use and type wait
 * behind 'More', opened here by keyboard.
 */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('combobox', { name: 'Use' })).toBeNull();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Address line 1' }), '5 Harbor Way');
    await userEvent.type(canvas.getByRole('textbox', { name: 'City' }), 'Boston');
    // Tab from City past State and Postal code to the button; Enter opens it.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'More' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('combobox', { name: 'Use' })).toBeVisible();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Use' }), 'work');
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ use: 'work', line: ['5 Harbor Way'], city: 'Boston' });
  },
};

/** Filled with a full address. */
export const Filled: Story = {
  args: {
    defaultValue: {
      use: 'home',
      type: 'both',
      line: ['1 Main St', 'Apt 2'],
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Address line 2' })).toHaveValue('Apt 2');
    // An address with a use or type shows 'More' open: nothing it holds is hidden.
    await expect(canvas.getByRole('combobox', { name: 'Type' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Type' })).toHaveValue('both');
  },
};

/** Read-only: shown, not editable. */
export const ReadOnly: Story = {
  args: { readOnly: true, defaultValue: { city: 'Lyon', postalCode: '69001' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'City' }), 'x');
    await expect(canvas.getByRole('textbox', { name: 'City' })).toHaveValue('Lyon');
  },
};

/** Disabled. */
export const Disabled: Story = {
  args: { disabled: true, defaultValue: { city: 'Lyon' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'City' })).toBeDisabled();
  },
};

/** Translated texts. */
export const Translated: Story = {
  args: {
    label: 'Adresse',
    messages: {
      use: 'Usage',
      type: 'Type',
      line1: 'Ligne 1',
      line2: 'Ligne 2',
      city: 'Ville',
      state: 'Région',
      postalCode: 'Code postal',
      more: 'Plus',
      code: (c: string) => ({ home: 'Domicile', work: 'Travail' })[c] ?? c,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Code postal' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Plus' }));
    await expect(canvas.getByRole('combobox', { name: 'Usage' })).toBeVisible();
  },
};
