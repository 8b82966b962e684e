import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FhirProvider, useFhirClient } from './FhirProvider';
import { createTestClient, fhirJson } from './test-utils';

function BaseUrl() {
  return <p>{useFhirClient().getBaseUrl()}</p>;
}

describe('useFhirClient', () => {
  it('answers the client of the nearest FhirProvider', () => {
    const { client } = createTestClient(() => fhirJson({}));
    render(
      <FhirProvider client={client}>
        <BaseUrl />
      </FhirProvider>
    );
    expect(screen.getByText('http://localhost:8103/')).toBeInTheDocument();
  });

  describe('when there is no FhirProvider', () => {
    it('throws an error that says how to set one up', () => {
      const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(() => render(<BaseUrl />)).toThrow(
        'useFhirClient must be used inside <FhirProvider client={...}>: create a FhirClient and wrap your app in FhirProvider'
      );
      spy.mockRestore();
    });
  });
});
