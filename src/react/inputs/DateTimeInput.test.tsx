import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DateTimeInput, dateTimeToLocalInput, localInputToDateTime } from './DateTimeInput';

describe('DateTimeInput', () => {
  it('turns the local date and time into a FHIR dateTime with the local offset', () => {
    const onValueChange = vi.fn();
    render(<DateTimeInput label="Start" onValueChange={onValueChange} />);
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '2026-03-04T09:15' } });
    const value = onValueChange.mock.lastCall![0] as string;
    expect(value).toMatch(/^2026-03-04T09:15:00[+-]\d{2}:\d{2}$/);
    expect(new Date(value).getTime()).toBe(new Date(2026, 2, 4, 9, 15).getTime());
  });

  it('shows a dateTime it is given in local time', () => {
    const value = new Date(2026, 0, 31, 23, 5).toISOString();
    render(<DateTimeInput label="Start" defaultValue={value} />);
    expect(screen.getByLabelText('Start')).toHaveValue('2026-01-31T23:05');
  });

  it('gives an empty string when cleared', () => {
    const onValueChange = vi.fn();
    render(<DateTimeInput label="Start" defaultValue="2026-01-31T10:00:00Z" onValueChange={onValueChange} />);
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '' } });
    expect(onValueChange).toHaveBeenLastCalledWith('');
  });

  describe('when the date is incomplete', () => {
    it('shows a message at the field and does not change the value', () => {
      const onValueChange = vi.fn();
      render(<DateTimeInput label="Start" onValueChange={onValueChange} messages={{ invalid: 'Date incomplète' }} />);
      const input = screen.getByLabelText('Start');
      // A half-filled control reads '' with validity.badInput set.
      Object.defineProperty(input, 'validity', { configurable: true, get: () => ({ badInput: true }) });
      fireEvent.change(input, { target: { value: '2026-01-01T10:00' } });
      fireEvent.change(input, { target: { value: '' } });
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription('Date incomplète');
      expect(onValueChange).not.toHaveBeenCalled();
    });
  });

  it('converts both ways and rejects what is not a date', () => {
    expect(localInputToDateTime('2026-02-30T10:00')).toBeUndefined();
    expect(localInputToDateTime('')).toBeUndefined();
    expect(dateTimeToLocalInput('not a date')).toBe('');
    expect(dateTimeToLocalInput(localInputToDateTime('2026-07-01T08:30'))).toBe('2026-07-01T08:30');
    expect(dateTimeToLocalInput('2026-07-01')).toBe('2026-07-01T00:00');
  });
});
