import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OperationOutcomeError, type AccessPolicy, type Coding, type Patient, type Resource } from '../../fhir';
import { loadFixtureSchema } from './resource-form-fixtures';
import { ResourceForm } from './ResourceForm';
import type { ValueSetExpander } from './resourceFormContext';

const homer: Patient = {
  resourceType: 'Patient',
  id: 'p1',
  name: [{ given: ['Homer'], family: 'Simpson' }],
  telecom: [{ system: 'phone', value: '555-0142' }],
  birthDate: '1979-05-12',
  gender: 'male',
};

const GENDERS: Coding[] = ['male', 'female', 'other', 'unknown'].map((code) => ({ code, display: code }));
const expand: ValueSetExpander = async (valueSet) =>
  valueSet.includes('administrative-gender')
    ? GENDERS
    : valueSet.includes('contact-point-system')
      ? [{ code: 'phone' }, { code: 'email' }]
      : [];

/** The block of one field: the element that holds its input, hints and issues. */
function field(path: string): HTMLElement {
  const block = document.querySelector<HTMLElement>(`[data-path="${path}"]`);
  if (!block) throw new Error(`no field ${path}`);
  return block;
}

describe('ResourceForm', () => {
  describe('when the schema loads', () => {
    it('shows a field per element a user edits, with the input its type needs', async () => {
      render(<ResourceForm defaultValue={homer} loadSchema={loadFixtureSchema} onSubmit={vi.fn()} expand={expand} />);
      expect(await screen.findByRole('group', { name: 'Name 1' })).toBeInTheDocument();
      expect(screen.getByLabelText('Family name')).toHaveValue('Simpson');
      expect(screen.getByLabelText('Birth date')).toHaveValue('1979-05-12');
      expect(screen.getByLabelText('Active')).not.toBeChecked();
      expect(await screen.findByRole('combobox', { name: 'Gender' })).toHaveValue('male');
      // ContactPoint has no input of its own: its fields come from its own schema.
      expect(await screen.findByLabelText('Value')).toHaveValue('555-0142');
      // Bookkeeping and extensions are not fields.
      expect(screen.queryByLabelText('Id')).toBeNull();
      expect(screen.queryByText('Meta')).toBeNull();
      expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    });

    it("says 'StructureDefinition not found' when the type has no definition", async () => {
      render(<ResourceForm resourceType="Nope" loadSchema={loadFixtureSchema} onSubmit={vi.fn()} />);
      expect(await screen.findByRole('alert')).toHaveTextContent('StructureDefinition not found');
      expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    });
  });

  describe('when uncontrolled', () => {
    it('keeps what is typed and submits the resource without empty values', async () => {
      const user = userEvent.setup();
      const onSubmit = vi.fn();
      const onValueChange = vi.fn();
      render(
        <ResourceForm
          defaultValue={homer}
          loadSchema={loadFixtureSchema}
          onSubmit={onSubmit}
          onValueChange={onValueChange}
        />
      );
      const family = await screen.findByLabelText('Family name');
      await user.clear(family);
      await user.type(family, 'Flanders');
      await user.click(screen.getByRole('button', { name: 'Add Address' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]![0]).toEqual({ ...homer, name: [{ given: ['Homer'], family: 'Flanders' }] });
      expect(onValueChange).toHaveBeenLastCalledWith(expect.objectContaining({ address: [undefined] }));
      expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('Saved');
    });

    it('stores a choice element under its type', async () => {
      const user = userEvent.setup();
      const onSubmit = vi.fn();
      render(<ResourceForm defaultValue={homer} loadSchema={loadFixtureSchema} onSubmit={onSubmit} />);
      await user.selectOptions(await screen.findByLabelText('Multiple birth: Type'), 'Integer');
      await user.type(screen.getByLabelText('Multiple birth'), '2');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      expect(onSubmit.mock.calls[0]![0]).toMatchObject({ multipleBirthInteger: 2 });
      expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('multipleBirthBoolean');
    });

    it('shows a stored choice value under the type it holds', async () => {
      render(
        <ResourceForm
          defaultValue={{ ...homer, deceasedDateTime: '2020-01-02T03:04:00Z' } as Patient}
          loadSchema={loadFixtureSchema}
          onSubmit={vi.fn()}
        />
      );
      expect(await screen.findByLabelText('Deceased: Type')).toHaveValue('dateTime');
      expect(screen.getByLabelText('Deceased')).toHaveAttribute('type', 'datetime-local');
    });
  });

  describe('when controlled', () => {
    it('shows only the value it is given and reports every change', async () => {
      const user = userEvent.setup();
      const onValueChange = vi.fn();
      render(
        <ResourceForm value={homer} loadSchema={loadFixtureSchema} onSubmit={vi.fn()} onValueChange={onValueChange} />
      );
      await user.type(await screen.findByLabelText('Family name'), 'x');
      expect(onValueChange).toHaveBeenLastCalledWith(
        expect.objectContaining({ name: [{ given: ['Homer'], family: 'Simpsonx' }] })
      );
      expect(screen.getByLabelText('Family name')).toHaveValue('Simpson');
    });
  });

  describe('when the input is invalid', () => {
    it('marks a missing required field and a bad number, and sends nothing', async () => {
      const user = userEvent.setup();
      const onSubmit = vi.fn();
      render(
        <ResourceForm defaultValue={{ resourceType: 'Patient' }} loadSchema={loadFixtureSchema} onSubmit={onSubmit} />
      );
      await user.selectOptions(await screen.findByLabelText('Multiple birth: Type'), 'Integer');
      await user.type(screen.getByLabelText('Multiple birth'), 'two');
      expect(within(field('multipleBirth')).getByText('Enter a number')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(within(field('name')).getByText('Required')).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    });
  });

  describe('when the server refuses the save', () => {
    it('shows each issue at the field its expression names, array indices ignored, and keeps what was typed', async () => {
      const user = userEvent.setup();
      const onSubmit = vi.fn(async () => {
        throw new OperationOutcomeError({
          resourceType: 'OperationOutcome',
          issue: [
            {
              severity: 'error',
              code: 'invalid',
              details: { text: 'Invalid phone' },
              expression: ['Patient.telecom[0].value'],
            },
            {
              severity: 'error',
              code: 'invalid',
              details: { text: 'Born in the future' },
              expression: ['Patient.birthDate'],
            },
            { severity: 'error', code: 'forbidden', details: { text: 'Forbidden: try later' } },
          ],
        });
      });
      render(<ResourceForm defaultValue={homer} loadSchema={loadFixtureSchema} onSubmit={onSubmit} />);
      const family = await screen.findByLabelText('Family name');
      await user.type(family, 'son');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await within(field('telecom.value')).findByText('Invalid phone')).toBeInTheDocument();
      expect(screen.getAllByText('Invalid phone')).toHaveLength(1);
      expect(within(field('birthDate')).getByText('Born in the future')).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('Forbidden: try later');
      expect(family).toHaveValue('Simpsonson');
    });
  });

  describe('when an access policy applies', () => {
    const policy: AccessPolicy = {
      resourceType: 'AccessPolicy',
      resource: [{ resourceType: 'Patient', hiddenFields: ['generalPractitioner'], readonlyFields: ['telecom'] }],
    };

    it('leaves hidden fields out and locks read-only ones with a Read Only hint', async () => {
      const user = userEvent.setup();
      const onSubmit = vi.fn();
      render(
        <ResourceForm defaultValue={homer} loadSchema={loadFixtureSchema} onSubmit={onSubmit} accessPolicy={policy} />
      );
      await screen.findByLabelText('Family name');
      expect(screen.queryByText('General practitioner')).toBeNull();
      const telecom = field('telecom');
      expect(within(telecom).getByText('Read Only')).toBeInTheDocument();
      const value = await within(telecom).findByLabelText('Value');
      expect(value).toBeDisabled();
      await user.type(value, '9');
      for (const button of within(telecom).getAllByRole('button', { name: /Add|Remove/ })) {
        expect(button).toBeDisabled();
      }
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      expect((onSubmit.mock.calls[0]![0] as Resource as Patient).telecom).toEqual(homer.telecom);
    });
  });
});
