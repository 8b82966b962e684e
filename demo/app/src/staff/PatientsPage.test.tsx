import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bundle, FhirClient } from 'fhir-portal-kit';
import { FhirProvider } from 'fhir-portal-kit/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PatientsPage } from './PatientsPage';

const PAGE: Bundle = {
  resourceType: 'Bundle',
  type: 'searchset',
  entry: [{ resource: { resourceType: 'Patient', id: 'a', name: [{ given: ['Ava'], family: 'Castillo' }] } }],
  link: [{ relation: 'previous', url: 'http://fhir.test/Patient?_count=20&_offset=0&_sort=family' }],
};

function Address() {
  const { search } = useLocation();
  return <output aria-label="Address">{search}</output>;
}

describe('the staff patients page', () => {
  it('keeps the search, sort and page in the address and starts from it', async () => {
    const search = vi.fn(async () => PAGE);
    const client = { search } as unknown as FhirClient;
    render(
      <FhirProvider client={client}>
        <MemoryRouter initialEntries={['/staff/patients?q=Ca&page=1']}>
          <Routes>
            <Route
              path="/staff/patients"
              element={
                <>
                  <PatientsPage />
                  <Address />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </FhirProvider>
    );
    await screen.findByRole('cell', { name: 'Ava Castillo' });
    expect(search.mock.calls.map((c) => (c as unknown[])[1])).toEqual([
      { _sort: 'family', _count: '20', name: 'Ca', _offset: '20' },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('Ca');
    const user = userEvent.setup();
    // A sort goes back to the first page in the same click: both reach the address.
    await user.click(screen.getByRole('button', { name: 'Birthdate' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\?q=Ca&sort=birthdate$/);
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 's');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\?q=Cas&sort=birthdate$/);
  });
});
