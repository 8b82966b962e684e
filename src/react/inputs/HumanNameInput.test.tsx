import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HumanNameInput } from './HumanNameInput';

describe('HumanNameInput', () => {
  it('builds a HumanName with given names typed space-separated', async () => {
    const onValueChange = vi.fn();
    render(<HumanNameInput label="Name" onValueChange={onValueChange} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Use' }), 'official');
    await user.type(screen.getByRole('textbox', { name: 'Prefix' }), 'Dr.');
    await user.type(screen.getByRole('textbox', { name: 'Given names' }), 'Mary Ann');
    await user.type(screen.getByRole('textbox', { name: 'Family name' }), 'Smith');
    await user.type(screen.getByRole('textbox', { name: 'Suffix' }), 'PhD');
    expect(onValueChange).toHaveBeenLastCalledWith({
      use: 'official',
      prefix: ['Dr.'],
      given: ['Mary', 'Ann'],
      family: 'Smith',
      suffix: ['PhD'],
    });
  });

  it('shows the name it starts with and drops a part that is cleared', async () => {
    const onValueChange = vi.fn();
    render(
      <HumanNameInput
        label="Name"
        defaultValue={{ given: ['Jo', 'Ann'], family: 'Lee' }}
        onValueChange={onValueChange}
      />
    );
    expect(screen.getByRole('textbox', { name: 'Given names' })).toHaveValue('Jo Ann');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Family name' }));
    expect(onValueChange).toHaveBeenLastCalledWith({ given: ['Jo', 'Ann'] });
  });

  it('takes its texts from messages', () => {
    render(<HumanNameInput label="Nom" messages={{ family: 'Nom de famille' }} />);
    expect(screen.getByRole('group', { name: 'Nom' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nom de famille' })).toBeInTheDocument();
  });
});
