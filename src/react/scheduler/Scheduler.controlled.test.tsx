import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientStorage, FhirClient, MemoryStorage } from '../../client';
import type { Schedule, Slot } from '../../fhir';
import { FhirProvider } from '../FhirProvider';
import type { BookableSlot } from '../../scheduler/slots';
import { Scheduler, type SchedulerProps } from './Scheduler';

const FHIR = 'https://fhir.test/fhir/R4/';
const NY = 'America/New_York';
// Thursday, March 5 2026, 10:00 in New York.
const NOW = new Date('2026-03-05T15:00:00Z');
const schedule: Schedule = {
  resourceType: 'Schedule',
  id: 's1',
  actor: [{ reference: 'Practitioner/dr1', display: 'Dr. A. Smith' }],
};
const makeSlot = (id: string, start: string): BookableSlot => ({
  resourceType: 'Slot',
  id,
  schedule: { reference: 'Schedule/s1' },
  status: 'free',
  start,
  end: new Date(Date.parse(start) + 3_600_000).toISOString(),
});
// 9:00 AM and 2:30 PM EDT on Monday, March 9; 10:00 AM EDT on Thursday, March 12.
const nine = makeSlot('slot-9', '2026-03-09T13:00:00.000Z');
const twoThirty = makeSlot('slot-1430', '2026-03-09T18:30:00.000Z');
const thursday = makeSlot('slot-thu', '2026-03-12T14:00:00.000Z');

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/fhir+json' } });

function createClient() {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = input.toString();
    if (url === `${FHIR}Schedule/s1`) return json(schedule);
    if (url === `${FHIR}Practitioner/dr1`)
      return json({ resourceType: 'Practitioner', id: 'dr1', name: [{ text: 'Dr. Alice Smith' }] });
    if (url.startsWith(`${FHIR}Slot?`)) {
      const entry = [nine, twoThirty, thursday].map((resource: Slot) => ({ resource }));
      return json({ resourceType: 'Bundle', type: 'searchset', entry });
    }
    return json({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] }, 404);
  });
  return new FhirClient({
    baseUrl: 'https://fhir.test/',
    fetch: fetch as unknown as typeof globalThis.fetch,
    storage: new ClientStorage(new MemoryStorage()),
    maxRetries: 0,
  });
}

const baseProps = {
  schedule: { reference: 'Schedule/s1' },
  timeZone: NY,
  now: () => NOW,
  patient: { reference: 'Patient/p1' },
} satisfies Partial<SchedulerProps>;

const panel = () => screen.getByRole('complementary', { name: 'Appointment details' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Scheduler: the day and the time as values', { timeout: 30_000 }, () => {
  it('controlled: shows the day and time it is given, reports the patient’s choices, and follows the page', async () => {
    const dates: (string | undefined)[] = [];
    const slots: (string | undefined)[] = [];
    function Page() {
      const [date, setDate] = useState<string | undefined>('2026-03-09');
      const [slot, setSlot] = useState<BookableSlot | undefined>();
      return (
        <>
          <Scheduler
            {...baseProps}
            date={date}
            onDateChange={(next) => (dates.push(next), setDate(next))}
            slot={slot}
            onSlotChange={(next) => (slots.push(next?.id), setSlot(next))}
          />
          <button type="button" onClick={() => setSlot(thursday)}>
            Thursday at ten
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    render(
      <FhirProvider client={createClient()}>
        <Page />
      </FhirProvider>
    );
    // The given day: the time step, the day in the panel.
    expect(await screen.findByRole('heading', { name: 'Select time' })).toBeInTheDocument();
    expect(within(panel()).getByText('Monday, March 9, 2026')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '2:30 PM' }));
    expect(slots).toEqual(['slot-1430']);
    expect(within(panel()).getByText('2:30 PM (America/New_York)')).toBeInTheDocument();
    // The page picks another time on another day: the flow moves there, and reports the day.
    await user.click(screen.getByRole('button', { name: 'Thursday at ten' }));
    await waitFor(() => expect(within(panel()).getByText('Thursday, March 12, 2026')).toBeInTheDocument());
    expect(within(panel()).getByText('10:00 AM (America/New_York)')).toBeInTheDocument();
    expect(dates).toEqual(['2026-03-12']);
    // 'Change date' clears both, reported as such.
    await user.click(screen.getByRole('button', { name: 'Change date' }));
    expect(await screen.findByRole('heading', { name: 'Select date' })).toBeInTheDocument();
    expect(dates.at(-1)).toBeUndefined();
    expect(slots.at(-1)).toBeUndefined();
  });

  it('controlled by a page that ignores the patient: keeps showing the page’s day and time', async () => {
    const onDateChange = vi.fn();
    const onSlotChange = vi.fn();
    const user = userEvent.setup();
    render(
      <FhirProvider client={createClient()}>
        <Scheduler
          {...baseProps}
          date="2026-03-09"
          slot={nine}
          onDateChange={onDateChange}
          onSlotChange={onSlotChange}
        />
      </FhirProvider>
    );
    expect(await screen.findByRole('heading', { name: 'Confirm your appointment' })).toBeInTheDocument();
    expect(within(panel()).getByText('9:00 AM (America/New_York)')).toBeInTheDocument();
    // 'Change time' asks the page for no time; the page keeps 9:00, so the review stays.
    await user.click(screen.getByRole('button', { name: 'Change time' }));
    expect(onSlotChange).toHaveBeenLastCalledWith(undefined);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Confirm your appointment' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '2:30 PM' })).not.toBeInTheDocument();
    expect(within(panel()).getByText('Monday, March 9, 2026')).toBeInTheDocument();
    expect(within(panel()).getByText('9:00 AM (America/New_York)')).toBeInTheDocument();
    // 'Change date' likewise: the calendar does not stay.
    await user.click(screen.getByRole('button', { name: 'Change date' }));
    expect(onDateChange).toHaveBeenLastCalledWith(undefined);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Confirm your appointment' })).toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Select date' })).not.toBeInTheDocument();
    expect(within(panel()).getByText('Monday, March 9, 2026')).toBeInTheDocument();
  });

  it('uncontrolled: starts on defaultDate and reports each choice', async () => {
    const onDateChange = vi.fn();
    const onSlotChange = vi.fn();
    const user = userEvent.setup();
    render(
      <FhirProvider client={createClient()}>
        <Scheduler {...baseProps} defaultDate="2026-03-12" onDateChange={onDateChange} onSlotChange={onSlotChange} />
      </FhirProvider>
    );
    expect(await screen.findByRole('heading', { name: 'Select time' })).toBeInTheDocument();
    expect(within(panel()).getByText('Thursday, March 12, 2026')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '10:00 AM' }));
    expect(onSlotChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'slot-thu' }));
    await user.click(screen.getByRole('button', { name: 'Change date' }));
    await user.click(await screen.findByRole('button', { name: 'Monday, March 9, 2026' }));
    expect(onDateChange.mock.calls).toEqual([[undefined], ['2026-03-09']]);
    expect(await screen.findByRole('button', { name: '9:00 AM' })).toBeInTheDocument();
  });
});
