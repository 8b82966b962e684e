/// <reference types="vite/client" />
import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MonthCalendar, type MonthCalendarProps } from '../src/react/scheduler';
import '../src/styles/scheduler.css';

const NY = 'America/New_York';
const MARCH = new Date('2026-03-15T12:00:00Z');

/** A controlled calendar: the story keeps the month and the chosen day. */
function ControlledCalendar(props: MonthCalendarProps) {
  const [month, setMonth] = useState(props.month ?? MARCH);
  const [value, setValue] = useState<Date | undefined>(props.value);
  return (
    <MonthCalendar
      {...props}
      month={month}
      value={value}
      onMonthChange={(m) => {
        setMonth(m);
        props.onMonthChange?.(m);
      }}
      onValueChange={(day) => {
        setValue(day);
        props.onValueChange?.(day);
      }}
    />
  );
}

const meta = {
  title: 'Scheduler/MonthCalendar',
  component: ControlledCalendar,
  args: {
    month: MARCH,
    timeZone: NY,
    today: new Date('2026-03-05T15:00:00Z'),
    'aria-label': 'Appointment date',
    onValueChange: fn(),
    onMonthChange: fn(),
  },
} satisfies Meta<typeof ControlledCalendar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SUN to SAT headers, previous and next month buttons, one button per day. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const headers = canvas.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);
    await expect(headers).toEqual(['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT']);
    await expect(canvas.getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Next month' })).toBeInTheDocument();
    await expect(canvas.getByText('March 2026')).toBeInTheDocument();
  },
};

/** Only some days enabled; the arrow keys skip disabled days, Enter chooses. */
export const SomeDaysEnabled: Story = {
  args: { isDayEnabled: (day: Date) => day.getDay() === 1 || day.getDay() === 4 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Tuesday, March 10, 2026' })).toBeDisabled();
    canvas.getByRole('button', { name: 'Monday, March 9, 2026' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('button', { name: 'Thursday, March 12, 2026' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Thursday, March 12, 2026, selected' })).toBeInTheDocument();
  },
};

/** The next month button moves the grid and reports the new month. */
export const NextMonth: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Next month' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('April 2026')).toBeInTheDocument();
    await expect(args.onMonthChange).toHaveBeenCalledTimes(1);
  },
};
