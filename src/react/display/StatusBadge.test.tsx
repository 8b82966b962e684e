import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './StatusBadge';

describe('StatusBadge', () => {
  it.each([
    ['completed', 'green'],
    ['final', 'green'],
    ['connected', 'green'],
    ['cancelled', 'red'],
    ['entered-in-error', 'red'],
    ['noshow', 'red'],
    ['stat', 'red'],
    ['on-hold', 'yellow'],
    ['amended', 'yellow'],
    ['draft', 'blue'],
    ['active', 'blue'],
    ['booked', 'blue'],
    ['unknown', 'gray'],
    ['planned', 'gray'],
    ['waitlist', 'gray'],
  ])('shows %s in %s', (status, color) => {
    render(<StatusBadge status={status} />);
    const badge = screen.getByText(status);
    expect(badge).toHaveAttribute('data-color', color);
    expect(badge).toHaveClass('fpk-status-badge');
  });

  describe('when the status is not in the table', () => {
    it('is gray', () => {
      render(<StatusBadge status="something-new" />);
      expect(screen.getByText('something-new')).toHaveAttribute('data-color', 'gray');
    });
  });

  it('shows a replaced label and keeps the colour of the code', () => {
    render(<StatusBadge status="cancelled" messages={{ cancelled: 'Annulé' }} className="mine" />);
    const badge = screen.getByText('Annulé');
    expect(badge).toHaveAttribute('data-color', 'red');
    expect(badge).toHaveClass('fpk-status-badge', 'mine');
  });

  it('takes a colour override', () => {
    render(<StatusBadge status="completed" color="blue" />);
    expect(screen.getByText('completed')).toHaveAttribute('data-color', 'blue');
  });
});
