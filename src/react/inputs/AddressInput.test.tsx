import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Address } from '../../fhir';
import { AddressInput } from './AddressInput';

describe('AddressInput', () => {
  it('leads with what a patient fills and keeps use and type behind More', async () => {
    render(<AddressInput label="Address" />);
    const group = screen.getByRole('group', { name: 'Address' });
    const labels = [...group.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(['Address line 1', 'Address line 2', 'City', 'State', 'Postal code', 'Use', 'Type']);
    for (const name of ['Address line 1', 'Address line 2', 'City', 'State', 'Postal code']) {
      expect(screen.getByRole('textbox', { name })).toBeVisible();
    }
    const more = screen.getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Use' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Type' })).toBeNull();
    // Closed means out of the accessibility tree, not just out of sight.
    expect(screen.queryByRole('combobox', { name: 'Use' })).toBeNull();

    // By keyboard: Enter on the focused button opens it.
    more.focus();
    await userEvent.keyboard('{Enter}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(more.getAttribute('aria-controls')!)).toContainElement(
      screen.getByRole('combobox', { name: 'Use' })
    );
    expect(screen.getByRole('combobox', { name: 'Use' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeVisible();
  });

  it('opens More by itself when the address has a use or type, so nothing it holds is hidden', () => {
    render(<AddressInput label="Address" defaultValue={{ type: 'postal', city: 'Lyon' }} />);
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('postal');
  });

  it('opens More when a controlled value with a use arrives after the first render', () => {
    const { rerender } = render(<AddressInput label="Address" value={{}} />);
    expect(screen.queryByRole('combobox', { name: 'Use' })).toBeNull();
    rerender(<AddressInput label="Address" value={{ use: 'home', city: 'Lyon' }} />);
    expect(screen.getByRole('combobox', { name: 'Use' })).toBeVisible();
  });

  it('offers the use and type codes of client-layer.md and labels every part', async () => {
    render(<AddressInput label="Address" />);
    const group = screen.getByRole('group', { name: 'Address' });
    expect(group).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    const use = screen.getByRole('combobox', { name: 'Use' });
    expect([...(use as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '',
      'home',
      'work',
      'temp',
      'old',
      'billing',
    ]);
    const type = screen.getByRole('combobox', { name: 'Type' });
    expect([...(type as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', 'postal', 'physical', 'both']);
    for (const name of ['Address line 1', 'Address line 2', 'City', 'State', 'Postal code']) {
      expect(screen.getByRole('textbox', { name })).toBeInTheDocument();
    }
  });

  describe('when uncontrolled', () => {
    it('builds the Address from what is typed and leaves empty parts out', async () => {
      const onValueChange = vi.fn();
      render(<AddressInput label="Address" defaultValue={{ city: 'Boston' }} onValueChange={onValueChange} />);
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'More' }));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Use' }), 'home');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'both');
      await user.type(screen.getByRole('textbox', { name: 'Address line 1' }), '1 Main St');
      await user.type(screen.getByRole('textbox', { name: 'Address line 2' }), 'Apt 2');
      await user.type(screen.getByRole('textbox', { name: 'State' }), 'MA');
      await user.type(screen.getByRole('textbox', { name: 'Postal code' }), '02110');
      expect(onValueChange).toHaveBeenLastCalledWith({
        use: 'home',
        type: 'both',
        line: ['1 Main St', 'Apt 2'],
        city: 'Boston',
        state: 'MA',
        postalCode: '02110',
      });
      await user.clear(screen.getByRole('textbox', { name: 'City' }));
      await user.clear(screen.getByRole('textbox', { name: 'Address line 2' }));
      expect(onValueChange).toHaveBeenLastCalledWith({
        use: 'home',
        type: 'both',
        line: ['1 Main St'],
        state: 'MA',
        postalCode: '02110',
      });
    });
  });

  describe('when controlled', () => {
    it('shows only the value it is given', async () => {
      function Harness() {
        const [address, setAddress] = useState<Address>({ line: ['', 'Unit 4'], city: 'Lyon' });
        return (
          <>
            <AddressInput label="Address" value={address} onValueChange={setAddress} />
            <output>{JSON.stringify(address)}</output>
          </>
        );
      }
      render(<Harness />);
      expect(screen.getByRole('textbox', { name: 'Address line 2' })).toHaveValue('Unit 4');
      await userEvent.type(screen.getByRole('textbox', { name: 'Address line 1' }), '9');
      expect(screen.getByRole('status')).toHaveTextContent('{"line":["9","Unit 4"],"city":"Lyon"}');
    });

    it('cannot be changed when a fixed value is given without a handler', async () => {
      render(<AddressInput label="Address" value={{ city: 'Lyon' }} />);
      await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'x');
      expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Lyon');
    });
  });

  it('forwards the ref and other props to the fieldset, with replaced texts and classes', () => {
    const ref = createRef<HTMLFieldSetElement>();
    render(
      <AddressInput
        ref={ref}
        label="Adresse"
        data-testid="root"
        messages={{ city: 'Ville', more: 'Plus', code: (c) => c.toUpperCase() }}
        classNames={{ input: 'my-input' }}
      />
    );
    expect(ref.current).toBe(screen.getByTestId('root'));
    expect(screen.getByRole('textbox', { name: 'Ville' })).toHaveClass('my-input');
    expect(screen.getByRole('option', { name: 'HOME', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plus' })).toBeInTheDocument();
  });

  it('is read-only when asked', async () => {
    render(<AddressInput label="Address" defaultValue={{ city: 'Lyon' }} readOnly />);
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'x');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Lyon');
    // More still opens, to read the use and type.
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('combobox', { name: 'Use' })).toBeDisabled();
  });
});
