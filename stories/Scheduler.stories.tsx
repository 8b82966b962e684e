/// <reference types="vite/client" />
import { useState, type ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import type { Bundle, Questionnaire, Schedule, Slot } from '../src/fhir';
import { FhirProvider } from '../src/react/FhirProvider';
import { Scheduler, type SchedulerProps } from '../src/react/scheduler';
import '../src/styles/scheduler.css';

const FHIR = 'https://fhir.example/fhir/R4/';
// Thursday, March 5 2026, 10:00 in New York: every story shows the same month.
const NOW = new Date('2026-03-05T15:00:00Z');

const schedule: Schedule = {
  resourceType: 'Schedule',
  id: 's1',
  actor: [{ reference: 'Practitioner/dr1', display: 'Dr. Alice Smith' }],
};
const practitioner = {
  resourceType: 'Practitioner',
  id: 'dr1',
  name: [{ prefix: ['Dr.'], given: ['Alice'], family: 'Smith' }],
};
const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  id: 'q1',
  status: 'active',
  title: 'Before your visit',
  item: [
    { linkId: 'reason', text: 'Reason for visit', type: 'string', required: true },
    { linkId: 'meds', text: 'Current medications', type: 'string' },
    { linkId: 'allergies', text: 'Allergies', type: 'string' },
  ],
};

const slot = (id: string, start: string): Slot => ({
  resourceType: 'Slot',
  id,
  meta: { versionId: '1' },
  schedule: { reference: 'Schedule/s1' },
  status: 'free',
  start,
  end: new Date(Date.parse(start) + 3_600_000).toISOString(),
});
// Mondays and Thursdays from March 9, 9:00 AM and 2:30 PM in New York (EDT, UTC-4).
const SLOTS: Slot[] = ['2026-03-09', '2026-03-12', '2026-03-16', '2026-03-19', '2026-03-23', '2026-03-26'].flatMap(
  (day) => [slot(`${day}-am`, `${day}T13:00:00.000Z`), slot(`${day}-pm`, `${day}T18:30:00.000Z`)]
);

type Behaviour = 'ok' | 'taken' | 'slots-fail' | 'empty' | 'slow' | 'dst';

// The night daylight saving ends in New York: 1:30 AM happens twice (EDT, then EST).
const DST_SLOTS: Slot[] = [
  slot('dst-edt', '2026-11-01T05:30:00.000Z'),
  slot('dst-est', '2026-11-01T06:30:00.000Z'),
  slot('dst-noon', '2026-11-01T17:00:00.000Z'),
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/fhir+json' } });

/** A FhirClient over an in-memory server, so each story runs offline and the same every time. */
function createClient(behaviour: Behaviour, onRequest: (method: string, url: string) => void): FhirClient {
  let taken = false;
  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = input.toString();
    const method = init.method ?? 'GET';
    onRequest(method, url);
    if (behaviour === 'slow') return new Promise<Response>(() => {});
    if (url === `${FHIR}Schedule/s1`) return json(schedule);
    if (url === `${FHIR}Practitioner/dr1`) return json(practitioner);
    if (url.startsWith(`${FHIR}Slot?`)) {
      if (behaviour === 'slots-fail')
        return json({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'forbidden' }] }, 403);
      const free =
        behaviour === 'empty'
          ? []
          : behaviour === 'dst'
            ? DST_SLOTS
            : SLOTS.filter((s) => !(taken && s.id === '2026-03-09-am'));
      return json({ resourceType: 'Bundle', type: 'searchset', entry: free.map((resource) => ({ resource })) });
    }
    if (method === 'POST' && url === FHIR) {
      if (behaviour === 'taken') {
        taken = true;
        return json(
          {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'conflict', details: { text: 'Version mismatch' } }],
          },
          412
        );
      }
      const bundle: Bundle = {
        resourceType: 'Bundle',
        type: 'transaction-response',
        entry: [
          { response: { status: '201 Created' } },
          {
            resource: { resourceType: 'Appointment', id: 'a1', status: 'booked', participant: [] },
            response: { status: '201 Created' },
          },
          { response: { status: '200 OK' } },
        ],
      };
      return json(bundle);
    }
    return json({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] }, 404);
  };
  return new FhirClient({
    baseUrl: 'https://fhir.example/',
    fetch: fakeFetch as typeof fetch,
    storage: new ClientStorage(new MemoryStorage()),
    maxRetries: 0,
    cacheTime: 0,
  });
}

type StoryArgs = SchedulerProps & { behaviour: Behaviour; onRequest: (method: string, url: string) => void };

function SchedulerStory({ behaviour, onRequest, ...props }: StoryArgs): ReactNode {
  const [client] = useState(() => createClient(behaviour, onRequest));
  return (
    <FhirProvider client={client}>
      <div dir={props.dir}>
        <Scheduler {...props} />
      </div>
    </FhirProvider>
  );
}

