import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { FhirClient } from '../../client';
import type { Practitioner } from '../../fhir';
import { FhirProvider } from '../FhirProvider';
import { createTestClient, fhirJson } from '../test-utils';
import { useSubject } from './useSubject';

const doctor: Practitioner = { resourceType: 'Practitioner', id: '7', name: [{ family: 'Hibbert' }] };

function Subject() {
  return <p aria-label="Subject">{useSubject()?.reference ?? 'no one'}</p>;
}

/** A practitioner signed in through a SMART launch for Patient/123. */
async function launchedForPatient(): Promise<FhirClient> {
  const { client } = createTestClient(() => fhirJson({ profile: doctor }));
  await act(() =>
    client.setActiveLogin({ accessToken: 'AT', launchContext: { patient: '123', fhirUser: 'Practitioner/7' } })
  );
  return client;
}

const provider =
  (client: FhirClient, subjectFromLaunch?: boolean) =>
  ({ children }: { children: ReactNode }) => (
    <FhirProvider client={client} subjectFromLaunch={subjectFromLaunch}>
      {children}
    </FhirProvider>
  );

describe('useSubject', () => {
  it("is the launch's patient when the provider has subjectFromLaunch", async () => {
    const client = await launchedForPatient();
    render(<Subject />, { wrapper: provider(client, true) });
    expect(screen.getByLabelText('Subject')).toHaveTextContent('Patient/123');
  });

  it('is the signed-in profile without it', async () => {
    const client = await launchedForPatient();
    render(<Subject />, { wrapper: provider(client) });
    expect(await screen.findByText('Practitioner/7')).toBeInTheDocument();
  });

  it('falls back to the profile when the launch has no patient, and is no one when signed out', async () => {
    const { client } = createTestClient(() => fhirJson({ profile: doctor }));
    await act(() => client.setActiveLogin({ accessToken: 'AT', launchContext: { fhirUser: 'Practitioner/7' } }));
    render(<Subject />, { wrapper: provider(client, true) });
    expect(await screen.findByText('Practitioner/7')).toBeInTheDocument();
    act(() => client.clearActiveLogin());
    expect(screen.getByLabelText('Subject')).toHaveTextContent('no one');
  });
});
