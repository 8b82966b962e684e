import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientStorage, FhirClient, MemoryStorage } from '../../client';
import type { Bundle, Questionnaire, Schedule, Slot } from '../../fhir';
import { FhirProvider } from '../FhirProvider';
import { getInitials, Scheduler, type SchedulerProps } from './Scheduler';

const FHIR = 'https://fhir.test/fhir/R4/';
const NY = 'America/New_York';
// Thursday, March 5 2026, 10:00 in New York (EST). Daylight saving starts on Sunday, March 8.
const NOW = new Date('2026-03-05T15:00:00Z');
const UUID = '9b2f4c1e-0000-4000-8000-000000000001';
const MARCH_SLOTS_URL =
  `${FHIR}Slot?_count=720&schedule=Schedule%2Fs1` +
  '&start=gt2026-03-05T05%3A00%3A00.000Z&start=lt2026-04-05T05%3A00%3A00.000Z&status=free';

const schedule: Schedule = {
  resourceType: 'Schedule',
  id: 's1',
  actor: [{ reference: 'Practitioner/dr1', display: 'Dr. A. Smith' }],
};
const practitioner = {
  resourceType: 'Practitioner',
  id: 'dr1',
  name: [{ prefix: ['Dr.'], given: ['Alice'], family: 'Smith' }],
};
const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  id: 'q1',
  url: 'https://example.org/Questionnaire/visit',
  status: 'active',
  title: 'Before your visit',
  item: [
    { linkId: 'reason', text: 'Reason for visit', type: 'string', required: true },
    { linkId: 'meds', text: 'Current medications', type: 'string' },
  ],
};
const makeSlot = (id: string, start: string, versionId = '1'): Slot => ({
  resourceType: 'Slot',
  id,
  meta: { versionId },
  schedule: { reference: 'Schedule/s1' },
  status: 'free',
  start,
  end: new Date(Date.parse(start) + 3_600_000).toISOString(),
});
// 9:00 AM and 2:30 PM EDT on Monday, March 9; 10:00 AM EDT on Thursday, March 12.
const nine = makeSlot('slot-9', '2026-03-09T13:00:00.000Z', '4');
const twoThirty = makeSlot('slot-1430', '2026-03-09T18:30:00.000Z');
const thursday = makeSlot('slot-thu', '2026-03-12T14:00:00.000Z');
const searchset = (...slots: Slot[]): Bundle => ({
  resourceType: 'Bundle',
  type: 'searchset',
  entry: slots.map((resource) => ({ resource })),
});

interface Recorded {
  method: string;
  url: string;
  body?: any;
}

/** A real FhirClient over a mock fetch that answers by method and URL and records every request. */
function setupServer(answer: (request: Recorded) => Response | Promise<Response> | undefined) {
  const requests: Recorded[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: Recorded = {
      method: init.method ?? 'GET',
      url: input.toString(),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const response = await answer(request);
    if (response) return response;
    if (request.url === `${FHIR}Schedule/s1`) return json(schedule);
    if (request.url === `${FHIR}Practitioner/dr1`) return json(practitioner);
    return json({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] }, 404);
  });
  const client = new FhirClient({
    baseUrl: 'https://fhir.test/',
    fetch: fetch as unknown as typeof globalThis.fetch,
    storage: new ClientStorage(new MemoryStorage()),
    maxRetries: 0,
  });
  return { client, requests };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/fhir+json' } });
}

const transactionResponse = (): Bundle => ({
  resourceType: 'Bundle',
  type: 'transaction-response',
  entry: [
    { response: { status: '201 Created', location: 'QuestionnaireResponse/qr1/_history/1' } },
    {
      resource: { resourceType: 'Appointment', id: 'appt1', status: 'booked', participant: [] },
      response: { status: '201 Created', location: 'Appointment/appt1/_history/1' },
    },
    { response: { status: '200 OK', location: 'Slot/slot-9/_history/5' } },
  ],
});

