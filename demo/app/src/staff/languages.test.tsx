import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bundle, FhirClient } from 'fhir-portal-kit';
import { FhirProvider, formatCount } from 'fhir-portal-kit/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createTestClient, fhirJson } from '../../../../src/react/test-utils';
import type { DisplayLanguage } from '../i18n/languages';
import { LanguageContext } from '../i18n/LanguageContext';
import { MessagesPage } from '../messages/MessagesPage';
import { DeclineRenewalDialog } from './DeclineRenewalDialog';
import { PatientsPage } from './PatientsPage';
import { staffText } from './text';

const EMPTY: Bundle = { resourceType: 'Bundle', type: 'searchset', entry: [] };

function renderIn(
  language: DisplayLanguage,
  ui: ReactNode,
  client: FhirClient = createTestClient(() => fhirJson(EMPTY)).client
) {
  render(
    <LanguageContext.Provider value={{ language, setLanguage() {} }}>
      <FhirProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </FhirProvider>
    </LanguageContext.Provider>
  );
}

describe('the staff area and messages in Spanish', () => {
  it('titles the patients table, its search box and its Phone column in Spanish', async () => {
    const client = { search: vi.fn(async () => EMPTY) } as unknown as FhirClient;
    renderIn('es', <PatientsPage />, client);
    expect(screen.getByRole('heading', { level: 1, name: 'Pacientes' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar por nombre' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: /Teléfono/ })).toBeInTheDocument();
  });

  it('says in Spanish that there is no one to message', async () => {
    renderIn('es', <MessagesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeInTheDocument();
    expect(await screen.findByText('No se encontraron profesionales.')).toBeInTheDocument();
  });
});

describe('the staff area in Arabic', () => {
  it('asks the reason for declining a renewal in Arabic and refuses an empty one', async () => {
    const user = userEvent.setup();
    const onDecline = vi.fn(async () => {});
    renderIn('ar', <DeclineRenewalDialog what="Lisinopril للمريض Homer Simpson" onDecline={onDecline} />);
    await user.click(screen.getByRole('button', { name: 'ارفض تجديد Lisinopril للمريض Homer Simpson' }));
    const dialog = screen.getByRole('dialog', { name: 'رفض التجديد' });
    await user.click(within(dialog).getByRole('button', { name: 'ارفض التجديد' }));
    expect(within(dialog).getByLabelText('السبب')).toHaveAccessibleDescription('أدخل السبب الذي سيقرؤه المريض.');
    expect(onDecline).not.toHaveBeenCalled();
  });

  it("counts unread messages with Arabic's plural forms", () => {
    const unread = staffText.ar.unreadCount;
    expect([0, 1, 2, 3, 11, 100].map(unread)).toEqual([
      'لا توجد رسائل غير مقروءة',
      'رسالة واحدة غير مقروءة',
      'رسالتان غير مقروءتين',
      // Digits as the locale writes them (Arabic-Indic or Latin, by the ICU's data for 'ar').
      `${formatCount('ar', 3)} رسائل غير مقروءة`,
      `${formatCount('ar', 11)} رسالة غير مقروءة`,
      `${formatCount('ar', 100)} رسالة غير مقروءة`,
    ]);
  });
});
