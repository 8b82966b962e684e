// Headless hooks with your own markup: booking (useScheduler). The hook reads the schedule, finds
// the free slots by day in the patient's time zone and books with one transaction; the markup is yours.
import type { Reference } from 'fhir-portal-kit';
import { useScheduler } from 'fhir-portal-kit/react';

export function MyBooking({ schedule }: { schedule: Reference }) {
  // No questionnaire: choosing a time leads to the review, and Confirm books.
  const scheduler = useScheduler({ schedule });
  const { state, timeZone } = scheduler;
  const time = (iso: string) => new Date(iso).toLocaleTimeString([], { timeZone, timeStyle: 'short' });

  if (scheduler.scheduleStatus === 'loading') return <p>Loading…</p>;
  if (scheduler.scheduleStatus !== 'ready') return <p role="alert">This schedule cannot be booked online.</p>;
  if (state.status === 'confirmed' && state.slot) return <p role="status">Booked for {time(state.slot.start)}.</p>;
  if (state.status === 'taken')
    return <button onClick={scheduler.changeTime}>That time was just taken: pick another</button>;

  if (state.slot) {
    return (
      <section aria-label="Confirm">
        <p>
          {state.date}, {time(state.slot.start)}
        </p>
        {state.error && <p role="alert">{state.error}</p>}
        <button onClick={() => void scheduler.book()} disabled={state.status === 'booking'}>
          Confirm
        </button>
        <button onClick={scheduler.changeTime}>Change the time</button>
      </section>
    );
  }
  if (state.date) {
    return (
      <ul aria-label={`Times on ${state.date}`}>
        {scheduler.times.map((slot) => (
          <li key={slot.id}>
            <button onClick={() => scheduler.chooseTime(slot)}>{time(slot.start)}</button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul aria-label="Days with free times">
      {[...scheduler.slotsByDay.days.keys()].map((day) => (
        <li key={day}>
          <button onClick={() => scheduler.chooseDate(day)}>{day}</button>
        </li>
      ))}
    </ul>
  );
}