function renderScheduler(client: FhirClient, props: Partial<SchedulerProps> = {}) {
  const user = userEvent.setup();
  const handlers = { onSlotChosen: vi.fn(), onAnswersSubmitted: vi.fn(), onBooked: vi.fn() };
  render(
    <FhirProvider client={client}>
      <Scheduler
        schedule={{ reference: 'Schedule/s1' }}
        questionnaire={questionnaire}
        timeZone={NY}
        now={() => NOW}
        patient={{ reference: 'Patient/p1', display: 'Pat Doe' }}
        createUuid={() => UUID}
        {...handlers}
        {...props}
      />
    </FhirProvider>
  );
  return { user, ...handlers };
}

/** Tabs until the control named `name` has focus; fails after 20 stops. */
async function tabTo(user: ReturnType<typeof userEvent.setup>, name: string | RegExp, role = 'button') {
  for (let i = 0; i < 20; i++) {
    await user.tab();
    const active = document.activeElement as HTMLElement;
    const target = screen.queryByRole(role, { name });
    if (target && active === target) return target;
  }
  throw new Error(`Tab never reached ${role} ${String(name)}`);
}

let errorSpy: ReturnType<typeof vi.spyOn>;
let warnSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
  warnSpy = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  errorSpy.mockRestore();
  warnSpy.mockRestore();
});

