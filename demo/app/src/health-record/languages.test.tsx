import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getVitalSign, type Observation, type Task } from 'fhir-portal-kit';
import { FhirProvider, NotificationsProvider } from 'fhir-portal-kit/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestClient, fhirJson } from '../../../../src/react/test-utils';
import type { DisplayLanguage } from '../i18n/languages';
import { LanguageContext } from '../i18n/LanguageContext';
import { AddMeasurementDialog } from './AddMeasurementDialog';
import { RenewalStatus } from './RenewalStatus';

function renderIn(language: DisplayLanguage, ui: ReactNode) {
  const { client, requests } = createTestClient((request) =>
    fhirJson({ ...(request.body as object), id: 'new', meta: {} }, 201)
  );
  render(
    <LanguageContext.Provider value={{ language, setLanguage() {} }}>
      <FhirProvider client={client}>
        <NotificationsProvider container={null} autoClose={false}>
          <MemoryRouter>{ui}</MemoryRouter>
        </NotificationsProvider>
      </FhirProvider>
    </LanguageContext.Provider>
  );
  return { requests };
}

const declined: Task = {
  resourceType: 'Task',
  status: 'rejected',
  intent: 'order',
  statusReason: { text: 'Please book a visit first' },
};

describe('the health record in Spanish', () => {
  it('asks for a blood pressure in Spanish and refuses an impossible value in Spanish', async () => {
    const user = userEvent.setup();
    renderIn(
      'es',
      <AddMeasurementDialog vital={getVitalSign('blood-pressure')!} patientRef="Patient/homer" onAdded={() => {}} />
    );
    await user.click(screen.getByRole('button', { name: 'Agregar medición' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar medición' });
    expect(within(dialog).getByText('Presión arterial en mmHg')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Sistólica (mmHg)'), '39');
    await user.type(within(dialog).getByLabelText('Diastólica (mmHg)'), '80');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('Sistólica debe estar entre 40 y 300 mmHg')).toBeInTheDocument();
  });

  it("stores the reading with the catalogue's English LOINC displays, not the Spanish labels", async () => {
    const user = userEvent.setup();
    const { requests } = renderIn(
      'es',
      <AddMeasurementDialog vital={getVitalSign('blood-pressure')!} patientRef="Patient/homer" onAdded={() => {}} />
    );
    await user.click(screen.getByRole('button', { name: 'Agregar medición' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar medición' });
    await user.type(within(dialog).getByLabelText('Sistólica (mmHg)'), '120');
    await user.type(within(dialog).getByLabelText('Diastólica (mmHg)'), '80');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await screen.findByRole('button', { name: 'Agregar medición' });
    const sent = requests.find((r) => r.method === 'POST')?.body as Observation;
    expect(sent.code.text).toBe('Blood Pressure');
    expect(sent.component?.map((c) => c.code.text).sort()).toEqual(['Diastolic', 'Systolic']);
  });
});

describe('the health record in Arabic', () => {
  it('names the dialog and the fields in Arabic, with the unit kept as written', async () => {
    const user = userEvent.setup();
    renderIn(
      'ar',
      <AddMeasurementDialog vital={getVitalSign('blood-pressure')!} patientRef="Patient/homer" onAdded={() => {}} />
    );
    await user.click(screen.getByRole('button', { name: 'إضافة قياس' }));
    const dialog = screen.getByRole('dialog', { name: 'إضافة قياس' });
    expect(within(dialog).getByLabelText('الانقباضي (mmHg)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('الانبساطي (mmHg)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'احفظ' }));
    expect(within(dialog).getAllByText('أدخل رقمًا، مثل 72 أو 36.6')).toHaveLength(2);
  });

  it("says a declined renewal in Arabic, with the practitioner's reason as written", () => {
    renderIn('ar', <RenewalStatus task={declined} />);
    expect(screen.getByText('رُفض التجديد: Please book a visit first')).toBeInTheDocument();
  });
});
