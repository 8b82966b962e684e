import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { OperationOutcomeError, type Coding, type Patient, type Resource } from '../src/fhir';
import { ResourceForm, type ResourceSearch, type ValueSetExpander } from '../src/react';
import { loadFixtureSchema } from '../src/react/inputs/resource-form-fixtures';

const homer: Patient = {
  resourceType: 'Patient',
  id: 'p1',
  name: [{ use: 'official', given: ['Homer', 'Jay'], family: 'Simpson' }],
  telecom: [{ system: 'phone', value: '+1-541-555-0142' }],
  gender: 'male',
  birthDate: '1979-05-12',
  address: [{ use: 'home', line: ['742 Evergreen Terrace'], city: 'Springfield', state: 'OR', postalCode: '97477' }],
};
const GENDERS: Coding[] = ['male', 'female', 'other', 'unknown'].map((code) => ({ code, display: code }));
const expand: ValueSetExpander = async (valueSet) =>
  valueSet.includes('administrative-gender')
    ? GENDERS
    : valueSet.includes('contact-point-system')
      ? [{ code: 'phone' }, { code: 'email' }]
      : [];
const DOCTORS: Resource[] = [
  { resourceType: 'Practitioner', id: 'd1', name: [{ prefix: ['Dr.'], given: ['Julia'], family: 'Hibbert' }] },
];
const search: ResourceSearch = async (_type, query) =>
  DOCTORS.filter((d) => !query.name || JSON.stringify(d).toLowerCase().includes(query.name.toLowerCase()));

const meta = {
  title: 'Inputs/ResourceForm',
  component: ResourceForm,
  args: { loadSchema: loadFixtureSchema, onSubmit: fn(), expand, search },
} satisfies Meta<typeof ResourceForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** While the definition loads. */
export const Loading: Story = {
  args: { resourceType: 'Patient', loadSchema: () => new Promise(() => {}) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Loading…')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};

/** A new Patient: the required name is marked and nothing is sent until it is given. */
export const New: Story = {
  args: { resourceType: 'Patient' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Required')).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Add Name' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Family name' }), 'Flanders');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ resourceType: 'Patient', name: [{ family: 'Flanders' }] })
    );
  },
};

/** Editing an existing Patient by keyboard, then saving. */
export const Edit: Story = {
  args: { defaultValue: homer },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const family = await canvas.findByRole('textbox', { name: 'Family name' });
    await userEvent.clear(family);
    await userEvent.type(family, 'Simpsons{Enter}');
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalled());
    await expect(await canvas.findByText('Saved')).toBeInTheDocument();
  },
};

/** The access policy hides a field and makes telecom read-only: 'Read Only', locked. */
export const AccessPolicy: Story = {
  args: {
    defaultValue: homer,
    accessPolicy: {
      resourceType: 'AccessPolicy',
      resource: [{ resourceType: 'Patient', hiddenFields: ['birthDate'], readonlyFields: ['telecom'] }],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Read Only')).toBeInTheDocument();
    await expect(canvas.queryByLabelText('Birth date')).toBeNull();
    await expect(await canvas.findByRole('textbox', { name: 'Value' })).toBeDisabled();
  },
};

/** The server refuses: each issue at its field, the rest above, everything typed kept. */
export const ServerIssues: Story = {
  args: {
    defaultValue: homer,
    onSubmit: fn(async () => {
      throw new OperationOutcomeError({
        resourceType: 'OperationOutcome',
        issue: [
          {
            severity: 'error',
            code: 'invalid',
            details: { text: 'Invalid date for birthDate' },
            expression: ['Patient.birthDate'],
          },
          { severity: 'error', code: 'forbidden', details: { text: 'Forbidden: Patient.telecom is read-only' } },
        ],
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Invalid date for birthDate')).toBeInTheDocument();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Forbidden: Patient.telecom is read-only');
    await expect(canvas.getByRole('textbox', { name: 'Family name' })).toHaveValue('Simpson');
  },
};

/** No definition for the type. */
export const NotFound: Story = {
  args: { resourceType: 'Unknown' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('StructureDefinition not found');
  },
};

/** Translated texts. */
export const Translated: Story = {
  args: {
    defaultValue: homer,
    messages: { submit: 'Enregistrer', readOnly: 'Lecture seule', label: (name: string) => `« ${name} »` },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Enregistrer' })).toBeInTheDocument();
    // The submit button shows while the form's definitions still load; the field comes after.
    await expect(await canvas.findByLabelText('« birthDate »')).toHaveValue('1979-05-12');
  },
};
