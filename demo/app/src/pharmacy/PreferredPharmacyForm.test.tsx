import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Organization, Patient } from 'fhir-portal-kit';
import { FhirProvider, NotificationsProvider } from 'fhir-portal-kit/react';
import { describe, expect, it } from 'vitest';
import { createTestClient, fhirJson, type SentRequest } from '../../../../src/react/test-utils';
import { PreferredPharmacyForm } from './PreferredPharmacyForm';
import { PREFERRED_PHARMACY_URL } from './preferred-pharmacy';

const pharmacy = (id: string, name: string): Organization => ({
  resourceType: 'Organization',
  id,
  name,
  address: [{ line: [`${id} Main Street`], city: 'Springfield', state: 'OR' }],
});
const PHARMACIES = [pharmacy('evergreen', 'Evergreen Pharmacy'), pharmacy('riverside', 'Riverside Pharmacy')];
const HOMER: Patient = {
  resourceType: 'Patient',
  id: 'homer',
  name: [{ given: ['Homer'], family: 'Simpson' }],
  extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/patient-importance', valueCodeableConcept: {} }],
};
const preferring = (id: string, name: string): Patient => ({
  ...HOMER,
  extension: [
    ...HOMER.extension!,
    {
      url: PREFERRED_PHARMACY_URL,
      extension: [
        { url: 'pharmacy', valueReference: { reference: `Organization/${id}`, display: name } },
        { url: 'type', valueCodeableConcept: { text: 'Outpatient medications' } },
      ],
    },
  ],
});

function respond(request: SentRequest) {
  if (request.method === 'GET' && request.url.includes('/Organization?'))
    return fhirJson({ resourceType: 'Bundle', type: 'searchset', entry: PHARMACIES.map((resource) => ({ resource })) });
  if (request.method === 'PUT') return fhirJson({ ...(request.body as object), meta: { versionId: '2' } });
  return fhirJson({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] }, 404);
}

function renderForm(patient: Patient) {
  const { client, requests } = createTestClient(respond);
  render(
    <FhirProvider client={client}>
      <NotificationsProvider container={null} autoClose={false}>
        <PreferredPharmacyForm patient={patient} />
      </NotificationsProvider>
    </FhirProvider>
  );
  return { requests };
}

describe('the preferred pharmacy choice', () => {
  it("lists the clinic's pharmacies, searched by the pharmacy type, with their addresses", async () => {
    const { requests } = renderForm(HOMER);
    const group = await screen.findByRole('group', { name: 'Pharmacy' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent)
    ).toEqual([
      'Evergreen Pharmacyevergreen Main Street, Springfield, OR',
      'Riverside Pharmacyriverside Main Street, Springfield, OR',
    ]);
    const search = new URL(requests.find((r) => r.url.includes('/Organization?'))!.url);
    expect(search.searchParams.get('type')).toBe('http://nucc.org/provider-taxonomy|3336C0003X');
    expect(
      screen.getByText('You have not chosen a pharmacy yet. Choose where we send your prescriptions.')
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save pharmacy' })).toBeDisabled();
  });

  describe('when the patient picks a pharmacy and saves', () => {
    it('stores it in the preferred-pharmacy extension, keeping their other extensions', async () => {
      const user = userEvent.setup();
      const { requests } = renderForm(HOMER);
      await user.click(await screen.findByRole('radio', { name: /Riverside Pharmacy/ }));
      await user.click(screen.getByRole('button', { name: 'Save pharmacy' }));

      await screen.findByText('Preferred pharmacy saved');
      const put = requests.find((r) => r.method === 'PUT')!;
      expect(put.url).toBe('http://localhost:8103/fhir/R4/Patient/homer');
      expect((put.body as Patient).extension).toEqual(preferring('riverside', 'Riverside Pharmacy').extension);
    });
  });

  describe('when a pharmacy is already chosen', () => {
    it('names it, checks it, and saves only another one', async () => {
      const user = userEvent.setup();
      const { requests } = renderForm(preferring('evergreen', 'Evergreen Pharmacy'));
      expect(await screen.findByRole('radio', { name: /Evergreen Pharmacy/ })).toBeChecked();
      expect(screen.getByText('We send your prescriptions to Evergreen Pharmacy.')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Save pharmacy' })).toBeDisabled();

      await user.click(screen.getByRole('radio', { name: /Riverside Pharmacy/ }));
      await user.click(screen.getByRole('button', { name: 'Save pharmacy' }));
      await screen.findByText('Preferred pharmacy saved');
      const sent = (requests.find((r) => r.method === 'PUT')!.body as Patient).extension!;
      expect(sent.filter((e) => e.url === PREFERRED_PHARMACY_URL)).toHaveLength(1);
      expect(sent).toEqual(preferring('riverside', 'Riverside Pharmacy').extension);
    });
  });
});
