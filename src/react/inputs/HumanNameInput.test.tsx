import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HumanNameInput } from './HumanNameInput';

describe('HumanNameInput', () => {
  it('leads with given and family names and keeps use, prefix and suffix behind More', async () => {
    render(<HumanNameInput label="Name" />);
    const group = screen.getByRole('group', { name: 'Name' });
    const labels = [...group.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(['Given names', 'Family name', 'Use', 'Prefix', 'Suffix']);
    expect(screen.getByRole('textbox', { name: 'Given names' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Family name' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Use' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Prefix' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Suffix' })).toBeNull();
    screen.getByRole('button', { name: 'More' }).focus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Prefix' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Suffix' })).toBeVisible();
  });

  it('opens More by itself when the name has a prefix', () => {
    render(<HumanNameInput label="Name" defaultValue={{ prefix: ['Dr.'], family: 'Lee' }} />);
    expect(screen.getByRole('textbox', { name: 'Prefix' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Prefix' })).toHaveValue('Dr.');
  });

  it('stays open while the part that opened it is cleared', async () => {
    render(<HumanNameInput label="Name" defaultValue={{ suffix: ['Jr'] }} />);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Suffix' }));
    expect(screen.getByRole('textbox', { name: 'Suffix' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Suffix' })).toHaveFocus();
  });

  it('builds a HumanName with given names typed space-separated', async () => {
    const onValueChange = vi.fn();
    render(<HumanNameInput label="Name" onValueChange={onValueChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More' }));
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
    render(<HumanNameInput label="Nom" messages={{ family: 'Nom de famille', more: 'Plus' }} />);
    expect(screen.getByRole('button', { name: 'Plus' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Nom' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nom de famille' })).toBeInTheDocument();
  });
});
