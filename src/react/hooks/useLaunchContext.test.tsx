import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestClient, fhirJson, withClient } from '../test-utils';
import { useLaunchContext } from './useLaunchContext';

function PatientInContext() {
  const context = useLaunchContext();
  return (
    <p aria-label="Launch">
      {context?.patient ? `Patient ${context.patient}, user ${context.fhirUser}` : 'No launch context'}
    </p>
  );
}

describe('useLaunchContext', () => {
  it('shows the patient and user of the SMART launch', async () => {
    const { client } = createTestClient(() => fhirJson({}));
    await act(() =>
      client.setActiveLogin({ accessToken: 'AT', launchContext: { patient: '123', fhirUser: 'Practitioner/7' } })
    );
    render(<PatientInContext />, { wrapper: withClient(client) });
    expect(screen.getByLabelText('Launch')).toHaveTextContent('Patient 123, user Practitioner/7');
  });

  describe('when the user signs in or out', () => {
    it('re-renders with the new context, then without one', async () => {
      const { client } = createTestClient(() => fhirJson({}));
      render(<PatientInContext />, { wrapper: withClient(client) });
      expect(screen.getByLabelText('Launch')).toHaveTextContent('No launch context');
      await act(() =>
        client.setActiveLogin({ accessToken: 'AT', launchContext: { patient: '9', fhirUser: 'Patient/9' } })
      );
      expect(screen.getByLabelText('Launch')).toHaveTextContent('Patient 9, user Patient/9');
      act(() => client.clearActiveLogin());
      expect(screen.getByLabelText('Launch')).toHaveTextContent('No launch context');
    });
  });
});
