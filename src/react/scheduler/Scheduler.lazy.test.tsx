import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientStorage, FhirClient, MemoryStorage } from '../../client';
import type { Questionnaire, Slot } from '../../fhir';

// The month calendar, the default questions form and the booking transaction load on demand;
// these tests hold a load back or make it fail once, and check what the patient sees and that
// they can retry.
const FHIR = 'https://fhir.test/fhir/R4/';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/fhir+json' } });
const slot: Slot = {
  resourceType: 'Slot',
  id: 'slot-9',
  meta: { versionId: '1' },
  schedule: { reference: 'Schedule/s1' },
  status: 'free',
  start: '2026-03-09T13:00:00.000Z',
  end: '2026-03-09T14:00:00.000Z',
};
const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'Before your visit',
  item: [{ linkId: 'reason', text: 'Reason for visit', type: 'string', required: true }],
};

function createClient(): FhirClient {
  const fetch = async (input: RequestInfo | URL) => {
    const url = input.toString();
    if (url === `${FHIR}Practitioner/dr1`) return json({ resourceType: 'Practitioner', id: 'dr1' });
    if (url.startsWith(`${FHIR}Slot?`)) {
      return json({ resourceType: 'Bundle', type: 'searchset', entry: [{ resource: slot }] });
    }
    return json({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] }, 404);
  };
  return new FhirClient({
    baseUrl: 'https://fhir.test/',
    fetch: fetch as typeof globalThis.fetch,
    storage: new ClientStorage(new MemoryStorage()),
    maxRetries: 0,
  });
}

/** Renders a Scheduler imported after the test's mocks, so its on-demand imports meet them. */
async function renderScheduler() {
  const [{ FhirProvider }, { Scheduler }] = await Promise.all([import('../FhirProvider'), import('./Scheduler')]);
  render(
    <FhirProvider client={createClient()}>
      <Scheduler
        schedule={{ resourceType: 'Schedule', id: 's1', actor: [{ reference: 'Practitioner/dr1' }] }}
        questionnaire={questionnaire}
        timeZone="America/New_York"
        now={() => new Date('2026-03-05T15:00:00Z')}
        patient={{ reference: 'Patient/p1' }}
      />
    </FhirProvider>
  );
}

afterEach(() => {
  vi.doUnmock('./MonthCalendar');
  vi.doUnmock('./SimpleQuestionnaireForm');
  vi.resetModules();
  vi.restoreAllMocks();
});

describe('Scheduler questions form', { timeout: 30_000 }, () => {
  describe('when the form cannot be loaded', () => {
    it('says so and loads it again with Try again', async () => {
      const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
      let failures = 1;
      vi.doMock('../questionnaire/SimpleQuestionnaireForm', async (importOriginal) => {
        if (failures-- > 0) throw new Error('Failed to fetch dynamically imported module');
        return importOriginal();
      });
      const user = userEvent.setup();
      await renderScheduler();
      const monday = await screen.findByRole('button', { name: 'Monday, March 9, 2026' });
      await vi.waitFor(() => expect(monday).toBeEnabled());
      await user.click(monday);
      await user.click(await screen.findByRole('button', { name: '9:00 AM' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the questions.');
      expect(errorSpy).toHaveBeenCalledWith('Could not load the Scheduler questions form', expect.any(Error));
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('textbox', { name: /Reason for visit/ })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Before your visit' })).toHaveFocus();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });
});

describe('Scheduler calendar', { timeout: 30_000 }, () => {
  describe('while the calendar is still loading after the times have', () => {
    it('shows the loading note, then the heading and the calendar together', async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      vi.doMock('./MonthCalendar', async (importOriginal) => {
        await held;
        return importOriginal();
      });
      await renderScheduler();

      // The slots are in (the panel shows the length of their visit), but not the calendar:
      // the date step still says it is loading, with no heading and no calendar yet.
      expect(await screen.findByText('1 hour')).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Loading available times…');
      expect(screen.queryByRole('heading', { name: 'Select date' })).not.toBeInTheDocument();
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();

      release();
      expect(await screen.findByRole('heading', { name: 'Select date' })).toBeInTheDocument();
      const monday = await screen.findByRole('button', { name: 'Monday, March 9, 2026' });
      await vi.waitFor(() => expect(monday).toBeEnabled());
      expect(screen.queryByText('Loading available times…')).not.toBeInTheDocument();
    });
  });

  describe('when the calendar cannot be loaded', () => {
    it('says so under the date heading and loads it again with Try again', async () => {
      const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
      let failures = 1;
      vi.doMock('./MonthCalendar', async (importOriginal) => {
        if (failures-- > 0) throw new Error('Failed to fetch dynamically imported module');
        return importOriginal();
      });
      const user = userEvent.setup();
      await renderScheduler();

      expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the calendar.');
      expect(screen.getByRole('heading', { name: 'Select date' })).toBeInTheDocument();
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
      expect(errorSpy).toHaveBeenCalledWith('Could not load the Scheduler calendar', expect.any(Error));

      await user.click(screen.getByRole('button', { name: 'Try again' }));
      const monday = await screen.findByRole('button', { name: 'Monday, March 9, 2026' });
      await vi.waitFor(() => expect(monday).toBeEnabled());
      expect(screen.getByRole('heading', { name: 'Select date' })).toHaveFocus();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      // The calendar works: the patient can go on to the day's times.
      await user.click(monday);
      expect(await screen.findByRole('button', { name: '9:00 AM' })).toBeInTheDocument();
    });
  });
});
