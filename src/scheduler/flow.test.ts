// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { QuestionnaireResponse } from '../fhir';
import { createSchedulerState, schedulerReducer, type SchedulerAction, type SchedulerState } from './flow';
import type { BookableSlot } from './slots';

const slot: BookableSlot = {
  resourceType: 'Slot',
  id: 'slot-1',
  schedule: { reference: 'Schedule/s' },
  status: 'free',
  start: '2026-03-09T14:00:00Z',
  end: '2026-03-09T15:00:00Z',
};
const response: QuestionnaireResponse = { resourceType: 'QuestionnaireResponse', status: 'completed' };
const run = (state: SchedulerState, ...actions: SchedulerAction[]) => actions.reduce(schedulerReducer, state);
const start = createSchedulerState({ hasQuestions: true });

describe('schedulerReducer', () => {
  it('walks no date → date → time → answers → booking → confirmed', () => {
    const steps: SchedulerState[] = [];
    let state = start;
    for (const action of [
      { type: 'chooseDate', date: '2026-03-09' },
      { type: 'chooseTime', slot },
      { type: 'answerQuestions', response },
      { type: 'book' },
      { type: 'booked', appointment: { resourceType: 'Appointment', status: 'booked', participant: [] } },
    ] as SchedulerAction[]) {
      state = schedulerReducer(state, action);
      steps.push(state);
    }
    expect(steps.map((s) => s.status)).toEqual([
      'date-chosen',
      'time-chosen',
      'questions-answered',
      'booking',
      'confirmed',
    ]);
    expect(state).toMatchObject({ date: '2026-03-09', slot, response, appointment: { status: 'booked' } });
  });

  it('goes back one step at a time', () => {
    const answered = run(
      start,
      { type: 'chooseDate', date: '2026-03-09' },
      { type: 'chooseTime', slot },
      { type: 'answerQuestions', response }
    );
    const back1 = run(answered, { type: 'back' });
    expect(back1.status).toBe('time-chosen');
    const back2 = run(back1, { type: 'back' });
    expect(back2).toMatchObject({ status: 'date-chosen', slot: undefined });
    expect(run(back2, { type: 'back' }).status).toBe('no-date');
    expect(run(start, { type: 'back' })).toBe(start);
  });

  it('changes date or time, keeping answers already given', () => {
    const answered = run(
      start,
      { type: 'chooseDate', date: '2026-03-09' },
      { type: 'chooseTime', slot },
      { type: 'answerQuestions', response }
    );
    const changedTime = run(answered, { type: 'changeTime' });
    expect(changedTime).toMatchObject({ status: 'date-chosen', date: '2026-03-09', slot: undefined, response });
    // With answers kept, a new time goes straight to confirming.
    expect(run(changedTime, { type: 'chooseTime', slot }).status).toBe('questions-answered');
    expect(run(answered, { type: 'changeDate' })).toEqual({ status: 'no-date', hasQuestions: true, response });
    expect(run(answered, { type: 'changeAnswers' }).status).toBe('time-chosen');
  });

  it('ignores actions that make no sense in the current state', () => {
    expect(run(start, { type: 'chooseTime', slot })).toBe(start);
    expect(run(start, { type: 'book' })).toBe(start);
    const timeChosen = run(start, { type: 'chooseDate', date: '2026-03-09' }, { type: 'chooseTime', slot });
    expect(run(timeChosen, { type: 'book' })).toBe(timeChosen);
  });

  describe('when booking', () => {
    const booking = run(
      start,
      { type: 'chooseDate', date: '2026-03-09' },
      { type: 'chooseTime', slot },
      { type: 'answerQuestions', response },
      { type: 'book' }
    );

    it('books once: a second book, back or change is ignored', () => {
      expect(run(booking, { type: 'book' })).toBe(booking);
      expect(run(booking, { type: 'back' })).toBe(booking);
      expect(run(booking, { type: 'changeTime' })).toBe(booking);
      expect(run(booking, { type: 'chooseDate', date: '2026-03-10' })).toBe(booking);
    });

    it('returns to the times with the slot cleared when taken', () => {
      const taken = run(booking, { type: 'slotTaken' });
      expect(taken).toMatchObject({ status: 'taken', date: '2026-03-09', slot: undefined, response });
      expect(run(taken, { type: 'chooseTime', slot }).status).toBe('questions-answered');
    });

    it('keeps the choice on another failure so the patient can try again', () => {
      const failed = run(booking, { type: 'bookingFailed', error: 'Network down' });
      expect(failed).toMatchObject({ status: 'error', error: 'Network down', slot });
      expect(run(failed, { type: 'book' }).status).toBe('booking');
      expect(run(failed, { type: 'back' }).status).toBe('questions-answered');
    });
  });

  describe('when there are no questions', () => {
    it('goes from time straight to confirming and back to the times', () => {
      const state = run(
        createSchedulerState({ hasQuestions: false }),
        { type: 'chooseDate', date: '2026-03-09' },
        { type: 'chooseTime', slot }
      );
      expect(state.status).toBe('questions-answered');
      expect(run(state, { type: 'back' }).status).toBe('date-chosen');
      expect(run(state, { type: 'changeAnswers' })).toBe(state);
    });
  });

  describe('when the questions book at once (bookOnAnswers)', () => {
    const plain = createSchedulerState({ hasQuestions: true, bookOnAnswers: true });
    const answered = run(
      plain,
      { type: 'chooseDate', date: '2026-03-09' },
      { type: 'chooseTime', slot },
      { type: 'answerQuestions', response }
    );

    it('books from the answered questions', () => {
      expect(answered.status).toBe('questions-answered');
      expect(run(answered, { type: 'book' }).status).toBe('booking');
    });

    it('asks the questions again, prefilled, after another time is chosen or booking fails', () => {
      const taken = run(answered, { type: 'book' }, { type: 'slotTaken' });
      expect(run(taken, { type: 'chooseTime', slot })).toMatchObject({ status: 'time-chosen', response });
      const failed = run(answered, { type: 'book' }, { type: 'bookingFailed', error: 'x' });
      expect(run(failed, { type: 'back' }).status).toBe('time-chosen');
      expect(run(answered, { type: 'changeDate' })).toEqual({
        status: 'no-date',
        hasQuestions: true,
        bookOnAnswers: true,
        response,
      });
      expect(run(answered, { type: 'reset' })).toEqual(plain);
    });
  });

  it('resets', () => {
    const state = run(start, { type: 'chooseDate', date: '2026-03-09' }, { type: 'reset' });
    expect(state).toEqual(start);
  });
});
