import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientStorage, FhirClient, MemoryStorage } from '../../client';
import type { Schedule, Slot } from '../../fhir';
import { FhirProvider } from '../FhirProvider';
import type { BookableSlot } from '../../scheduler/slots';
import { useScheduler, type UseSchedulerOptions } from './useScheduler';

const FHIR = 'https://fhir.test/fhir/R4/';
const NY = 'America/New_York';
const schedule: Schedule = { resourceType: 'Schedule', id: 's1', actor: [{ reference: 'Practitioner/dr1' }] };
const slot = (id: string, start: string): Slot => ({
  resourceType: 'Slot',
  id,
  meta: { versionId: '1' },
  schedule: { reference: 'Schedule/s1' },
  status: 'free',
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/fhir+json' } });

function setup(slots: Slot[], options: Partial<UseSchedulerOptions> = {}, signedIn = false) {
  const urls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = input.toString();
    urls.push(url);
    if (url === 'https://fhir.test/auth/me') {
      return json({ profile: { resourceType: 'Patient', id: 'me', name: [{ given: ['Pat'], family: 'Doe' }] } });
    }
    if (url === `${FHIR}Practitioner/dr1`)
      return json({ resourceType: 'Practitioner', id: 'dr1', name: [{ text: 'Dr. Lee' }] });
    if (url.startsWith(`${FHIR}Slot?`))
      return json({ resourceType: 'Bundle', type: 'searchset', entry: slots.map((resource) => ({ resource })) });
    return json({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] }, 404);
  });
  const client = new FhirClient({
    baseUrl: 'https://fhir.test/',
    fetch: fetch as unknown as typeof globalThis.fetch,
    storage: new ClientStorage(new MemoryStorage()),
    maxRetries: 0,
    ...(signedIn ? { accessToken: 'token' } : {}),
  });
  const wrapper = ({ children }: { children: ReactNode }) => <FhirProvider client={client}>{children}</FhirProvider>;
  const hook = renderHook(() => useScheduler({ schedule, timeZone: NY, ...options }), { wrapper });
  return { ...hook, urls };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('useScheduler', { timeout: 30_000 }, () => {
  describe('when daylight saving ends (2026-11-01 in New York)', () => {
    it('offers both 1:30 AM slots and the last hour of the long day, in order', async () => {
      const { result } = setup(
        [
          slot('est', '2026-11-01T06:30:00Z'),
          slot('late', '2026-11-02T04:30:00Z'),
          slot('edt', '2026-11-01T05:30:00Z'),
        ],
        { now: () => new Date('2026-10-28T16:00:00Z') }
      );
      await waitFor(() => expect(result.current.slotsStatus).toBe('ready'));
      expect(result.current.isDayEnabled(new Date('2026-11-01T12:00:00Z'))).toBe(true);
      expect(result.current.isDayEnabled(new Date('2026-11-02T12:00:00Z'))).toBe(false);
      act(() => result.current.chooseDate(new Date('2026-11-01T12:00:00Z')));
      expect(result.current.state).toMatchObject({ status: 'date-chosen', date: '2026-11-01' });
      expect(result.current.times.map((s) => s.id)).toEqual(['edt', 'est', 'late']);
      expect(result.current.durationMinutes).toBe(30);
    });
  });

  it('controlled: a day or time the page does not take is reported and not made', async () => {
    const monday = slot('mon', '2026-03-09T13:00:00Z') as BookableSlot;
    const thursday = slot('thu', '2026-03-12T14:00:00Z');
    const onDateChange = vi.fn();
    const onSlotChange = vi.fn();
    const { result } = setup([monday, thursday], {
      now: () => new Date('2026-03-05T15:00:00Z'),
      date: '2026-03-09',
      onDateChange,
      onSlotChange,
    });
    await waitFor(() => expect(result.current.slotsStatus).toBe('ready'));
    expect(result.current.state).toMatchObject({ status: 'date-chosen', date: '2026-03-09' });
    act(() => result.current.chooseDate('2026-03-12'));
    expect(onDateChange).toHaveBeenLastCalledWith('2026-03-12');
    expect(result.current.state).toMatchObject({ status: 'date-chosen', date: '2026-03-09' });
    expect(result.current.times.map((s) => s.id)).toEqual(['mon']);
    // The time is not the page's (no `slot`): the flow makes it and reports it.
    act(() => result.current.chooseTime(monday));
    expect(onSlotChange).toHaveBeenLastCalledWith(monday);
    expect(result.current.state.slot?.id).toBe('mon');
    expect(onDateChange).toHaveBeenCalledTimes(1);
  });

  it('books for the signed-in profile when no patient is given', async () => {
    const { result } = setup(
      [slot('a', '2026-03-09T13:00:00Z')],
      { now: () => new Date('2026-03-05T15:00:00Z') },
      true
    );
    await waitFor(() => expect(result.current.patient).toEqual({ reference: 'Patient/me' }));
    expect(result.current.actorResource).toMatchObject({ id: 'dr1' });
  });

  it("books for a SMART launch's patient, not the practitioner, when the provider has subjectFromLaunch", async () => {
    const client = new FhirClient({
      baseUrl: 'https://fhir.test/',
      fetch: (async () => json({ profile: { resourceType: 'Practitioner', id: 'dr1' } })) as typeof fetch,
      storage: new ClientStorage(new MemoryStorage()),
      maxRetries: 0,
    });
    await client.setActiveLogin({ accessToken: 'token', launchContext: { patient: 'p9' } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <FhirProvider client={client} subjectFromLaunch>
        {children}
      </FhirProvider>
    );
    const { result } = renderHook(() => useScheduler({ schedule, timeZone: NY }), { wrapper });
    expect(result.current.patient).toEqual({ reference: 'Patient/p9' });
  });

  it('lets a stateReducer override a change (Downshift style)', async () => {
    const { result } = setup([slot('a', '2026-03-09T13:00:00Z')], {
      now: () => new Date('2026-03-05T15:00:00Z'),
      // Keep the patient on the chosen date: ignore changeDate.
      stateReducer: (state, { type, changes }) => (type === 'changeDate' ? state : changes),
    });
    await waitFor(() => expect(result.current.slotsStatus).toBe('ready'));
    act(() => result.current.chooseDate('2026-03-09'));
    act(() => result.current.changeDate());
    expect(result.current.state.status).toBe('date-chosen');
  });

  it('shows the month the patient moved to, not a slower answer for the month before', async () => {
    let marchAnswer: (response: Response) => void = () => {};
    const signals: Record<string, AbortSignal | undefined> = {};
    const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = input.toString();
      if (url === `${FHIR}Practitioner/dr1`) return json({ resourceType: 'Practitioner', id: 'dr1' });
      const month = url.includes('start=gt2026-03') ? 'march' : 'april';
      signals[month] = init.signal ?? undefined;
      if (month === 'march') return new Promise<Response>((resolve) => (marchAnswer = resolve));
      return json({
        resourceType: 'Bundle',
        type: 'searchset',
        entry: [{ resource: slot('apr', '2026-04-14T14:00:00Z') }],
      });
    });
    const client = new FhirClient({
      baseUrl: 'https://fhir.test/',
      fetch: fetch as unknown as typeof globalThis.fetch,
      storage: new ClientStorage(new MemoryStorage()),
      maxRetries: 0,
    });
    const wrapper = ({ children }: { children: ReactNode }) => <FhirProvider client={client}>{children}</FhirProvider>;
    const { result } = renderHook(
      () => useScheduler({ schedule, timeZone: NY, now: () => new Date('2026-03-05T15:00:00Z') }),
      { wrapper }
    );
    await waitFor(() => expect(signals.march).toBeDefined());
    act(() => result.current.setMonth(new Date('2026-04-10T12:00:00Z')));
    await waitFor(() => expect(result.current.slotsStatus).toBe('ready'));
    // The March search was given up, and its late answer changes nothing on screen.
    expect(signals.march?.aborted).toBe(true);
    await act(async () =>
      marchAnswer(
        json({ resourceType: 'Bundle', type: 'searchset', entry: [{ resource: slot('mar', '2026-03-10T14:00:00Z') }] })
      )
    );
    expect(result.current.isDayEnabled(new Date('2026-04-14T16:00:00Z'))).toBe(true);
    expect(result.current.isDayEnabled(new Date('2026-03-10T16:00:00Z'))).toBe(false);
  });
});
