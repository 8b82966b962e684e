import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SecretInput } from './SecretInput';

describe('SecretInput', () => {
  it('shows 8 dots, whatever the length, until revealed', async () => {
    render(<SecretInput label="Client secret" defaultValue="abc" />);
    const input = screen.getByRole('textbox', { name: 'Client secret' });
    expect(input).toHaveValue('••••••••');
    expect(input).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(input).toHaveValue('abc');
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('is editable once revealed', async () => {
    const onValueChange = vi.fn();
    render(<SecretInput label="Client secret" defaultValue="abc" onValueChange={onValueChange} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Client secret' }), 'x');
    expect(onValueChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    await user.type(screen.getByRole('textbox', { name: 'Client secret' }), 'd');
    expect(onValueChange).toHaveBeenLastCalledWith('abcd');
  });

  it('shows nothing when there is no secret', () => {
    render(<SecretInput label="Client secret" messages={{ reveal: 'Afficher' }} />);
    expect(screen.getByRole('textbox', { name: 'Client secret' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Afficher' })).toBeInTheDocument();
  });
});
