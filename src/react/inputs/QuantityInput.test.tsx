import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LocaleContext } from '../locale/LocaleContext';
import { QuantityInput } from './QuantityInput';

describe('QuantityInput', () => {
  it('offers the comparators <, <=, >=, > and builds the Quantity', async () => {
    const onValueChange = vi.fn();
    render(<QuantityInput label="Dose" onValueChange={onValueChange} />);
    const comparator = screen.getByRole('combobox', { name: 'Comparator' }) as HTMLSelectElement;
    expect([...comparator.options].map((o) => o.value)).toEqual(['', '<', '<=', '>=', '>']);
    const user = userEvent.setup();
    await user.selectOptions(comparator, '>=');
    await user.type(screen.getByRole('textbox', { name: 'Value' }), '12.5');
    await user.type(screen.getByRole('textbox', { name: 'Unit' }), 'mg');
    expect(onValueChange).toHaveBeenLastCalledWith({ comparator: '>=', value: 12.5, unit: 'mg' });
  });

  it('shows the value it starts with', () => {
    render(<QuantityInput label="Dose" defaultValue={{ value: 3, unit: 'mL', comparator: '<' }} />);
    expect(screen.getByRole('textbox', { name: 'Value' })).toHaveValue('3');
    expect(screen.getByRole('textbox', { name: 'Unit' })).toHaveValue('mL');
    expect(screen.getByRole('combobox', { name: 'Comparator' })).toHaveValue('<');
  });

  describe('when the value is not a number', () => {
    it('shows a message at the field and keeps the last valid Quantity', () => {
      const onValueChange = vi.fn();
      render(<QuantityInput label="Dose" defaultValue={{ value: 3 }} onValueChange={onValueChange} />);
      const input = screen.getByRole('textbox', { name: 'Value' });
      fireEvent.change(input, { target: { value: '12abc' } });
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription('Enter a number');
      expect(onValueChange).not.toHaveBeenCalled();
      fireEvent.change(input, { target: { value: '4' } });
      expect(input).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText('Enter a number')).not.toBeInTheDocument();
      expect(onValueChange).toHaveBeenLastCalledWith({ value: 4 });
      for (const bad of ['1e', '--1', '1.2.3', '0x10', '1e999', `1${'0'.repeat(40)}`]) {
        fireEvent.change(input, { target: { value: bad } });
        expect(input).toHaveAccessibleDescription('Enter a number');
      }
      expect(onValueChange).toHaveBeenCalledTimes(1);
    });
  });

  it('takes its texts from messages', () => {
    render(<QuantityInput label="Dose" messages={{ value: 'Valeur', unit: 'Unité', comparator: 'Comparateur' }} />);
    expect(screen.getByRole('textbox', { name: 'Valeur' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Unité' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Comparateur' })).toBeInTheDocument();
  });

  describe('when the locale writes decimals with a comma', () => {
    it('shows the value with a comma and reads a typed comma (or point) as the decimal point', async () => {
      const onValueChange = vi.fn();
      render(<QuantityInput label="Dose" locale="fr-FR" defaultValue={{ value: 2.5 }} onValueChange={onValueChange} />);
      const input = screen.getByRole('textbox', { name: 'Value' });
      expect(input).toHaveValue('2,5');
      const user = userEvent.setup();
      await user.clear(input);
      await user.type(input, '3,75');
      expect(input).toHaveValue('3,75');
      expect(onValueChange).toHaveBeenLastCalledWith({ value: 3.75 });
      await user.clear(input);
      await user.type(input, '0.5');
      expect(onValueChange).toHaveBeenLastCalledWith({ value: 0.5 });
    });

    it('takes the locale from the provider when it has no prop', () => {
      render(
        <LocaleContext.Provider value="de-DE">
          <QuantityInput label="Dose" defaultValue={{ value: 1.25 }} />
        </LocaleContext.Provider>
      );
      expect(screen.getByRole('textbox', { name: 'Value' })).toHaveValue('1,25');
    });
  });

  it('reads a comma as no number in a locale that writes decimals with a point', () => {
    render(<QuantityInput label="Dose" locale="en-US" />);
    const input = screen.getByRole('textbox', { name: 'Value' });
    fireEvent.change(input, { target: { value: '1,5' } });
    expect(input).toHaveAccessibleDescription('Enter a number');
  });
});
