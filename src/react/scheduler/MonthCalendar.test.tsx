import { createRef, useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as ar from '../../locales/ar/scheduler';
import { LocaleProvider } from '../locale/LocaleProvider';
import { MonthCalendar } from './MonthCalendar';

const NY = 'America/New_York';

describe('MonthCalendar', { timeout: 30_000 }, () => {
  it('shows SUN to SAT headers, the month and named previous and next buttons', () => {
    render(<MonthCalendar month={new Date('2026-03-15T12:00:00Z')} timeZone={NY} />);
    const headers = screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);
    expect(headers).toEqual(['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT']);
    expect(screen.getByText('March 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeInTheDocument();
  });

  describe('when given a locale', () => {
    it("formats through Intl and starts the week on the locale's first day", () => {
      render(<MonthCalendar month={new Date('2026-03-15T12:00:00Z')} timeZone={NY} locale="fr-FR" />);
      const headers = screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);
      expect(headers).toEqual(['LUN.', 'MAR.', 'MER.', 'JEU.', 'VEN.', 'SAM.', 'DIM.']);
      expect(screen.getByText('mars 2026')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'lundi 9 mars 2026' })).toBeInTheDocument();
      expect(screen.getByRole('grid', { name: 'mars 2026' })).toBeInTheDocument();
    });

    it("starts an Arabic week on Saturday, in the provider's locale and words", () => {
      render(
        <LocaleProvider locale="ar" messages={{ monthCalendar: ar.monthCalendar }}>
          <MonthCalendar month={new Date('2026-03-15T12:00:00Z')} timeZone={NY} dir="rtl" />
        </LocaleProvider>
      );
      const headers = screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);
      expect(headers).toEqual(['السبت', 'الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة']);
      expect(screen.getByRole('button', { name: 'الشهر السابق' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'الشهر التالي' })).toBeInTheDocument();
    });

    it('moves the focus by arrow keys in the reading direction when right to left', async () => {
      const user = userEvent.setup();
      render(<MonthCalendar month={new Date('2026-03-15T12:00:00Z')} timeZone={NY} locale="en-US" dir="rtl" />);
      await user.tab();
      await user.tab();
      await user.tab();
      expect(screen.getByRole('button', { name: 'Sunday, March 1, 2026' })).toHaveFocus();
      await user.keyboard('{ArrowLeft}');
      expect(screen.getByRole('button', { name: 'Monday, March 2, 2026' })).toHaveFocus();
    });
  });

  it('disables the days isDayEnabled rejects and selects an enabled one with the keyboard', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <MonthCalendar
        month={new Date('2026-03-15T12:00:00Z')}
        timeZone={NY}
        today={new Date('2026-03-01T15:00:00Z')}
        isDayEnabled={(day) => [9, 10].includes(day.getDate())}
        onValueChange={onValueChange}
      />
    );
    expect(screen.getByRole('button', { name: 'Monday, March 9, 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Wednesday, March 11, 2026' })).toBeDisabled();

    await user.tab(); // previous month
    await user.tab(); // next month
    await user.tab(); // the grid's first enabled day
    expect(screen.getByRole('button', { name: 'Monday, March 9, 2026' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Tuesday, March 10, 2026' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onValueChange).toHaveBeenCalledTimes(1);
    // Midnight of March 10 in New York.
    expect(onValueChange.mock.calls[0][0].getTime()).toBe(Date.parse('2026-03-10T04:00:00Z'));
    // Uncontrolled, it keeps the day the user chose.
    expect(screen.getByRole('button', { name: 'Tuesday, March 10, 2026, selected' })).toBeInTheDocument();
  });

  it('moves between months with the keyboard', async () => {
    const user = userEvent.setup();
    const onMonthChange = vi.fn();
    render(<MonthCalendar month={new Date('2026-03-15T12:00:00Z')} timeZone={NY} onMonthChange={onMonthChange} />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onMonthChange).toHaveBeenCalledTimes(1);
    expect(onMonthChange.mock.calls[0][0].getTime()).toBe(Date.parse('2026-04-01T04:00:00Z'));
  });

  it('names its parts with fpk-calendar classes and marks state with data attributes', () => {
    const { container } = render(
      <MonthCalendar
        month={new Date('2026-03-15T12:00:00Z')}
        timeZone={NY}
        isDayEnabled={() => false}
        classNames={{ day_button: 'mine' }}
      />
    );
    expect(container.firstElementChild).toHaveClass('fpk-calendar-root');
    const grid = screen.getByRole('grid');
    expect(grid).toHaveClass('fpk-calendar-month-grid');
    const cell = within(grid).getAllByRole('gridcell')[0];
    expect(cell).toHaveAttribute('data-disabled', 'true');
    expect(within(cell).getByRole('button')).toHaveClass('mine');
  });

  it('takes replaced texts', () => {
    render(
      <MonthCalendar
        month={new Date('2026-03-15T12:00:00Z')}
        timeZone={NY}
        messages={{ previousMonth: 'Mois précédent', nextMonth: 'Mois suivant', caption: () => 'mars 2026' }}
      />
    );
    expect(screen.getByRole('button', { name: 'Mois précédent' })).toBeInTheDocument();
    expect(screen.getByText('mars 2026')).toBeInTheDocument();
  });

  describe('as a value component', () => {
    it('starts from defaultValue and keeps what the user chooses', async () => {
      const user = userEvent.setup();
      render(
        <MonthCalendar
          month={new Date('2026-03-15T12:00:00Z')}
          timeZone={NY}
          defaultValue={new Date('2026-03-09T04:00:00Z')}
        />
      );
      expect(screen.getByRole('button', { name: 'Monday, March 9, 2026, selected' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Thursday, March 12, 2026' }));
      expect(screen.getByRole('button', { name: 'Thursday, March 12, 2026, selected' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Monday, March 9, 2026' })).toBeInTheDocument();
    });

    it('shows only the given value when controlled, and reports the day chosen', async () => {
      const user = userEvent.setup();
      const onValueChange = vi.fn();
      function Controlled() {
        const [value, setValue] = useState<Date | undefined>(new Date('2026-03-09T04:00:00Z'));
        return (
          <>
            <MonthCalendar
              month={new Date('2026-03-15T12:00:00Z')}
              timeZone={NY}
              value={value}
              onValueChange={onValueChange}
            />
            <button type="button" onClick={() => setValue(new Date('2026-03-20T04:00:00Z'))}>
              Pick the 20th
            </button>
          </>
        );
      }
      render(<Controlled />);
      await user.click(screen.getByRole('button', { name: 'Thursday, March 12, 2026' }));
      expect(onValueChange.mock.calls[0][0].getTime()).toBe(Date.parse('2026-03-12T04:00:00Z'));
      // The owner did not take the new day, so the calendar still shows its own.
      expect(screen.getByRole('button', { name: 'Monday, March 9, 2026, selected' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Pick the 20th' }));
      expect(screen.getByRole('button', { name: 'Friday, March 20, 2026, selected' })).toBeInTheDocument();
    });
  });

  it('forwards its ref and other HTML attributes to the root element', () => {
    const ref = createRef<HTMLDivElement>();
    const { container } = render(
      <MonthCalendar
        ref={ref}
        month={new Date('2026-03-15T12:00:00Z')}
        timeZone={NY}
        id="visit-date"
        data-testid="calendar"
        aria-describedby="hint"
        className="mine"
      />
    );
    const root = container.firstElementChild;
    expect(ref.current).toBe(root);
    expect(root).toHaveAttribute('id', 'visit-date');
    expect(root).toHaveAttribute('data-testid', 'calendar');
    expect(root).toHaveAttribute('aria-describedby', 'hint');
    expect(root).toHaveClass('fpk-calendar-root', 'mine');
  });
});