describe('Scheduler', { timeout: 30_000 }, () => {
  describe('when a patient books with the keyboard only', () => {
    it('walks date, time, questions and confirmation and sends one exact transaction', async () => {
      const { client, requests } = setupServer((request) => {
        if (request.url.startsWith(`${FHIR}Slot?`)) {
          return json(
            searchset(twoThirty, nine, thursday, {
              ...makeSlot('broken', '2026-03-10T14:00:00.000Z'),
              end: undefined,
            } as unknown as Slot)
          );
        }
        if (request.method === 'POST' && request.url === FHIR) return json(transactionResponse());
        return undefined;
      });
      const { user, onSlotChosen, onAnswersSubmitted, onBooked } = renderScheduler(client, { reviewStep: true });

      expect(await screen.findByRole('heading', { name: 'Select date', level: 2 })).toBeInTheDocument();
      const panel = screen.getByRole('complementary', { name: 'Appointment details' });
      expect(within(panel).getByText('Dr. Alice Smith')).toBeInTheDocument();
      expect(within(panel).getByText('AS')).toBeInTheDocument();
      await waitFor(() => expect(within(panel).getByText('1 hour')).toBeInTheDocument());

      // The reads, then the exact slot search of the window: midnight today (EST) + 744 hours.
      expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        `GET ${FHIR}Schedule/s1`,
        `GET ${FHIR}Practitioner/dr1`,
        `GET ${MARCH_SLOTS_URL}`,
      ]);
      expect(warnSpy).toHaveBeenCalledWith('Scheduler: Slot/broken has no end and was left out');

      // Days with free slots are enabled, others disabled.
      expect(screen.getByRole('button', { name: 'Monday, March 9, 2026' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Tuesday, March 10, 2026' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Thursday, March 12, 2026' })).toBeEnabled();

      const monday = await tabTo(user, 'Monday, March 9, 2026');
      expect(monday).toHaveFocus();
      await user.keyboard('{Enter}');

      const timeHeading = await screen.findByRole('heading', { name: 'Select time' });
      expect(timeHeading).toHaveFocus();
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
      expect(within(panel).getByText('Monday, March 9, 2026')).toBeInTheDocument();
      const times = within(screen.getByRole('group', { name: 'Select time' })).getAllByRole('button');
      expect(times.map((b) => b.textContent)).toEqual(['9:00 AM', '2:30 PM']);
      expect(screen.getByText('Times shown in America/New_York')).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'Select time' })).toHaveAccessibleDescription(
        'Times shown in America/New_York'
      );

      await user.tab();
      expect(screen.getByRole('button', { name: '9:00 AM' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(onSlotChosen).toHaveBeenCalledWith(nine);

      expect(await screen.findByRole('heading', { name: 'Before your visit' })).toHaveFocus();
      expect(screen.queryByRole('group', { name: 'Select time' })).not.toBeInTheDocument();
      expect(within(panel).getByText('9:00 AM (America/New_York)')).toBeInTheDocument();
      // The form's code was fetched when the date was chosen; it shows once loaded.
      const reason = await screen.findByRole('textbox', { name: /Reason for visit/ });
      await user.tab();
      expect(reason).toHaveFocus();
      await user.keyboard('Annual checkup');
      await user.tab();
      await user.tab();
      expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
      await user.keyboard('{Enter}');

      const expectedResponse = {
        resourceType: 'QuestionnaireResponse',
        status: 'completed',
        questionnaire: 'https://example.org/Questionnaire/visit',
        subject: { reference: 'Patient/p1', display: 'Pat Doe' },
        source: { reference: 'Patient/p1', display: 'Pat Doe' },
        authored: '2026-03-05T15:00:00.000Z',
        item: [{ linkId: 'reason', text: 'Reason for visit', answer: [{ valueString: 'Annual checkup' }] }],
        // The language the questions were answered in (the Scheduler's locale).
        language: 'en-US',
      };
      expect(onAnswersSubmitted).toHaveBeenCalledWith(expectedResponse);

      expect(await screen.findByRole('heading', { name: 'Confirm your appointment' })).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('button', { name: 'Confirm appointment' })).toHaveFocus();
      await user.keyboard('{Enter}');

      expect(await screen.findByRole('heading', { name: "You're all set!" })).toHaveFocus();
      expect(screen.getByText('Check your email for a calendar invite.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Change date' })).not.toBeInTheDocument();

      const posts = requests.filter((r) => r.method === 'POST');
      expect(posts).toHaveLength(1);
      expect(posts[0].url).toBe(FHIR);
      expect(posts[0].body).toEqual({
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          {
            fullUrl: `urn:uuid:${UUID}`,
            resource: expectedResponse,
            request: { method: 'POST', url: 'QuestionnaireResponse' },
          },
          {
            resource: {
              resourceType: 'Appointment',
              status: 'booked',
              slot: [{ reference: 'Slot/slot-9' }],
              start: '2026-03-09T13:00:00.000Z',
              end: '2026-03-09T14:00:00.000Z',
              participant: [
                { actor: { reference: 'Patient/p1', display: 'Pat Doe' }, status: 'accepted' },
                { actor: { reference: 'Practitioner/dr1', display: 'Dr. A. Smith' }, status: 'accepted' },
              ],
              supportingInformation: [{ reference: `urn:uuid:${UUID}` }],
            },
            request: { method: 'POST', url: 'Appointment' },
          },
          {
            resource: { ...nine, status: 'busy' },
            request: { method: 'PUT', url: 'Slot/slot-9', ifMatch: 'W/"4"' },
          },
        ],
      });
      expect(onBooked).toHaveBeenCalledWith(
        expect.objectContaining({ id: 'appt1', status: 'booked' }),
        transactionResponse()
      );
    });
  });

  describe('when there is no review step (the default, portal.md section 2)', () => {
    it("books from the questions' Next and shows You're all set!", async () => {
      const { client, requests } = setupServer((request) => {
        if (request.url.startsWith(`${FHIR}Slot?`)) return json(searchset(nine, twoThirty));
        if (request.method === 'POST' && request.url === FHIR) return json(transactionResponse());
        return undefined;
      });
      const { user, onAnswersSubmitted, onBooked } = renderScheduler(client);
      await tabTo(user, 'Monday, March 9, 2026');
      await user.keyboard('{Enter}');
      await screen.findByRole('heading', { name: 'Select time' });
      await user.tab();
      await user.keyboard('{Enter}');
      await screen.findByRole('heading', { name: 'Before your visit' });
      await screen.findByRole('textbox', { name: /Reason for visit/ });
      await user.tab();
      await user.keyboard('Flu');
      await tabTo(user, 'Next');
      await user.keyboard('{Enter}{Enter}');

      expect(await screen.findByRole('heading', { name: "You're all set!" })).toHaveFocus();
      expect(screen.getByText('Check your email for a calendar invite.')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Confirm your appointment' })).not.toBeInTheDocument();
      expect(onAnswersSubmitted).toHaveBeenCalledTimes(1);
      const posts = requests.filter((r) => r.method === 'POST');
      expect(posts).toHaveLength(1);
      expect(posts[0].body.entry[0].resource.item).toEqual([
        { linkId: 'reason', text: 'Reason for visit', answer: [{ valueString: 'Flu' }] },
      ]);
      expect(onBooked).toHaveBeenCalledWith(expect.objectContaining({ id: 'appt1' }), transactionResponse());
    });

    it('asks the questions again, prefilled, after the time was taken', async () => {
      let slotSearches = 0;
      const { client } = setupServer((request) => {
        if (request.url.startsWith(`${FHIR}Slot?`)) {
          slotSearches++;
          return json(slotSearches === 1 ? searchset(nine, twoThirty) : searchset(twoThirty));
        }
        if (request.method === 'POST') {
          return json({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'conflict' }] }, 412);
        }
        return undefined;
      });
      const { user } = renderScheduler(client);
      await tabTo(user, 'Monday, March 9, 2026');
      await user.keyboard('{Enter}');
      await screen.findByRole('heading', { name: 'Select time' });
      await user.tab();
      await user.keyboard('{Enter}');
      await user.type(await screen.findByRole('textbox', { name: /Reason for visit/ }), 'Flu');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('That time was just taken. Please choose another.');
      await user.click(await screen.findByRole('button', { name: '2:30 PM' }));
      expect(await screen.findByRole('heading', { name: 'Before your visit' })).toHaveFocus();
      expect(screen.getByRole('textbox', { name: /Reason for visit/ })).toHaveValue('Flu');
    });
  });

  describe('when the default questions form answers items of several types', () => {
    it('sends each answer with its item type: valueBoolean, valueInteger, valueString', async () => {
      const { client, requests } = setupServer((request) => {
        if (request.url.startsWith(`${FHIR}Slot?`)) return json(searchset(nine));
        if (request.method === 'POST' && request.url === FHIR) return json(transactionResponse());
        return undefined;
      });
      const typed: Questionnaire = {
        resourceType: 'Questionnaire',
        id: 'q2',
        status: 'active',
        title: 'Before your visit',
        item: [
          { linkId: 'smoker', text: 'Do you smoke?', type: 'boolean' },
          { linkId: 'age', text: 'Age', type: 'integer', required: true },
          { linkId: 'reason', text: 'Reason for visit', type: 'string' },
        ],
      };
      const { user } = renderScheduler(client, { questionnaire: typed });
      await user.click(await screen.findByRole('button', { name: 'Monday, March 9, 2026' }));
      await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
      await user.click(await screen.findByRole('checkbox', { name: 'Do you smoke?' }));
      // A required item left empty keeps the form from booking and says why.
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByRole('spinbutton', { name: /Age/ })).toHaveAccessibleDescription('This field is required.');
      expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
      await user.type(screen.getByRole('spinbutton', { name: /Age/ }), '42');
      await user.type(screen.getByRole('textbox', { name: 'Reason for visit' }), 'Flu');
      await user.click(screen.getByRole('button', { name: 'Next' }));

      expect(await screen.findByRole('heading', { name: "You're all set!" })).toBeInTheDocument();
      const posts = requests.filter((r) => r.method === 'POST');
      expect(posts).toHaveLength(1);
      expect(posts[0].body.entry[0].resource).toEqual({
        resourceType: 'QuestionnaireResponse',
        language: 'en-US',
        status: 'completed',
        questionnaire: 'Questionnaire/q2',
        subject: { reference: 'Patient/p1', display: 'Pat Doe' },
        source: { reference: 'Patient/p1', display: 'Pat Doe' },
        authored: '2026-03-05T15:00:00.000Z',
        item: [
          { linkId: 'smoker', text: 'Do you smoke?', answer: [{ valueBoolean: true }] },
          { linkId: 'age', text: 'Age', answer: [{ valueInteger: 42 }] },
          { linkId: 'reason', text: 'Reason for visit', answer: [{ valueString: 'Flu' }] },
        ],
      });
    });
  });

  describe('when the patient changes their mind', () => {
    it("goes back with 'Change time' and 'Change date', keeping the answers", async () => {
      const { client } = setupServer((request) =>
        request.url.startsWith(`${FHIR}Slot?`) ? json(searchset(nine, twoThirty, thursday)) : undefined
      );
      const { user } = renderScheduler(client, { reviewStep: true });
      await tabTo(user, 'Monday, March 9, 2026');
      await user.keyboard('{Enter}');
      await screen.findByRole('heading', { name: 'Select time' });
      await user.tab();
      await user.keyboard('{Enter}');
      await screen.findByRole('heading', { name: 'Before your visit' });
      await screen.findByRole('textbox', { name: /Reason for visit/ });
      await user.tab();
      await user.keyboard('Flu');
      await tabTo(user, 'Next');
      await user.keyboard('{Enter}');
      await screen.findByRole('heading', { name: 'Confirm your appointment' });

      // Change time: back to the list; a new time goes straight to confirming.
      await user.tab({ shift: true });
      expect(screen.getByRole('button', { name: 'Change time' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('heading', { name: 'Select time' })).toHaveFocus();
      await tabTo(user, '2:30 PM');
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('heading', { name: 'Confirm your appointment' })).toHaveFocus();
      expect(screen.getByText('2:30 PM (America/New_York)')).toBeInTheDocument();

      // Change answers: the form shows what was typed.
      await tabTo(user, 'Change answers');
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('heading', { name: 'Before your visit' })).toHaveFocus();
      expect(screen.getByRole('textbox', { name: /Reason for visit/ })).toHaveValue('Flu');

      // Change date: the calendar again.
      await user.tab({ shift: true });
      await user.tab({ shift: true });
      expect(screen.getByRole('button', { name: 'Change date' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('heading', { name: 'Select date' })).toHaveFocus();
      expect(screen.getByRole('grid')).toBeInTheDocument();
    });
  });

  describe('when someone else books the time first', () => {
    it('says so, refetches the times and books once however often confirm is pressed', async () => {
      let slotSearches = 0;
      let release: (response: Response) => void = () => {};
      const { client, requests } = setupServer((request) => {
        if (request.url.startsWith(`${FHIR}Slot?`)) {
          slotSearches++;
          return json(slotSearches === 1 ? searchset(nine, twoThirty) : searchset(twoThirty));
        }
        if (request.method === 'POST') return new Promise<Response>((resolve) => (release = resolve));
        return undefined;
      });
      const { user, onBooked } = renderScheduler(client, { questionnaire: undefined });
      await tabTo(user, 'Monday, March 9, 2026');
      await user.keyboard('{Enter}');
      await screen.findByRole('heading', { name: 'Select time' });
      await user.tab();
      await user.keyboard('{Enter}');
      // Without a questionnaire, choosing a time goes straight to confirming.
      expect(await screen.findByRole('heading', { name: 'Confirm your appointment' })).toHaveFocus();
      await user.tab();
      await user.keyboard('{Enter}{Enter}{Enter}');
      expect(screen.getByRole('button', { name: 'Booking…' })).toHaveAttribute('aria-disabled', 'true');
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);

      release(
        json(
          {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'conflict', details: { text: 'Version mismatch' } }],
          },
          412
        )
      );
      expect(await screen.findByRole('alert')).toHaveTextContent('That time was just taken. Please choose another.');
      await waitFor(() => expect(screen.getByRole('heading', { name: 'Select time' })).toHaveFocus());
      await waitFor(() => expect(slotSearches).toBe(2));
      await waitFor(() => expect(screen.queryByRole('button', { name: '9:00 AM' })).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: '2:30 PM' })).toBeInTheDocument();
      expect(requests.filter((r) => r.url.startsWith(`${FHIR}Slot?`)).map((r) => r.url)).toEqual([
        MARCH_SLOTS_URL,
        MARCH_SLOTS_URL,
      ]);
      expect(onBooked).not.toHaveBeenCalled();
      expect(errorSpy).toHaveBeenCalledWith('Scheduler: could not book the appointment', expect.anything());
    });

    it('treats a failed entry in the transaction response as taken', async () => {
      const { client } = setupServer((request) => {
        if (request.url.startsWith(`${FHIR}Slot?`)) return json(searchset(nine));
        if (request.method === 'POST') {
          return json({
            resourceType: 'Bundle',
            type: 'transaction-response',
            entry: [{ response: { status: '409 Conflict' } }],
          });
        }
        return undefined;
      });
      const { user } = renderScheduler(client, { questionnaire: undefined });
      await tabTo(user, 'Monday, March 9, 2026');
      await user.keyboard('{Enter}');
      await screen.findByRole('heading', { name: 'Select time' });
      await user.tab();
      await user.keyboard('{Enter}');
      await tabTo(user, 'Confirm appointment');
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent('That time was just taken. Please choose another.');
    });
  });

  describe('when booking fails for another reason', () => {
    it('keeps the choice and lets the patient try again', async () => {
      let posts = 0;
      const { client } = setupServer((request) => {
        if (request.url.startsWith(`${FHIR}Slot?`)) return json(searchset(nine));
        if (request.method === 'POST') {
          posts++;
          return posts === 1
            ? json(
                {
                  resourceType: 'OperationOutcome',
                  issue: [{ severity: 'error', code: 'forbidden', details: { text: 'Forbidden' } }],
                },
                403
              )
            : json(transactionResponse());
        }
        return undefined;
      });
      const { user } = renderScheduler(client, { questionnaire: undefined });
      await tabTo(user, 'Monday, March 9, 2026');
      await user.keyboard('{Enter}');
      await screen.findByRole('heading', { name: 'Select time' });
      await user.tab();
      await user.keyboard('{Enter}');
      await tabTo(user, 'Confirm appointment');
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent('Could not book the appointment. Please try again.');
      expect(screen.getByRole('button', { name: 'Confirm appointment' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('heading', { name: "You're all set!" })).toBeInTheDocument();
    });
  });

  describe('when the times cannot be loaded', () => {
    it('logs, says so and retries with Try again', async () => {
      let attempts = 0;
      const { client } = setupServer((request) => {
        if (request.url.startsWith(`${FHIR}Slot?`)) {
          attempts++;
          return attempts === 1
            ? json(
                {
                  resourceType: 'OperationOutcome',
                  issue: [{ severity: 'error', code: 'forbidden', details: { text: 'Forbidden' } }],
                },
                403
              )
            : json(searchset(nine));
        }
        return undefined;
      });
      const { user } = renderScheduler(client);
      expect(await screen.findByRole('alert')).toHaveTextContent('Could not load available times.');
      expect(errorSpy).toHaveBeenCalledWith('Scheduler: could not load available times', expect.anything());
      await tabTo(user, 'Try again');
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('button', { name: 'Monday, March 9, 2026' })).toBeEnabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Select date' })).toHaveFocus();
    });

    it('logs and offers a retry when the schedule cannot be read', async () => {
      let reads = 0;
      const { client } = setupServer((request) => {
        if (request.url === `${FHIR}Schedule/s1` && ++reads === 1) {
          return json({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'forbidden' }] }, 403);
        }
        if (request.url.startsWith(`${FHIR}Slot?`)) return json(searchset(nine));
        return undefined;
      });
      const { user } = renderScheduler(client);
      expect(await screen.findByRole('alert')).toHaveTextContent('Could not load available times.');
      expect(errorSpy).toHaveBeenCalledWith('Scheduler: could not load the schedule', expect.anything());
      await tabTo(user, 'Try again');
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('heading', { name: 'Select date' })).toHaveFocus();
    });
  });

  describe('when there is nothing to book', () => {
    it('says there is no schedule', async () => {
      const { client } = setupServer(() => undefined);
      renderScheduler(client, { schedule: async () => undefined });
      expect(await screen.findByText('There is no schedule to book from.')).toBeInTheDocument();
    });

    it('says the schedule has no provider', async () => {
      const { client, requests } = setupServer(() => undefined);
      renderScheduler(client, { schedule: { resourceType: 'Schedule', id: 's9', actor: [] } });
      expect(await screen.findByText('This schedule has no provider to book with.')).toBeInTheDocument();
      expect(requests).toEqual([]);
    });

    it('says the month is empty and fetches the next month on Next month', async () => {
      const { client, requests } = setupServer((request) => {
        if (request.url.startsWith(`${FHIR}Slot?`)) return json(searchset());
        return undefined;
      });
      const { user } = renderScheduler(client, { schedule: [schedule, { reference: 'Schedule/s2' }] });
      expect(await screen.findByText('No available times this month. Try the next month.')).toBeInTheDocument();
      await tabTo(user, 'Next month');
      await user.keyboard('{Enter}');
      await waitFor(() => expect(requests.filter((r) => r.url.startsWith(`${FHIR}Slot?`))).toHaveLength(2));
      expect(requests.map((r) => r.url)).toEqual([
        `${FHIR}Practitioner/dr1`,
        `${FHIR}Slot?_count=720&schedule=Schedule%2Fs1%2CSchedule%2Fs2&start=gt2026-03-05T05%3A00%3A00.000Z&start=lt2026-04-05T05%3A00%3A00.000Z&status=free`,
        // April in New York starts at 04:00Z (EDT); 744 hours later is May 2.
        `${FHIR}Slot?_count=720&schedule=Schedule%2Fs1%2CSchedule%2Fs2&start=gt2026-04-01T04%3A00%3A00.000Z&start=lt2026-05-02T04%3A00%3A00.000Z&status=free`,
      ]);
      expect(await screen.findByText('April 2026')).toBeInTheDocument();
    });
  });

  describe('when the provider has no photo', () => {
    it('shows the initials of the given and family name, not of the title or credentials', async () => {
      const { client } = setupServer((request) => {
        if (request.url === `${FHIR}Practitioner/dr1`) {
          return json({
            ...practitioner,
            name: [{ prefix: ['Dr.'], given: ['Julia'], family: 'Hibbert', suffix: ['MD'] }],
          });
        }
        return request.url.startsWith(`${FHIR}Slot?`) ? json(searchset(nine)) : undefined;
      });
      renderScheduler(client);
      const panel = await screen.findByRole('complementary', { name: 'Appointment details' });
      expect(await within(panel).findByText('Dr. Julia Hibbert MD')).toBeInTheDocument();
      expect(within(panel).getByText('JH')).toBeInTheDocument();
    });

    it('takes initials from a plain name the same way', () => {
      expect(getInitials('Dr. Julia Hibbert MD')).toBe('JH');
      expect(getInitials('Julia Hibbert, PhD')).toBe('JH');
      expect(getInitials('Dr. A. Smith')).toBe('AS');
      expect(getInitials('Lakeside Clinic')).toBe('LC');
      expect(getInitials({ text: 'Dr. Lee' })).toBe('L');
      expect(getInitials(undefined)).toBe('?');
    });
  });

  it('formats dates and times in the given locale, the calendar starting on its first weekday', async () => {
    const { client } = setupServer((request) =>
      request.url.startsWith(`${FHIR}Slot?`) ? json(searchset(nine, twoThirty)) : undefined
    );
    const { user } = renderScheduler(client, { locale: 'fr-FR' });
    const headers = await screen.findAllByRole('columnheader', { hidden: true });
    expect(headers[0]).toHaveTextContent('LUN.');
    const monday = await screen.findByRole('button', { name: 'lundi 9 mars 2026' });
    await waitFor(() => expect(monday).toBeEnabled());
    await user.click(monday);
    const group = await screen.findByRole('group', { name: 'Select time' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent)
    ).toEqual(['9:00', '14:30']);
    expect(screen.getByText('lundi 9 mars 2026')).toBeInTheDocument();
  });

  it('takes replaced texts and a heading level', async () => {
    const { client } = setupServer((request) =>
      request.url.startsWith(`${FHIR}Slot?`) ? json(searchset(nine)) : undefined
    );
    renderScheduler(client, {
      headingLevel: 3,
      messages: { selectDate: 'Choisir une date', duration: () => '60 min' },
    });
    expect(await screen.findByRole('heading', { name: 'Choisir une date', level: 3 })).toBeInTheDocument();
    expect(await screen.findByText('60 min')).toBeInTheDocument();
  });
});

