import { render, screen } from '@testing-library/react';
import { FhirProvider } from 'fhir-portal-kit/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestClient, fhirJson } from '../../../../src/react/test-utils';
import type { DisplayLanguage } from '../i18n/languages';
import { LanguageContext } from '../i18n/LanguageContext';
import { ScreeningPage } from './ScreeningPage';

function renderScreening(language: DisplayLanguage) {
  // The server holds no questionnaire with the screening's url.
  const { client } = createTestClient(() => fhirJson({ resourceType: 'Bundle', type: 'searchset', entry: [] }));
  render(
    <LanguageContext.Provider value={{ language, setLanguage() {} }}>
      <FhirProvider client={client}>
        <MemoryRouter>
          <ScreeningPage />
        </MemoryRouter>
      </FhirProvider>
    </LanguageContext.Provider>
  );
}

describe('a fixed questionnaire route the server has no questionnaire for', () => {
  it('says so in Spanish', async () => {
    renderScreening('es');
    expect(await screen.findByRole('alert')).toHaveTextContent('Este cuestionario no está disponible.');
  });

  it('says so in Arabic', async () => {
    renderScreening('ar');
    expect(await screen.findByRole('alert')).toHaveTextContent('هذا الاستبيان غير متاح.');
  });
});
