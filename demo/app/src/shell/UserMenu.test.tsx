import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FhirProvider } from 'fhir-portal-kit/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createTestClient, fhirJson } from '../../../../src/react/test-utils';
import { LanguageContext } from '../i18n/LanguageContext';
import { UserMenu } from './UserMenu';

describe('UserMenu', () => {
  describe('when the portal is in Spanish', () => {
    it('names its links in Spanish and offers the language switcher, operable by keyboard', async () => {
      const user = userEvent.setup();
      const setLanguage = vi.fn();
      const { client } = createTestClient(() => fhirJson({}));
      render(
        <FhirProvider client={client}>
          <MemoryRouter>
            <LanguageContext.Provider value={{ language: 'es', setLanguage }}>
              <UserMenu profile={undefined} />
            </LanguageContext.Provider>
          </MemoryRouter>
        </FhirProvider>
      );
      await user.tab();
      const button = screen.getByRole('button', { name: 'Su cuenta' });
      expect(button).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(button).toHaveAttribute('aria-expanded', 'true');
      const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
      expect(
        within(menu)
          .getAllByRole('link')
          .map((link) => link.textContent)
      ).toEqual(['Su perfil', 'Configuración', 'Cerrar sesión']);

      // Past the three links, to the switcher.
      for (let i = 0; i < 4; i++) await user.tab();
      const select = within(menu).getByRole('combobox', { name: 'Idioma' });
      expect(select).toHaveFocus();
      expect(select).toHaveValue('es');
      await user.selectOptions(select, 'العربية');
      expect(setLanguage).toHaveBeenCalledWith('ar');
    });
  });
});
