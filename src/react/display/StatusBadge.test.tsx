import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Immunization } from '../../fhir';
import { StatusBadge } from './StatusBadge';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const vaccine = (fields: Partial<Immunization>): Immunization => ({
  resourceType: 'Immunization',
  status: 'not-done',
  vaccineCode: { text: 'Influenza' },
  patient: { reference: 'Patient/p1' },
  ...fields,
});

describe('StatusBadge', () => {
  it.each([
    ['completed', 'Completed', 'green'],
    ['final', 'Final', 'green'],
    ['connected', 'Connected', 'green'],
    ['cancelled', 'Cancelled', 'red'],
    ['entered-in-error', 'Entered in error', 'red'],
    ['not-done', 'Not done', 'red'],
    ['noshow', 'No-show', 'red'],
    ['stat', 'STAT', 'red'],
    ['on-hold', 'On hold', 'yellow'],
    ['amended', 'Amended', 'yellow'],
    ['draft', 'Draft', 'blue'],
    ['active', 'Active', 'blue'],
    ['booked', 'Booked', 'blue'],
    ['in-progress', 'In progress', 'blue'],
    ['unknown', 'Unknown', 'gray'],
    ['planned', 'Planned', 'gray'],
    ['waitlist', 'Waitlist', 'gray'],
  ])('shows %s as %s in %s, the code on data-status', (status, text, color) => {
    render(<StatusBadge status={status} />);
    const badge = screen.getByText(text, { exact: true });
    expect(badge).toHaveAttribute('data-color', color);
    expect(badge).toHaveAttribute('data-status', status);
    expect(badge).toHaveClass('fpk-status-badge');
    expect(screen.queryByText(status, { exact: true })).toBeNull();
  });

  describe('when the status is not in the table', () => {
    it('is gray and reads as a sentence', () => {
      render(<StatusBadge status="something-new" />);
      expect(screen.getByText('Something new')).toHaveAttribute('data-color', 'gray');
    });
  });

  it('shows a replaced label and keeps the colour of the code', () => {
    render(<StatusBadge status="cancelled" messages={{ cancelled: 'Annulé' }} className="mine" />);
    const badge = screen.getByText('Annulé');
    expect(badge).toHaveAttribute('data-color', 'red');
    expect(badge).toHaveAttribute('data-status', 'cancelled');
    expect(badge).toHaveClass('fpk-status-badge', 'mine');
  });

  it('does not read a message from the prototype', () => {
    render(<StatusBadge status="constructor" messages={{}} />);
    expect(screen.getByText('Constructor')).toBeInTheDocument();
  });

  it('takes a colour override', () => {
    render(<StatusBadge status="completed" color="blue" />);
    expect(screen.getByText('Completed')).toHaveAttribute('data-color', 'blue');
  });

  describe('with a resource', () => {
    it('shows its status', () => {
      render(<StatusBadge resource={vaccine({ status: 'completed', occurrenceDateTime: inDays(-30) })} />);
      expect(screen.getByText('Completed')).toHaveAttribute('data-status', 'completed');
    });

    it('shows an upcoming vaccine as Scheduled, never a red Not done', () => {
      render(<StatusBadge resource={vaccine({ occurrenceDateTime: inDays(12) })} />);
      const badge = screen.getByText('Scheduled');
      expect(badge).toHaveAttribute('data-color', 'blue');
      expect(badge).toHaveAttribute('data-status', 'not-done');
      expect(screen.queryByText('Not done')).toBeNull();
    });

    it('shows a vaccine whose reason says Scheduled as Scheduled', () => {
      render(
        <StatusBadge resource={vaccine({ statusReason: { text: 'Scheduled' } })} messages={{ scheduled: 'Prévu' }} />
      );
      expect(screen.getByText('Prévu')).toHaveAttribute('data-status', 'not-done');
    });

    it('shows a past vaccine not given as Not done', () => {
      render(<StatusBadge resource={vaccine({ occurrenceDateTime: inDays(-3) })} />);
      expect(screen.getByText('Not done')).toHaveAttribute('data-color', 'red');
    });
  });
});
