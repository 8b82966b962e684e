import { render, screen, within } from '@testing-library/react';
import type { CarePlan } from 'fhir-portal-kit';
import { FhirProvider } from 'fhir-portal-kit/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestClient, fhirJson } from '../../../../src/react/test-utils';
import { ActionItemPage } from '../care-plan/ActionItemPage';
import type { DisplayLanguage } from '../i18n/languages';
import { LanguageContext } from '../i18n/LanguageContext';
import { PortalQuestionnaires } from '../questionnaires';
import { TaskCardList } from './TaskCards';

const plan: CarePlan = {
  resourceType: 'CarePlan',
  id: 'screening',
  status: 'active',
  intent: 'plan',
  title: 'Complete the AHC HRSN screening',
  subject: { reference: 'Patient/homer' },
  author: { display: 'Dr. Julia Hibbert' },
  activity: [
    { detail: { kind: 'Task', instantiatesCanonical: [PortalQuestionnaires.screening], status: 'not-started' } },
  ],
};

function renderIn(language: DisplayLanguage, ui: ReactNode, path = '/') {
  const { client } = createTestClient(() => fhirJson(plan));
  render(
    <LanguageContext.Provider value={{ language, setLanguage() {} }}>
      <FhirProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
        </MemoryRouter>
      </FhirProvider>
    </LanguageContext.Provider>
  );
}

describe('the dashboard and the care plan in Spanish', () => {
  it('shows the task cards in Spanish, a done one with its date', () => {
    renderIn('es', <TaskCardList progress={{ screening: '2026-11-20T10:00:00Z' }} />);
    const card = screen.getByRole('heading', { name: 'Evaluación AHC HRSN' }).closest('li')!;
    expect(within(card).getByText(/^Completado el/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Comenzar la evaluación' })).toHaveAttribute(
      'href',
      '/screening-questionnaire'
    );
    expect(screen.getByRole('heading', { name: 'Agregue un contacto de emergencia' })).toBeInTheDocument();
  });

  it("shows an action item's labels and form link in Spanish, its title as the server wrote it", async () => {
    renderIn('es', <ActionItemPage />, '/care-plan/action-items/screening');
    await screen.findByRole('heading', { level: 1, name: 'Complete the AHC HRSN screening' });
    expect(screen.getByRole('link', { name: 'Abrir el formulario de evaluación' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a las tareas pendientes' })).toBeInTheDocument();
    expect(screen.getByText('Autor')).toBeInTheDocument();
  });
});

describe('the dashboard and the care plan in Arabic', () => {
  it('shows the task cards in Arabic', () => {
    renderIn('ar', <TaskCardList progress={{}} />);
    expect(screen.getByRole('heading', { name: 'استبيان تسجيل المريض' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'املأ النموذج' })).toHaveAttribute('href', '/patient-intake-questionnaire');
  });

  it("shows an action item's form link in Arabic", async () => {
    renderIn('ar', <ActionItemPage />, '/care-plan/action-items/screening');
    expect(await screen.findByRole('link', { name: 'افتح نموذج الفحص' })).toHaveAttribute(
      'href',
      '/screening-questionnaire'
    );
  });
});

describe('the dashboard in the pseudo-locale', () => {
  it('marks every text of ours, so a hard-coded one would stand out', () => {
    renderIn('en-XA', <TaskCardList progress={{}} />);
    for (const heading of screen.getAllByRole('heading')) expect(heading.textContent).toMatch(/^⟦.*⟧$/);
  });
});
