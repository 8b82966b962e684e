import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientStorage, FhirClient, MemoryStorage } from '../../client';
import type { Questionnaire, Slot } from '../../fhir';

// The default questions form and the booking transaction load on demand; these tests make
// the form's load fail once and check the patient can retry.
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

afterEach(() => {
  vi.doUnmock('./SimpleQuestionnaireForm');
  vi.resetModules();
  vi.restoreAllMocks();
});

describe('Scheduler questions form', { timeout: 30_000 }, () => {
  describe('when the form cannot be loaded', () => {
    it('says so and loads it again with Try again', async () => {
      const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
      let failures = 1;
      vi.doMock('./SimpleQuestionnaireForm', async (importOriginal) => {
        if (failures-- > 0) throw new Error('Failed to fetch dynamically imported module');
        return importOriginal();
      });
      const [{ FhirProvider }, { Scheduler }] = await Promise.all([import('../FhirProvider'), import('./Scheduler')]);
      const user = userEvent.setup();
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
      const monday = await screen.findByRole('button', { name: 'Monday, March 9, 2026' });
      await vi.waitFor(() => expect(monday).toBeEnabled());
      await user.click(monday);
      await user.click(await screen.findByRole('button', { name: '9:00 AM' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the questions.');
      expect(errorSpy).toHaveBeenCalledWith('Scheduler: could not load the questions form', expect.any(Error));
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('textbox', { name: /Reason for visit/ })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Before your visit' })).toHaveFocus();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });
});
