import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getVitalSign, type Observation } from 'fhir-portal-kit';
import { FhirProvider, NotificationsProvider } from 'fhir-portal-kit/react';
import { describe, expect, it, vi } from 'vitest';
import { createTestClient, fhirJson } from '../../../../src/react/test-utils';
import { vitalQuery } from './queries';
import { RemoveReadingDialog } from './RemoveReadingDialog';

const READING: Observation = {
  resourceType: 'Observation',
  id: 'hr1',
  status: 'preliminary',
  code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
  subject: { reference: 'Patient/homer' },
  valueQuantity: { value: 72, unit: 'beats/minute' },
  meta: { author: { reference: 'Patient/homer' } } as unknown as Observation['meta'],
};

describe('removing a reading', () => {
  it('after confirming, marks it entered-in-error and nothing else', async () => {
    const user = userEvent.setup();
    const { client, requests } = createTestClient((request) => fhirJson(request.body));
    const onRemoved = vi.fn();
    render(
      <FhirProvider client={client}>
        <NotificationsProvider container={null} autoClose={false}>
          <RemoveReadingDialog observation={READING} when="Nov 27, 2026" onRemoved={onRemoved} />
        </NotificationsProvider>
      </FhirProvider>
    );
    await user.click(screen.getByRole('button', { name: 'Remove reading of Nov 27, 2026' }));
    expect(screen.getByRole('dialog', { name: 'Remove reading' })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove reading' }));

    await vi.waitFor(() => expect(onRemoved).toHaveBeenCalled());
    expect(requests).toHaveLength(1);
    expect(requests[0].method).toBe('PUT');
    expect(requests[0].url).toMatch(/\/Observation\/hr1$/);
    expect(requests[0].body).toEqual({ ...READING, status: 'entered-in-error' });
  });

  it('leaves removed readings out of the vital searches', () => {
    expect(vitalQuery(getVitalSign('heart-rate')!, 'Patient/homer').status).toBe(
      'registered,preliminary,final,amended,corrected'
    );
  });
});
