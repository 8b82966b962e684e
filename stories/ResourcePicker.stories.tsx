import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ReferenceInput, ResourcePicker, type ResourceSearch } from '../src/react';
import type { Practitioner } from '../src/fhir';

const PRACTITIONERS: Practitioner[] = [
  { resourceType: 'Practitioner', id: 'p1', name: [{ given: ['Alice'], family: 'Smith' }] },
  { resourceType: 'Practitioner', id: 'p2', name: [{ given: ['Bob'], family: 'Jones' }] },
  { resourceType: 'Practitioner', id: 'p3', name: [{ given: ['Carol'], family: 'Smithers' }] },
];

/** Searches the list above by name, as a server's `name` search would. */
const search: ResourceSearch = async (_type, query) =>
  PRACTITIONERS.filter((p) =>
    `${p.name?.[0]?.given?.join(' ')} ${p.name?.[0]?.family}`.toLowerCase().includes((query.name ?? '').toLowerCase())
  );

const meta = {
  title: 'Inputs/ResourcePicker',
  component: ResourcePicker,
  // ReferenceInput's props get a tab on the docs page.
  subcomponents: { ReferenceInput },
  args: { label: 'Provider', resourceType: 'Practitioner', search, onValueChange: fn() },
} satisfies Meta<typeof ResourcePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typed, then picked by keyboard. */
export const PickByKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Provider' });
    await userEvent.type(input, 'smi');
    await expect(await canvas.findByRole('option', { name: 'Carol Smithers' })).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith(PRACTITIONERS[2]);
    await expect(input).toHaveValue('Carol Smithers');
  },
};

/** Nothing found. */
export const NothingFound: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Provider' }), 'zzz');
    await expect(await canvas.findByText('Nothing found')).toBeVisible();
  },
};

/** Filled. */
export const Filled: Story = {
  args: { defaultValue: PRACTITIONERS[1] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Provider' })).toHaveValue('Bob Jones');
  },
};

/** A server issue shown at the field. */
export const WithError: Story = {
  args: { error: 'Provider is required' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Provider' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Provider is required');
  },
};

/** ReferenceInput limited to two types. */
export const Reference: Story = {
  render: (args) => (
    <ReferenceInput
      label="Performer"
      targetTypes={['Practitioner', 'Organization']}
      search={args.search}
      onValueChange={args.onValueChange}
    />
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Performer' }), 'bob');
    await userEvent.click(await canvas.findByRole('option', { name: 'Bob Jones' }));
    await expect(args.onValueChange).toHaveBeenCalledWith({ reference: 'Practitioner/p2', display: 'Bob Jones' });
  },
};

/** The caller's own handler on the input runs, and the picker still opens and picks. */
export const CallerHandlers: Story = {
  args: { inputProps: { onKeyDown: fn() } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Provider' }), 'bob');
    await userEvent.click(await canvas.findByRole('option', { name: 'Bob Jones' }));
    await expect(args.inputProps?.onKeyDown).toHaveBeenCalled();
    await expect(args.onValueChange).toHaveBeenCalledWith(PRACTITIONERS[1]);
  },
};
