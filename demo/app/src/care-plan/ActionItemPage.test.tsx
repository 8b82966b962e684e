import { render, screen } from '@testing-library/react';
import type { CarePlan } from 'fhir-portal-kit';
import { FhirProvider } from 'fhir-portal-kit/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestClient, fhirJson } from '../../../../src/react/test-utils';
import { PortalQuestionnaires } from '../questionnaires';
import { ActionItemPage } from './ActionItemPage';

const plan = (activity?: CarePlan['activity']): CarePlan => ({
  resourceType: 'CarePlan',
  id: 'screening',
  status: 'draft',
  intent: 'plan',
  title: 'Complete the AHC HRSN screening',
  description: 'Fill in the social needs screening questionnaire.',
  subject: { reference: 'Patient/homer' },
  activity,
});

function renderItem(carePlan: CarePlan) {
  const { client } = createTestClient(() => fhirJson(carePlan));
  render(
    <FhirProvider client={client}>
      <MemoryRouter initialEntries={['/care-plan/action-items/screening']}>
        <Routes>
          <Route path="/care-plan/action-items/:itemId" element={<ActionItemPage />} />
        </Routes>
      </MemoryRouter>
    </FhirProvider>
  );
}

describe('a care plan action item', () => {
  describe('when its activity is the screening questionnaire', () => {
    it('links to the screening form', async () => {
      renderItem(
        plan([
          {
            detail: {
              kind: 'Task',
              instantiatesCanonical: [`${PortalQuestionnaires.screening}|1.0`],
              status: 'not-started',
            },
          },
        ])
      );
      const link = await screen.findByRole('link', { name: 'Open the screening form' });
      expect(link).toHaveAttribute('href', '/screening-questionnaire');
    });
  });

  describe('when it names no form', () => {
    it('has no form link', async () => {
      renderItem(plan());
      await screen.findByRole('heading', { level: 1, name: 'Complete the AHC HRSN screening' });
      expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Back to Action Items']);
    });
  });
});