const meta = {
  title: 'Scheduler/Scheduler',
  component: SchedulerStory,
  args: {
    behaviour: 'ok',
    reviewStep: false,
    schedule: { reference: 'Schedule/s1' },
    questionnaire,
    timeZone: 'America/New_York',
    now: () => NOW,
    patient: { reference: 'Patient/p1', display: 'Pat Doe' },
    onRequest: fn(),
    onSlotChosen: fn(),
    onAnswersSubmitted: fn(),
    onBooked: fn(),
  },
  argTypes: {
    behaviour: { control: 'select', options: ['ok', 'taken', 'slots-fail', 'empty', 'slow', 'dst'] },
    headingLevel: { control: 'select', options: [1, 2, 3, 4, 5, 6] },
    // The props a reader tries on the docs page get real inputs; the schedule, questionnaire and
    // patient are JSON. Callbacks show in the Actions panel, and objects without a value here
    // (translations, class names) are described in the table, not offered as "Set object".
    schedule: { control: 'object' },
    questionnaire: { control: 'object' },
    patient: { control: 'object' },
    timeZone: { control: 'select', options: ['America/New_York', 'Europe/Paris', 'Asia/Tokyo', 'UTC'] },
    locale: { control: 'select', options: [undefined, 'en-US', 'fr-FR', 'de-DE', 'ar-EG'] },
    dir: { control: 'inline-radio', options: ['ltr', 'rtl'] },
    reviewStep: { control: 'boolean' },
    className: { control: 'text' },
    now: { control: false },
    createUuid: { control: false },
    stateReducer: { control: false },
    renderQuestionnaire: { control: false },
    messages: { control: false },
    calendarMessages: { control: false },
    classNames: { control: false },
    calendarClassNames: { control: false },
    onRequest: { control: false },
    onSlotChosen: { control: false },
    onAnswersSubmitted: { control: false },
    onBooked: { control: false },
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof SchedulerStory>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

async function chooseMonday(canvas: Canvas) {
  const monday = await canvas.findByRole('button', { name: 'Monday, March 9, 2026' });
  await waitFor(() => expect(monday).toBeEnabled());
  monday.focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(canvas.getByRole('heading', { name: 'Select time' })).toHaveFocus());
}

async function chooseNine(canvas: Canvas) {
  await userEvent.tab();
  await expect(canvas.getByRole('button', { name: '9:00 AM' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
}

async function answer(canvas: Canvas) {
  await waitFor(() => expect(canvas.getByRole('heading', { name: 'Before your visit' })).toHaveFocus());
  // The form's code was fetched when the date was chosen; it shows once loaded.
  await canvas.findByRole('textbox', { name: /Reason for visit/ });
  await userEvent.tab();
  await userEvent.keyboard('Annual checkup');
  canvas.getByRole('button', { name: 'Next' }).focus();
  await userEvent.keyboard('{Enter}');
}

/** Step 1, 'Select date': days with free slots are enabled; the panel shows the provider and '1 hour'. */
export const SelectDate: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Select date' })).toBeInTheDocument();
    const monday = await canvas.findByRole('button', { name: 'Monday, March 9, 2026' });
    await waitFor(() => expect(monday).toBeEnabled());
    await expect(canvas.getByRole('button', { name: 'Tuesday, March 10, 2026' })).toBeDisabled();
    await expect(canvas.getByText('Dr. Alice Smith')).toBeInTheDocument();
    // No photo: the initials of the given and family name.
    await expect(canvas.getByText('AS')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByText('1 hour')).toBeInTheDocument());
    await expect(args.onRequest).toHaveBeenCalledWith(
      'GET',
      `${FHIR}Slot?_count=720&schedule=Schedule%2Fs1&start=gt2026-03-05T05%3A00%3A00.000Z&start=lt2026-04-05T05%3A00%3A00.000Z&status=free`
    );
  },
};

/** Step 2, 'Select time': one outline button per start time, in the patient's time zone, named. */
export const SelectTime: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseMonday(canvas);
    const group = canvas.getByRole('group', { name: 'Select time' });
    await expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent)
    ).toEqual(['9:00 AM', '2:30 PM']);
    await expect(canvas.getByText('Times shown in America/New_York')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Change date' })).toBeInTheDocument();
    await expect(canvas.queryByRole('grid')).not.toBeInTheDocument();
  },
};

/** Step 3: the questions, with a 'Next' submit button. */
export const Questions: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await chooseMonday(canvas);
    await chooseNine(canvas);
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Before your visit' })).toHaveFocus());
    await expect(await canvas.findByRole('textbox', { name: /Reason for visit/ })).toBeRequired();
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Change time' })).toBeInTheDocument();
    await expect(args.onSlotChosen).toHaveBeenCalledTimes(1);
  },
};

/** Opt-in `reviewStep`: after the questions, a review with 'Confirm appointment' before booking. */
export const ReviewStep: Story = {
  args: { reviewStep: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await chooseMonday(canvas);
    await chooseNine(canvas);
    await answer(canvas);
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Confirm your appointment' })).toHaveFocus());
    await expect(canvas.getByRole('button', { name: 'Confirm appointment' })).toBeInTheDocument();
    await expect(canvas.getByText('Monday, March 9, 2026')).toBeInTheDocument();
    await expect(args.onAnswersSubmitted).toHaveBeenCalledTimes(1);
  },
};

