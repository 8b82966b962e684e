import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CodeableConceptInput, type ValueSetSearch } from '../src/react';
import type { Coding } from '../src/fhir';

const SNOMED = 'http://snomed.info/sct';
const CONCEPTS: Coding[] = [
  { system: SNOMED, code: '38341003', display: 'Hypertension' },
  { system: SNOMED, code: '73211009', display: 'Diabetes mellitus' },
  { system: SNOMED, code: '195967001', display: 'Asthma' },
];
/** Filters the concepts above, as `ValueSet/$expand?filter=` would. */
const expand: ValueSetSearch = async (filter) =>
  CONCEPTS.filter((c) => c.display!.toLowerCase().includes(filter.toLowerCase()));

const meta = {
  title: 'Inputs/CodeableConceptInput',
  component: CodeableConceptInput,
  args: { label: 'Condition', expand, onValueChange: fn() },
} satisfies Meta<typeof CodeableConceptInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Searched and picked by keyboard. */
export const Pick: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Condition' }), 'asth');
    await expect(await canvas.findByRole('option', { name: 'Asthma (195967001)' })).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith({ coding: [CONCEPTS[2]], text: 'Asthma' });
  },
};

/** Nothing found. */
export const NothingFound: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Condition' }), 'qqq');
    await expect(await canvas.findByText('Nothing found')).toBeVisible();
  },
};

/** Filled. */
export const Filled: Story = {
  args: { defaultValue: { coding: [CONCEPTS[0]!], text: 'Hypertension' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Condition' })).toHaveValue('Hypertension');
  },
};
