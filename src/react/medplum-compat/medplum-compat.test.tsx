import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Patient, Schedule, Slot } from '../../fhir';
import { createTestClient, fhirJson } from '../test-utils';
import {
  MedplumProvider,
  Scheduler,
  useMedplum,
  useResource,
  useSearch,
  useSearchOne,
  useSearchResources,
  type Reference,
} from './index';

const alice: Patient = { resourceType: 'Patient', id: '1', name: [{ given: ['Alice'], family: 'Smith' }] };
const notFound = {
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
};

/** Medplum-style code: the hooks' tuples, and a `Reference<Patient>` that types `useResource`. */
function Page({ patient }: { patient: Reference<Patient> }) {
  const medplum = useMedplum();
  const resource = useResource(patient);
  const [bundle, bundleLoading] = useSearch('Patient', { name: 'Smith' });
  const [first] = useSearchOne('Patient', { name: 'Smith' });
  const [resources, , outcome] = useSearchResources('Observation', { subject: patient.reference });
  return (
    <dl>
      <dt>Read</dt>
      {/* `name` compiles only because useResource inferred Patient from Reference<Patient>. */}
      <dd>{resource?.name?.[0]?.family ?? 'loading'}</dd>
      <dt>Bundle</dt>
      <dd>{bundleLoading ? 'loading' : `${bundle?.entry?.length} entries`}</dd>
      <dt>First</dt>
      <dd>{first?.name?.[0]?.given?.[0] ?? 'none'}</dd>
      <dt>Observations</dt>
      <dd>{outcome ? outcome.issue[0]?.details?.text : `${resources?.length ?? '?'} found`}</dd>
      <dt>Client</dt>
      <dd>{medplum.getBaseUrl()}</dd>
    </dl>
  );
}

describe('the Medplum-shaped names', () => {
  it('answer the search hooks as [result, loading, outcome] and read a Reference<T> as T', async () => {
    const { client } = createTestClient((request) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/Patient/1')) return fhirJson(alice);
      if (url.pathname.endsWith('/Observation')) return fhirJson(notFound, 404);
      return fhirJson({ resourceType: 'Bundle', type: 'searchset', entry: [{ resource: alice }] });
    });
    render(
      <MedplumProvider medplum={client}>
        <Page patient={{ reference: 'Patient/1' }} />
      </MedplumProvider>
    );
    expect(await screen.findByText('Smith')).toBeInTheDocument();
    expect(await screen.findByText('1 entries')).toBeInTheDocument();
    expect(await screen.findByText('Alice')).toBeInTheDocument();
    // The outcome is the server's OperationOutcome, as Medplum's hooks give it.
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.getByText('http://localhost:8103/')).toBeInTheDocument();
  });
});

describe('the compatible Scheduler', () => {
  it('calls onSelectSlot (and onSlotChosen) with the slot the patient picks', async () => {
    const schedule: Schedule = { resourceType: 'Schedule', id: 's1', actor: [{ display: 'Dr. Alice Smith' }] };
    // 9:00 AM in New York on Monday, March 9 2026; the clock reads the Thursday before.
    const nine: Slot = {
      resourceType: 'Slot',
      id: 'slot-9',
      schedule: { reference: 'Schedule/s1' },
      status: 'free',
      start: '2026-03-09T13:00:00.000Z',
      end: '2026-03-09T14:00:00.000Z',
    };
    const { client } = createTestClient((request) =>
      request.url.includes('/Slot?')
        ? fhirJson({ resourceType: 'Bundle', type: 'searchset', entry: [{ resource: nine }] })
        : fhirJson(schedule)
    );
    const onSelectSlot = vi.fn();
    const onSlotChosen = vi.fn();
    const user = userEvent.setup();
    render(
      <MedplumProvider medplum={client}>
        <Scheduler
          schedule={schedule}
          timeZone="America/New_York"
          now={() => new Date('2026-03-05T15:00:00Z')}
          onSelectSlot={onSelectSlot}
          onSlotChosen={onSlotChosen}
        />
      </MedplumProvider>
    );
    await user.click(await screen.findByRole('button', { name: 'Monday, March 9, 2026' }));
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    expect(onSelectSlot).toHaveBeenCalledWith(nine);
    expect(onSlotChosen).toHaveBeenCalledWith(nine);
  });
});