describe('Scheduler on the night daylight saving ends', { timeout: 30_000 }, () => {
  it('names the zone on the two 1:30 AM times of November 1 in New York', async () => {
    const { client } = setupServer((request) =>
      request.url.startsWith(`${FHIR}Slot?`)
        ? json(
            searchset(
              makeSlot('edt', '2026-11-01T05:30:00.000Z'),
              makeSlot('est', '2026-11-01T06:30:00.000Z'),
              makeSlot('noon', '2026-11-01T17:00:00.000Z')
            )
          )
        : undefined
    );
    // 00:30 EDT on November 1: today is the long day.
    const { user } = renderScheduler(client, { now: () => new Date('2026-11-01T04:30:00Z') });
    const sunday = await screen.findByRole('button', { name: 'Today, Sunday, November 1, 2026' });
    await waitFor(() => expect(sunday).toBeEnabled());
    await tabTo(user, 'Today, Sunday, November 1, 2026');
    await user.keyboard('{Enter}');
    const group = await screen.findByRole('group', { name: 'Select time' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent)
    ).toEqual(['1:30 AM EDT', '1:30 AM EST', '12:00 PM']);
  });
});

describe('Scheduler in the afternoon', { timeout: 30_000 }, () => {
  it('does not offer a time that started 5 minutes ago', async () => {
    const { client } = setupServer((request) =>
      request.url.startsWith(`${FHIR}Slot?`)
        ? json(
            searchset(
              makeSlot('started', '2026-03-05T14:00:00.000Z'),
              makeSlot('later', '2026-03-05T16:00:00.000Z'),
              makeSlot('gone', '2026-03-05T13:00:00.000Z')
            )
          )
        : undefined
    );
    // 9:05 AM EST on Thursday, March 5: the 9:00 AM slot has started.
    const { user } = renderScheduler(client, { now: () => new Date('2026-03-05T14:05:00Z') });
    const today = await screen.findByRole('button', { name: 'Today, Thursday, March 5, 2026' });
    await waitFor(() => expect(today).toBeEnabled());
    await user.click(today);
    const group = await screen.findByRole('group', { name: 'Select time' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent)
    ).toEqual(['11:00 AM']);
  });
});