/** Step 4: the questions' 'Next' books; "You're all set!" after one transaction. */
export const Booked: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await chooseMonday(canvas);
    await chooseNine(canvas);
    await answer(canvas);
    await expect(canvas.queryByRole('heading', { name: 'Confirm your appointment' })).not.toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('heading', { name: "You're all set!" })).toHaveFocus());
    await expect(canvas.getByText('Check your email for a calendar invite.')).toBeInTheDocument();
    await expect(args.onBooked).toHaveBeenCalledTimes(1);
  },
};

/** Someone else booked the time first: the times are refetched and the patient picks another. */
export const Taken: Story = {
  args: { behaviour: 'taken', questionnaire: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseMonday(canvas);
    await chooseNine(canvas);
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Confirm your appointment' })).toHaveFocus());
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'That time was just taken. Please choose another.'
    );
    await waitFor(() => expect(canvas.queryByRole('button', { name: '9:00 AM' })).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: '2:30 PM' })).toBeInTheDocument();
  },
};

/**
 * Right to left, in Arabic (Egypt): the panel sits on the right, the month buttons on the left,
 * the week starts on Saturday as the locale says, and dates go through Intl.
 */
export const RightToLeft: Story = {
  args: { dir: 'rtl', locale: 'ar-EG' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Select date' });
    const saturday = new Intl.DateTimeFormat('ar-EG', { weekday: 'short', timeZone: 'UTC' })
      .format(new Date('2026-03-07T12:00:00Z'))
      .toLocaleUpperCase('ar-EG');
    await expect(canvas.getAllByRole('columnheader', { hidden: true })[0]).toHaveTextContent(saturday);
    const scheduler = canvasElement.querySelector('.fpk-scheduler')!.getBoundingClientRect();
    const panel = canvas.getByRole('complementary', { name: 'Appointment details' }).getBoundingClientRect();
    const grid = canvas.getByRole('grid').getBoundingClientRect();
    if (scheduler.width >= 640) {
      // Wide: the panel sits beside the calendar, on the right, where a right-to-left reader starts.
      await expect(panel.left).toBeGreaterThan(grid.right - 1);
    } else {
      // Narrow (a phone): the panel sits above the calendar, and the calendar ends on the right.
      await expect(panel.bottom).toBeLessThanOrEqual(grid.top);
      await expect(grid.right).toBeCloseTo(panel.right, -1);
    }
    const previous = canvas.getByRole('button', { name: 'Previous month' }).getBoundingClientRect();
    await expect(previous.left).toBeLessThan(grid.left + grid.width / 2);
  },
};

/** The times could not be loaded: a message and 'Try again', never a blank widget. */
export const LoadError: Story = {
  args: { behaviour: 'slots-fail' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not load available times.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** Still loading. */
export const Loading: Story = {
  args: { behaviour: 'slow' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading available times…')).toBeInTheDocument();
  },
};

/** The month has no free slot; the next month button fetches the next window. */
export const EmptyMonth: Story = {
  args: { behaviour: 'empty' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No available times this month. Try the next month.')).toBeInTheDocument();
  },
};

/** No schedule found by the caller's function. */
export const NoSchedule: Story = {
  args: { schedule: async () => undefined },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There is no schedule to book from.')).toBeInTheDocument();
  },
};

/** A schedule without an actor cannot be booked. */
export const NoProvider: Story = {
  args: { schedule: { resourceType: 'Schedule', id: 's9', actor: [] } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('This schedule has no provider to book with.')
    ).toBeInTheDocument();
  },
};

/** Every text is replaceable; headings follow the page's level. */
export const Translated: Story = {
  args: {
    headingLevel: 3,
    messages: {
      selectDate: 'Choisir une date',
      duration: () => '1 heure',
      previousMonth: 'Mois précédent',
      nextMonth: 'Mois suivant',
      durationLabel: 'Durée',
      detailsLabel: 'Détails du rendez-vous',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Choisir une date', level: 3 })).toBeInTheDocument();
    await expect(await canvas.findByText('1 heure')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Mois suivant' })).toBeInTheDocument();
  },
};

/** November 1 in New York, when 1:30 AM happens twice: the two times name their zone. */
export const DaylightSavingEnds: Story = {
  args: { behaviour: 'dst', now: () => new Date('2026-11-01T04:30:00Z') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sunday = await canvas.findByRole('button', { name: 'Today, Sunday, November 1, 2026' });
    await waitFor(() => expect(sunday).toBeEnabled());
    sunday.focus();
    await userEvent.keyboard('{Enter}');
    const group = await canvas.findByRole('group', { name: 'Select time' });
    await expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent)
    ).toEqual(['1:30 AM EDT', '1:30 AM EST', '12:00 PM']);
  },
};
