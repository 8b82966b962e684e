import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Patient } from '../../fhir';
import { BASE_URL, createTestClient, fhirJson, withClient } from '../test-utils';
import { useProfile } from './useProfile';

const ada: Patient = { resourceType: 'Patient', id: '123', name: [{ given: ['Ada'], family: 'Lovelace' }] };

function Greeting() {
  const profile = useProfile();
  const name = profile && 'name' in profile ? profile.name?.[0]?.given?.[0] : undefined;
  return <p aria-label="Greeting">{name ? `Hello ${name}` : 'Signed out'}</p>;
}

describe('useProfile', () => {
  it('loads the profile of the session and shows it', async () => {
    const { client, requests } = createTestClient(() => fhirJson({ profile: ada }), { accessToken: 'token' });
    render(<Greeting />, { wrapper: withClient(client) });
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${BASE_URL}auth/me`]);
  });

  it('is undefined without a session, and sends nothing', () => {
    const { client, requests } = createTestClient(() => fhirJson({ profile: ada }));
    render(<Greeting />, { wrapper: withClient(client) });
    expect(screen.getByLabelText('Greeting')).toHaveTextContent('Signed out');
    expect(requests).toEqual([]);
  });

  describe('when the user signs out', () => {
    it('re-renders without the profile', async () => {
      const { client } = createTestClient(() => fhirJson({ profile: ada }), { accessToken: 'token' });
      render(<Greeting />, { wrapper: withClient(client) });
      expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
      act(() => client.clearActiveLogin());
      expect(screen.getByLabelText('Greeting')).toHaveTextContent('Signed out');
    });
  });
});
